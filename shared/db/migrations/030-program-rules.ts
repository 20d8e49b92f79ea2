import type { Knex } from 'knex';

/**
 * Versioned reward rules (shared/domain/programs): each published rule set is a version of the tenant's
 * program, kept for its history. A referral records the version current at its attribution, so a change
 * applies to later referrals only. A reward a rule gave names the rule and version, and carries its
 * exactly-once key (`grant_key`, unique per tenant) and the explanation written when it was given.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('program_rule_versions', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.jsonb('rules').notNullable();
    t.text('published_by').notNullable();
    t.timestamp('published_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.primary(['tenant_id', 'version']);
  });
  await knex.schema.alterTable('referrals', (t) => {
    t.integer('rule_version');
  });
  await knex.schema.alterTable('rewards', (t) => {
    t.text('rule_id');
    t.integer('rule_version');
    t.text('grant_key');
    t.text('explanation');
  });
  await knex.raw(
    'create unique index rewards_grant_key_idx on rewards (tenant_id, grant_key) where grant_key is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index rewards_grant_key_idx');
  await knex.schema.alterTable('rewards', (t) => {
    t.dropColumns('rule_id', 'rule_version', 'grant_key', 'explanation');
  });
  await knex.schema.alterTable('referrals', (t) => {
    t.dropColumn('rule_version');
  });
  await knex.schema.dropTable('program_rule_versions');
}
