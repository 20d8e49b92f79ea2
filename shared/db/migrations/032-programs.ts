import type { Knex } from 'knex';

/**
 * Several programs per tenant (shared/domain/programs/programs.ts). The tenant row keeps the default
 * program's settings and the settings every program shares (origins, hosts, processor discount); each
 * further program is a row of `programs` with its own settings (`settings`, the per-program part of
 * ProgramSettings as JSON, validated on read). Its id is `default` for the tenant's first program.
 * Share codes, retired codes, referrals and rule versions name their program; rows from before this
 * migration belong to the default program.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('programs', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('id').notNullable();
    t.text('name').notNullable();
    t.jsonb('settings').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.timestamp('archived_at', { useTz: true });
    t.primary(['tenant_id', 'id']);
  });
  await knex.raw(`alter table programs add constraint programs_not_default check (id <> 'default')`);
  for (const table of ['referral_codes', 'retired_share_codes', 'referrals', 'program_rule_versions']) {
    await knex.schema.alterTable(table, (t) => {
      t.text('program_id').notNullable().defaultTo('default');
    });
  }
  await knex.raw('alter table program_rule_versions drop constraint program_rule_versions_pkey');
  await knex.raw('alter table program_rule_versions add primary key (tenant_id, program_id, version)');
  // A user's code in a program (GET user, the widget with programId).
  await knex.raw(
    'create index referral_codes_user_program_idx on referral_codes (tenant_id, account_id, user_id, program_id)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index referral_codes_user_program_idx');
  await knex.raw('alter table program_rule_versions drop constraint program_rule_versions_pkey');
  await knex.raw(`delete from program_rule_versions where program_id <> 'default'`);
  await knex.raw('alter table program_rule_versions add primary key (tenant_id, version)');
  for (const table of ['referral_codes', 'retired_share_codes', 'referrals', 'program_rule_versions']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('program_id');
    });
  }
  await knex.schema.dropTable('programs');
}
