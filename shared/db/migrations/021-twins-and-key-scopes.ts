import type { Knex } from 'knex';

/**
 * findings 1 and 2.
 * - Twins: an operator of `acme` and one of `test_acme` are the same person only when their rows are
 *   linked (`twin_operator_id`, each naming the other): by the service when it makes both (the demo, the
 *   `operator:create` CLI) or by the operator proving the other twin's password. Matching e-mails alone
 *   no longer lets a session cross. A session opened by a switch carries `role_cap`, the role held where
 *   the operator signed in, so a switch never grants more than that.
 * - API keys carry scopes beyond the data and program API (`TEAM`, `KEYS`) and who created them. Keys
 *   that existed before get no scope: an old key can no longer change the team or mint keys.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('operators', (t) => {
    t.uuid('twin_operator_id').references('id').inTable('operators').onDelete('SET NULL');
  });
  await knex.schema.alterTable('operator_sessions', (t) => {
    t.text('role_cap').checkIn(['OWNER', 'ADMIN', 'VIEWER']);
  });
  await knex.schema.alterTable('api_keys', (t) => {
    t.specificType('scopes', 'text[]').notNullable().defaultTo('{}');
    t.text('created_by');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('api_keys', (t) => {
    t.dropColumn('created_by');
    t.dropColumn('scopes');
  });
  await knex.schema.alterTable('operator_sessions', (t) => {
    t.dropColumn('role_cap');
  });
  await knex.schema.alterTable('operators', (t) => {
    t.dropColumn('twin_operator_id');
  });
}
