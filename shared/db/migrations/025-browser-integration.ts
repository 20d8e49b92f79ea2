import type { Knex } from 'knex';

/**
 * the browser integration: origins whose browser calls were refused by CORS (not in the
 * program's allowedOrigins), bounded per tenant by the writer, for the portal's Install page; and the
 * first browser call of each tenant (written once), which ticks "browser library added".
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('browser_refused_origins', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('origin').notNullable();
    t.timestamp('first_seen_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable();
    t.bigInteger('requests').notNullable();
    t.primary(['tenant_id', 'origin']);
  });
  await knex.schema.createTable('browser_first_calls', (t) => {
    t.uuid('tenant_id').primary().references('id').inTable('tenants').onDelete('CASCADE');
    t.timestamp('first_call_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('browser_first_calls');
  await knex.schema.dropTable('browser_refused_origins');
}
