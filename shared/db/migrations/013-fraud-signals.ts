import type { Knex } from 'knex';

/**
 * Reward integrity, first part: every referral keeps the fraud signals found at its
 * attribution (a JSON list of `{ signal, evidence }`), and the program sets how many attributions to one
 * referrer within an hour count as normal (null: no velocity limit, the VELOCITY signal never fires).
 * The clients users identified from are kept for the SAME_CLIENT signal.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('referrals', (t) => {
    t.jsonb('fraud_signals').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
  });
  await knex.schema.alterTable('tenants', (t) => {
    t.integer('max_attributions_per_referrer_per_hour');
    // [{ signal, action }]: what a signal does to an attribution (none listed: ALLOW).
    t.jsonb('fraud_policy').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
  });
  await knex.raw(
    'alter table tenants add constraint tenants_max_attributions_check check (max_attributions_per_referrer_per_hour between 1 and 100000)',
  );

  // The clients a user identified from (SAME_CLIENT): the browser's address (user-JWT requests only)
  // and the browser library's first-party device id, one row per user and client, last seen refreshed.
  await knex.schema.createTable('user_clients', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('account_id').notNullable();
    t.text('user_id').notNullable();
    t.text('kind').notNullable();
    t.text('value').notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable();
    t.primary(['tenant_id', 'account_id', 'user_id', 'kind', 'value']);
  });
  await knex.raw(
    "alter table user_clients add constraint user_clients_kind_check check (kind in ('ADDRESS', 'DEVICE'))",
  );
  // The pruner deletes rows past the 30 days SAME_CLIENT looks at, oldest first.
  await knex.raw('create index user_clients_last_seen_idx on user_clients (last_seen_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_clients');
  await knex.raw('alter table tenants drop constraint tenants_max_attributions_check');
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumn('max_attributions_per_referrer_per_hour');
    t.dropColumn('fraud_policy');
  });
  await knex.schema.alterTable('referrals', (t) => t.dropColumn('fraud_signals'));
}
