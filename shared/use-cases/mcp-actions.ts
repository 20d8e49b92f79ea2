import { z } from 'zod';
import type { Db } from '../db/knex';
import {
  decideMcpAction,
  finishMcpAction,
  presentMcpAction,
  releaseMcpAction,
  rejectReasonSchema,
  type McpActionTool,
  type McpActionView,
} from '../domain/mcp/pending-actions';
import { programIdSchema } from '../domain/programs/program-state';
import { updateProgramById } from '../domain/programs/programs';
import { programPatchSchema } from '../domain/tenants/program';
import { AppError } from '../errors';
import { parseInput } from '../validation';
import { createJob, jobInputSchema, type JobServiceDeps } from './import-jobs';
import { reviewReferrals, reviewReferralsArgsSchema, type ReviewDeps } from './review-referrals';
import type { TenantRef } from './use-case-deps';

/** A program change an agent asks for: the program (the default without one) and ProgramInput's settings. */
export const changeProgramInputSchema = z.strictObject({
  programId: programIdSchema.nullish(),
  changes: programPatchSchema,
});

/** What each pending tool's stored input is, checked again when it runs. */
export const PENDING_INPUTS = {
  CREATE_JOB: jobInputSchema,
  REVIEW_REFERRALS: reviewReferralsArgsSchema,
  CHANGE_PROGRAM: changeProgramInputSchema,
} satisfies Record<McpActionTool, z.ZodType>;

export type McpActionDeps = JobServiceDeps & ReviewDeps & { db: Db };

/** Runs an approved action through the same use case or domain function the API uses. */
async function run(
  deps: McpActionDeps,
  tenant: TenantRef,
  action: { id: string; tool: McpActionTool; input: Record<string, unknown>; prefix: string },
  approver: string,
): Promise<unknown> {
  switch (action.tool) {
    case 'CREATE_JOB': {
      const input = parseInput(jobInputSchema, action.input);
      // Keyed by the action, so the job is created once even if this ran again.
      return createJob(deps, tenant, { ...input, idempotencyKey: `mcp-action-${action.id}` }, 'API');
    }
    case 'REVIEW_REFERRALS': {
      const input = parseInput(reviewReferralsArgsSchema, action.input);
      const results = await reviewReferrals(
        deps,
        tenant,
        input,
        `${approver} (asked by agent key ${action.prefix})`,
      );
      return results.map(({ id, outcome }) => ({ id, outcome }));
    }
    case 'CHANGE_PROGRAM': {
      const input = parseInput(changeProgramInputSchema, action.input);
      const program = await deps.db.transaction((trx) =>
        updateProgramById(trx, tenant.id, input.programId ?? undefined, input.changes),
      );
      return { programId: program.id };
    }
  }
}

/**
 * An OWNER or ADMIN approves a pending action: PENDING → APPROVED in one conditional statement (so of
 * two concurrent approvals exactly one runs it; the other is 409), then it runs once through the same
 * use case as the API, and the action ends APPLIED with its answer or FAILED with the refusal (an
 * outage makes it PENDING again: releaseMcpAction).
 */
export async function approveMcpAction(
  deps: McpActionDeps,
  tenant: TenantRef,
  id: string,
  approver: string,
): Promise<McpActionView> {
  const row = await decideMcpAction(deps.db, tenant.id, id, { to: 'APPROVED', by: approver, reason: null });
  try {
    const result = await run(
      deps,
      tenant,
      { id: row.id, tool: row.tool, input: row.input, prefix: row.api_key_prefix },
      approver,
    );
    return await finishMcpAction(deps.db, tenant.id, row.id, 'APPLIED', result);
  } catch (err) {
    // A refusal (the state moved on, the file is gone) is the action's outcome. An outage or a fault of
    // ours is not: the action is PENDING again and the error goes to the approver, who may retry.
    if (!(err instanceof AppError) || err.statusCode >= 500) {
      await releaseMcpAction(deps.db, tenant.id, row.id);
      throw err;
    }
    return finishMcpAction(deps.db, tenant.id, row.id, 'FAILED', {
      code: err.apiErrorCode,
      message: err.message,
    });
  }
}

/** An OWNER or ADMIN rejects a pending action, with a reason: it never runs. */
export async function rejectMcpAction(
  db: Db,
  tenant: TenantRef,
  id: string,
  decision: { by: string; reason: string },
): Promise<McpActionView> {
  const reason = parseInput(z.object({ reason: rejectReasonSchema }), { reason: decision.reason }).reason;
  const row = await decideMcpAction(db, tenant.id, id, { to: 'REJECTED', by: decision.by, reason });
  return presentMcpAction(row);
}
