import type { Knex } from 'knex';

/**
 * Hardening: per-tenant rate-limit overrides and the "user JWTs must expire" setting, both read
 * with the tenant row the gateway cache holds (so a change reaches every gateway at commit, like a key
 * revocation); and REJECTED for processor notifications that verified but could not be parsed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    // Null: the gateway's RATE_LIMIT_RPS / RATE_LIMIT_BURST.
    t.integer('rate_limit_rps').nullable();
    t.integer('rate_limit_burst').nullable();
    t.boolean('require_user_jwt_exp').notNullable().defaultTo(false);
  });
  await knex.raw(
    'alter table tenants add constraint tenants_rate_limit_positive check (coalesce(rate_limit_rps, 1) > 0 and coalesce(rate_limit_burst, 1) > 0)',
  );
  await knex.raw('alter table processor_notifications drop constraint processor_notifications_status_check');
  await knex.raw(
    "alter table processor_notifications add constraint processor_notifications_status_check check (status in ('RECEIVED', 'PROCESSED', 'RECORDED', 'IGNORED', 'FAILED', 'REJECTED'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("delete from processor_notifications where status = 'REJECTED'");
  await knex.raw('alter table processor_notifications drop constraint processor_notifications_status_check');
  await knex.raw(
    "alter table processor_notifications add constraint processor_notifications_status_check check (status in ('RECEIVED', 'PROCESSED', 'RECORDED', 'IGNORED', 'FAILED'))",
  );
  await knex.raw('alter table tenants drop constraint tenants_rate_limit_positive');
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumn('rate_limit_rps');
    t.dropColumn('rate_limit_burst');
    t.dropColumn('require_user_jwt_exp');
  });
}
