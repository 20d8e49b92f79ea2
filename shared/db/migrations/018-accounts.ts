import type { Knex } from 'knex';

/**
 * operators' accounts.
 * - `operator_access_links`: one-time links to set a password (an invitation, or an OWNER's or the CLI's
 *   reset). Only the SHA-256 of the token is stored; a link is consumed once, expires, and issuing a new
 *   one for the operator removes the old. An operator whose password_hash is not a scrypt hash (see
 *   shared/domain/operators/passwords.ts) has no usable password: a pending invitee or an operator whose access
 *   was reset.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('operator_access_links', (t) => {
    t.binary('token_hash').primary();
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.uuid('operator_id').notNullable().references('id').inTable('operators').onDelete('CASCADE');
    t.text('purpose').notNullable().checkIn(['invite', 'reset']);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.unique(['operator_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('operator_access_links');
}
