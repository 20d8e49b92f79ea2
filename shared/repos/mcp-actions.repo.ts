import { z } from 'zod';
import type { DbOrTrx } from '../db/knex';
import { jsonColumn, jsonObjectSchema } from '../db/json-column';

/** Pending actions of MCP agents (migration 040-mcp.ts); every read and change is scoped by tenant. */
export const MCP_ACTION_TOOLS = ['CREATE_JOB', 'REVIEW_REFERRALS', 'CHANGE_PROGRAM'] as const;
export type McpActionTool = (typeof MCP_ACTION_TOOLS)[number];
export const MCP_ACTION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'APPLIED', 'FAILED'] as const;
export type McpActionStatus = (typeof MCP_ACTION_STATUSES)[number];

export interface McpActionRow {
  id: string;
  tenant_id: string;
  api_key_id: string;
  api_key_prefix: string;
  tool: McpActionTool;
  input: Record<string, unknown>;
  summary: string;
  status: McpActionStatus;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
  result: unknown;
  created_at: Date;
}

const readInput = jsonColumn('mcp_pending_actions', 'input', jsonObjectSchema);
const readResult = jsonColumn('mcp_pending_actions', 'result', z.unknown());

function toRow<R extends McpActionRow | undefined>(row: R): R {
  if (row) {
    row.input = readInput(row.input, row.id);
    row.result = readResult(row.result, row.id);
  }
  return row;
}

export function createMcpActionsRepo(db: DbOrTrx) {
  const table = () => db<McpActionRow>('mcp_pending_actions');
  return {
    async insert(
      action: Pick<
        McpActionRow,
        'id' | 'tenant_id' | 'api_key_id' | 'api_key_prefix' | 'tool' | 'summary'
      > & {
        input: Record<string, unknown>;
      },
    ): Promise<McpActionRow> {
      const [row] = await table()
        .insert({ ...action, input: JSON.stringify(action.input) } as never)
        .returning('*');
      return toRow(row!);
    },

    async find(tenantId: string, id: string): Promise<McpActionRow | undefined> {
      return toRow(await table().where({ tenant_id: tenantId, id }).first());
    },

    /** Newest first, at most `limit`; all statuses when status is null. */
    async list(tenantId: string, status: McpActionStatus | null, limit: number): Promise<McpActionRow[]> {
      const query = table().where({ tenant_id: tenantId });
      if (status) void query.andWhere({ status });
      const rows = await query
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit);
      return rows.map((row) => toRow(row));
    },

    /**
     * PENDING → `to` in one conditional statement: of concurrent deciders exactly one gets the row,
     * the others undefined.
     */
    async decide(
      tenantId: string,
      id: string,
      to: 'APPROVED' | 'REJECTED',
      by: string,
      reason: string | null,
    ): Promise<McpActionRow | undefined> {
      const [row] = await table()
        .where({ tenant_id: tenantId, id, status: 'PENDING' })
        .update({ status: to, decided_by: by, decided_at: db.raw('clock_timestamp()'), reason } as never)
        .returning('*');
      return toRow(row);
    },

    /** APPROVED → PENDING again, when running it met an outage: it may be approved again. */
    async release(tenantId: string, id: string): Promise<void> {
      await table()
        .where({ tenant_id: tenantId, id, status: 'APPROVED' })
        .update({ status: 'PENDING', decided_by: null, decided_at: null } as never);
    },

    /** APPROVED → APPLIED or FAILED, with what the action answered. */
    async finish(
      tenantId: string,
      id: string,
      status: 'APPLIED' | 'FAILED',
      result: unknown,
    ): Promise<McpActionRow | undefined> {
      const [row] = await table()
        .where({ tenant_id: tenantId, id, status: 'APPROVED' })
        .update({ status, result: JSON.stringify(result ?? null) } as never)
        .returning('*');
      return toRow(row);
    },
  };
}
