import type { Knex } from 'knex';

/**
 * The MCP server (services/gateway/mcp, docs/mcp.md): an agent's write that moves money or decides a
 * review is stored as a pending action, which an OWNER or ADMIN approves or rejects in the portal; only
 * an approved action runs, once (the PENDING → APPROVED step is one conditional UPDATE).
 * An MCP key is an ordinary `api_keys` row with the scope `MCP_READ` (and `MCP_WRITE` when granted).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mcp_pending_actions', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.uuid('api_key_id').notNullable();
    t.text('api_key_prefix').notNullable();
    t.text('tool').notNullable().checkIn(['CREATE_JOB', 'REVIEW_REFERRALS', 'CHANGE_PROGRAM']);
    t.jsonb('input').notNullable();
    t.text('summary').notNullable();
    t.text('status')
      .notNullable()
      .defaultTo('PENDING')
      .checkIn(['PENDING', 'APPROVED', 'REJECTED', 'APPLIED', 'FAILED']);
    t.text('decided_by');
    t.timestamp('decided_at', { useTz: true });
    t.text('reason');
    t.jsonb('result');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.index(['tenant_id', 'status', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mcp_pending_actions');
}
