import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tenants', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('alias').notNullable().unique();
    t.text('mode').notNullable().checkIn(['live', 'test']);
    t.text('name').notNullable();
    // Where share links send visitors; null until the program owner sets it.
    t.text('landing_url');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Aliases are matched exactly, but two tenants must not differ only by case.
  await knex.raw('create unique index tenants_alias_lower_idx on tenants (lower(alias))');

  await knex.schema.createTable('api_keys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    // SHA-256 of the key; the key itself is shown once and never stored.
    t.binary('key_hash').notNullable().unique();
    t.text('key_prefix').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true });
  });
  await knex.raw('create index api_keys_tenant_active_idx on api_keys (tenant_id) where revoked_at is null');

  await knex.schema.createTable('accounts', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'id']);
  });

  await knex.schema.createTable('users', (t) => {
    t.uuid('tenant_id').notNullable();
    t.text('account_id').notNullable();
    t.text('id').notNullable();
    t.text('email');
    t.text('first_name');
    t.text('last_name');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'account_id', 'id']);
    t.foreign(['tenant_id', 'account_id'])
      .references(['tenant_id', 'id'])
      .inTable('accounts')
      .onDelete('CASCADE');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
  await knex.schema.dropTable('accounts');
  await knex.schema.dropTable('api_keys');
  await knex.schema.dropTable('tenants');
}
