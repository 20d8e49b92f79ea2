import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { recordAudit } from '../../../shared/domain/common/audit-log';
import { recordPendingAction, type McpActionTool } from '../../../shared/domain/mcp/pending-actions';
import { programPatchSchema } from '../../../shared/domain/tenants/program';
import { AppError } from '../../../shared/errors';
import { createJob, jobInputSchema, validateJob } from '../../../shared/use-cases/import-jobs';
import { changeProgramInputSchema } from '../../../shared/use-cases/mcp-actions';
import { reviewReferralsArgsSchema } from '../../../shared/use-cases/review-referrals';
import { parseInput } from '../../../shared/validation';
import { guarded, jsonResult, type McpToolContext } from './tool-result';

/** Export jobs (`QUERY/…`) only read: they run at once. Every other job type imports, so it waits. */
const isExport = (type: string) => type.startsWith('QUERY/');

/** Stores the change as a pending action (audited) and tells the agent it waits for a person. */
async function pending(
  ctx: McpToolContext,
  tool: McpActionTool,
  input: Record<string, unknown>,
  summary: string,
) {
  const action = await recordPendingAction(
    ctx.deps.db,
    ctx.tenant.id,
    { keyId: ctx.key.keyId, prefix: ctx.key.prefix, client: ctx.client },
    { tool, input, summary },
  );
  return jsonResult({
    message: `pending action ${action.id} awaits approval by an owner or admin in the portal (Agent actions); nothing has changed yet`,
    actionId: action.id,
    status: action.status,
    summary: action.summary,
  });
}

const list = (ids: readonly string[]) =>
  ids.length <= 5 ? ids.join(', ') : `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more`;

/**
 * The write tools, only for a key with MCP_WRITE. A review decision, an import and a program change
 * move money or decide something, so each becomes a pending action that an OWNER or ADMIN approves in
 * the portal (shared/use-cases/mcp-actions.ts runs it then); an export job only reads and runs at once.
 * Inputs are checked now with the use case's own schema, so an agent learns of a bad field at once.
 */
export function registerWriteTools(server: McpServer, ctx: McpToolContext): void {
  server.registerTool(
    'create_job',
    {
      title: 'Create an import or export job',
      description:
        'An export (type QUERY/REFERRALS, QUERY/REWARDS, QUERY/PAYOUTS, …, outputFormat CSV, optional filters) starts at once and needs no file. An import runs an uploaded file (fileRef from the file upload) of a MUTATION/… type and becomes a pending action that an owner or admin approves in the portal. Follow either with job_status.',
      inputSchema: {
        type: z.string().describe('the job type: MUTATION/… (imports) or QUERY/… (exports)'),
        fileRef: z.string().optional().describe("an import's uploaded file"),
        name: z.string().optional().describe('a name for the job'),
        outputFormat: z.string().optional().describe('CSV (exports)'),
        filters: z
          .object({
            from: z.string().optional(),
            to: z.string().optional(),
            status: z.string().optional(),
            programId: z.string().optional(),
          })
          .optional()
          .describe("an export's filters: createdAt from (inclusive) and to (exclusive), status, programId"),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    (args) =>
      guarded(ctx, 'create_job', async () => {
        const input = parseInput(jobInputSchema, args);
        if (isExport(input.type)) {
          const job = await createJob(ctx.deps, ctx.tenant, input, 'API');
          await recordAudit(ctx.deps.db, {
            tenantId: ctx.tenant.id,
            operator: null,
            actor: { kind: 'apiKey', label: ctx.key.prefix },
            client: ctx.client,
            action: 'mcp.createJob',
            target: job.id,
            details: { ...input },
          });
          return jsonResult(job);
        }
        const problems = await validateJob(ctx.deps.storage, ctx.tenant.alias, input);
        if (problems.length > 0) {
          throw new AppError('VALIDATION_FAILED', `The job cannot run: ${problems.slice(0, 10).join('; ')}`);
        }
        const summary = `Import the file ${input.fileRef} as a ${input.type} job${input.name ? ` named "${input.name}"` : ''}`;
        return pending(ctx, 'CREATE_JOB', stripNulls(args), summary);
      }),
  );

  server.registerTool(
    'review_referrals',
    {
      title: 'Approve or deny referrals awaiting review',
      description:
        'Asks to approve or deny 1 to 100 referrals held for review, with a reason. Becomes a pending action; the decision applies only once an owner or admin approves it in the portal.',
      inputSchema: {
        ids: z.array(z.string()).describe('referral ids (UUIDs)'),
        decision: z.enum(['APPROVE', 'DENY']),
        reason: z.string().describe("why, as the review's reason (1 to 500 characters)"),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(ctx, 'review_referrals', async () => {
        const input = parseInput(reviewReferralsArgsSchema, args);
        const verb = input.decision === 'APPROVE' ? 'Approve' : 'Deny';
        const n = input.ids.length;
        const summary = `${verb} ${n} referral${n === 1 ? '' : 's'} awaiting review (${list(input.ids)}): "${input.reason}"`;
        return pending(ctx, 'REVIEW_REFERRALS', input, summary);
      }),
  );

  server.registerTool(
    'change_program',
    {
      title: 'Change a program',
      description: `Asks to change a program's settings (the default program without programId). Becomes a pending action an owner or admin approves in the portal. changes takes the fields of the API's ProgramInput (docs/programs.md): ${Object.keys(programPatchSchema.shape).join(', ')}.`,
      inputSchema: {
        programId: z.string().optional().describe('default, or prg_…; omit for the default program'),
        changes: z.record(z.string(), z.unknown()).describe('the settings to change, by name'),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(ctx, 'change_program', async () => {
        const input = parseInput(changeProgramInputSchema, args);
        if (Object.keys(input.changes).length === 0) {
          throw new AppError('VALIDATION_FAILED', 'changes: name at least one setting');
        }
        const fields = Object.entries(input.changes)
          .map(([name, value]) => `${name} → ${JSON.stringify(value)}`)
          .join('; ');
        const summary = `Change program ${input.programId ?? 'default'}: ${fields}`;
        return pending(ctx, 'CHANGE_PROGRAM', stripNulls(args), summary);
      }),
  );
}

/** The agent's input as given (validated above; checked again when it runs), without empty members. */
function stripNulls(input: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
}
