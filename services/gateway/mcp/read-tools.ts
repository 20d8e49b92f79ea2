import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { accountListArgsSchema, searchAccounts } from '../../../shared/domain/accounts/account-search';
import { getDashboard } from '../../../shared/domain/analytics/dashboard';
import { dayRangeSchema } from '../../../shared/domain/common/calendar-days';
import { getMcpAction } from '../../../shared/domain/mcp/pending-actions';
import { explainReferralRewards } from '../../../shared/domain/programs/reward-explanations';
import { reviewQueueArgsSchema, searchReferrals } from '../../../shared/domain/referrals/referral-search';
import { AppError } from '../../../shared/errors';
import { jobIdSchema } from '../../../shared/ids';
import { getJob, listJobs } from '../../../shared/use-cases/import-jobs';
import { parseInput } from '../../../shared/validation';
import { guarded, jsonResult, type McpToolContext } from './tool-result';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } as const;

/**
 * The read tools every MCP key has (MCP_READ). Each validates its input with the schema the portal's
 * GraphQL field uses and calls the same domain function or use case, so an agent reads what an
 * operator sees.
 */
export function registerReadTools(server: McpServer, ctx: McpToolContext): void {
  const { db } = ctx.deps;
  const tenantId = ctx.tenant.id;

  server.registerTool(
    'find_people',
    {
      title: 'Find a referrer or an account',
      description:
        "Searches the program's accounts by part of a name, e-mail, account or user id, or share code (any case, best matches first). Answers each account's id, e-mail, name, users and referrals made.",
      inputSchema: {
        query: z.string().describe('what to look for, e.g. "ada" or "ADA-42"'),
        first: z.number().int().optional().describe('how many, 1 to 100 (default 10)'),
      },
      annotations: READ_ONLY,
    },
    (args) =>
      guarded(ctx, 'find_people', async () => {
        const input = parseInput(accountListArgsSchema, { query: args.query, first: args.first ?? 10 });
        if (!input.query) throw new AppError('VALIDATION_FAILED', 'query: must not be empty');
        const page = await searchAccounts(db, tenantId, input);
        return jsonResult({ accounts: page.items, more: page.hasNextPage });
      }),
  );

  server.registerTool(
    'program_statistics',
    {
      title: 'Program statistics for a period',
      description:
        "The dashboard's numbers for UTC days from..to (YYYY-MM-DD, both included, at most 366 days): referrals, conversions, rewards, revenue, a daily series and the top referrers.",
      inputSchema: {
        from: z.string().describe('first UTC day, YYYY-MM-DD'),
        to: z.string().describe('last UTC day, YYYY-MM-DD'),
      },
      annotations: READ_ONLY,
    },
    (args) =>
      guarded(ctx, 'program_statistics', async () => {
        const range = parseInput(dayRangeSchema, args);
        return jsonResult(await getDashboard(db, tenantId, range));
      }),
  );

  server.registerTool(
    'referrals_awaiting_review',
    {
      title: 'Referrals awaiting review',
      description:
        "Referrals the fraud policy held for an operator's review, newest first, with their fraud signals, people and rewards. `after` is the previous answer's endCursor.",
      inputSchema: {
        query: z.string().optional().describe('narrow by part of a name, e-mail, id or code'),
        first: z.number().int().optional().describe('how many, 1 to 100 (default 25)'),
        after: z.string().optional().describe('the endCursor of the previous page'),
      },
      annotations: READ_ONLY,
    },
    (args) =>
      guarded(ctx, 'referrals_awaiting_review', async () => {
        const input = parseInput(reviewQueueArgsSchema, { ...args, first: args.first ?? 25 });
        const page = await searchReferrals(db, tenantId, { ...input, review: 'PENDING' });
        return jsonResult({ referrals: page.items, endCursor: page.endCursor, more: page.hasNextPage });
      }),
  );

  server.registerTool(
    'explain_referral_rewards',
    {
      title: "Explain a referral's rewards",
      description:
        'Why a referral gave the rewards it gave, or why not yet, one sentence per reward rule and side, as the portal shows it.',
      inputSchema: { referralId: z.string().describe('the referral id (a UUID)') },
      annotations: READ_ONLY,
    },
    (args) =>
      guarded(ctx, 'explain_referral_rewards', async () => {
        const { referralId } = parseInput(
          z.strictObject({ referralId: z.uuid({ message: 'must be a referral id' }) }),
          args,
        );
        return jsonResult(await explainReferralRewards(db, tenantId, referralId));
      }),
  );

  server.registerTool(
    'job_status',
    {
      title: 'Job status',
      description:
        'One import or export job (its status, counts and result file), or without jobId the 10 newest jobs.',
      inputSchema: { jobId: z.string().optional().describe('the job id; omit for the newest jobs') },
      annotations: READ_ONLY,
    },
    (args) =>
      guarded(ctx, 'job_status', async () => {
        if (args.jobId === undefined) return jsonResult(await listJobs(db, tenantId, { limit: 10 }));
        const { id } = parseInput(z.object({ id: jobIdSchema }), { id: args.jobId }, 'jobId');
        const job = await getJob(db, tenantId, id);
        if (!job) throw new AppError('NOT_FOUND', 'jobId: no such job');
        return jsonResult(job);
      }),
  );

  server.registerTool(
    'agent_action_status',
    {
      title: "A pending action's status",
      description:
        'Where one of the changes an agent asked for stands: PENDING (awaiting an owner or admin), APPROVED, APPLIED (with its result), REJECTED (with the reason) or FAILED.',
      inputSchema: { actionId: z.string().describe('the id a write tool answered') },
      annotations: READ_ONLY,
    },
    (args) =>
      guarded(ctx, 'agent_action_status', async () => {
        const { actionId } = parseInput(
          z.object({ actionId: z.uuid({ message: 'must be an action id a write tool answered' }) }),
          args,
        );
        return jsonResult(await getMcpAction(db, tenantId, actionId));
      }),
  );
}
