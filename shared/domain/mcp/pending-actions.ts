import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import {
  createMcpActionsRepo,
  MCP_ACTION_STATUSES,
  type McpActionRow,
  type McpActionStatus,
  type McpActionTool,
} from '../../repos/mcp-actions.repo';
import { parseInput, textSchema } from '../../validation';
import { recordAudit, type AuditClient } from '../common/audit-log';

export { MCP_ACTION_STATUSES, MCP_ACTION_TOOLS } from '../../repos/mcp-actions.repo';
export type { McpActionStatus, McpActionTool } from '../../repos/mcp-actions.repo';

/**
 * An AI agent's change that moves money or decides a review (docs/mcp.md "Pending actions"): stored
 * here with the agent's key and a summary in words, shown in the portal's "Agent actions", and run
 * only once an OWNER or ADMIN approves it (shared/use-cases/mcp-actions.ts).
 */
export interface McpActionView {
  id: string;
  tool: McpActionTool;
  /** What it will do, in words, for the approver. */
  summary: string;
  /** The tool's input as the agent gave it (validated). */
  input: Record<string, unknown>;
  status: McpActionStatus;
  /** The MCP key that asked, by its prefix. */
  requestedBy: string;
  dateCreated: number;
  /** The operator's e-mail who approved or rejected it. */
  decidedBy: string | null;
  dateDecided: number | null;
  /** A rejection's reason. */
  reason: string | null;
  /** What running it answered (APPLIED) or why it failed (FAILED). */
  result: unknown;
}

export function presentMcpAction(row: McpActionRow): McpActionView {
  return {
    id: row.id,
    tool: row.tool,
    summary: row.summary,
    input: row.input,
    status: row.status,
    requestedBy: row.api_key_prefix,
    dateCreated: row.created_at.getTime(),
    decidedBy: row.decided_by,
    dateDecided: row.decided_at?.getTime() ?? null,
    reason: row.reason,
    result: row.result ?? null,
  };
}

/** An agent's request in the audit log (audit-sentence.ts reads it as a sentence). */
export const AUDIT_ACTIONS: Record<McpActionTool, string> = {
  CREATE_JOB: 'mcp.createJob',
  REVIEW_REFERRALS: 'mcp.reviewReferrals',
  CHANGE_PROGRAM: 'mcp.changeProgram',
};

/** The MCP key asking, as the audit log and the action name it. */
export interface McpRequester {
  keyId: string;
  prefix: string;
  client?: AuditClient;
}

/**
 * Stores a pending action and its audit entry (`mcp.<tool>`, actor: the key's prefix) in one
 * transaction; nothing else changes until an OWNER or ADMIN approves it.
 */
export async function recordPendingAction(
  db: Db,
  tenantId: string,
  requester: McpRequester,
  action: { tool: McpActionTool; input: Record<string, unknown>; summary: string },
): Promise<McpActionView> {
  return db.transaction(async (trx) => {
    const row = await createMcpActionsRepo(trx).insert({
      id: crypto.randomUUID(),
      tenant_id: tenantId,
      api_key_id: requester.keyId,
      api_key_prefix: requester.prefix,
      tool: action.tool,
      input: action.input,
      summary: action.summary,
    });
    await recordAudit(trx, {
      tenantId,
      operator: null,
      actor: { kind: 'apiKey', label: requester.prefix },
      client: requester.client,
      action: AUDIT_ACTIONS[action.tool],
      target: row.id,
      details: { pending: true, ...action.input },
    });
    return presentMcpAction(row);
  });
}

export const mcpActionListSchema = z.object({
  status: z.enum(MCP_ACTION_STATUSES).nullish(),
  first: z.int().min(1).max(200).nullish(),
});

/** The tenant's actions, newest first (PENDING ones by default). */
export async function listMcpActions(
  db: Db,
  tenantId: string,
  args: z.input<typeof mcpActionListSchema>,
): Promise<McpActionView[]> {
  const { status, first } = parseInput(mcpActionListSchema, args);
  const rows = await createMcpActionsRepo(db).list(tenantId, status ?? null, first ?? 50);
  return rows.map(presentMcpAction);
}

export const mcpActionIdSchema = z.object({ id: z.uuid({ message: 'must be an agent action id' }) });

/** One of the tenant's actions; another tenant's id, like an unknown one, is NOT_FOUND. */
export async function getMcpAction(db: Db, tenantId: string, id: string): Promise<McpActionView> {
  const input = parseInput(mcpActionIdSchema, { id });
  const row = await createMcpActionsRepo(db).find(tenantId, input.id);
  if (!row) throw new AppError('NOT_FOUND', 'No such agent action');
  return presentMcpAction(row);
}

export const rejectReasonSchema = textSchema(500, { min: 1, trim: true });

/**
 * PENDING → APPROVED or REJECTED, once: of concurrent decisions one wins, the others are refused
 * (409 CONFLICT), as is deciding an action already decided. Answers the row it now is.
 */
export async function decideMcpAction(
  db: Db,
  tenantId: string,
  id: string,
  decision: { to: 'APPROVED' | 'REJECTED'; by: string; reason: string | null },
): Promise<McpActionRow> {
  const current = await getMcpAction(db, tenantId, id);
  const row = await createMcpActionsRepo(db).decide(
    tenantId,
    current.id,
    decision.to,
    decision.by,
    decision.reason,
  );
  if (!row) {
    const now = await getMcpAction(db, tenantId, id);
    throw new AppError(
      'CONFLICT',
      `The agent action is ${now.status} already; only a PENDING one is decided`,
    );
  }
  return row;
}

/**
 * An approved action that could not run for a reason of ours (an outage, not a refusal) is PENDING
 * again, so an OWNER or ADMIN may approve it once more: running it twice is safe, as each kind of action
 * is applied once by its key (the job id derives from the action, a decided review stays decided, a
 * program change sets the same values).
 */
export async function releaseMcpAction(db: Db, tenantId: string, id: string): Promise<void> {
  await createMcpActionsRepo(db).release(tenantId, id);
}

/** Records how running an approved action went (APPLIED with its answer, or FAILED with the reason). */
export async function finishMcpAction(
  db: Db,
  tenantId: string,
  id: string,
  status: 'APPLIED' | 'FAILED',
  result: unknown,
): Promise<McpActionView> {
  const row = await createMcpActionsRepo(db).finish(tenantId, id, status, result);
  if (!row) throw new AppError('CONFLICT', 'The agent action is not approved');
  return presentMcpAction(row);
}
