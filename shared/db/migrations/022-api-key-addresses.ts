import type { Knex } from 'knex';

/**
 * the client addresses each API key has been used from, so the first use from a new
 * address is written to the tenant's audit log once (across gateway replicas: the primary key decides).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_key_addresses', (t) => {
    t.uuid('key_id').notNullable().references('id').inTable('api_keys').onDelete('CASCADE');
    t.text('address').notNullable();
    t.timestamp('first_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['key_id', 'address']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_key_addresses');
}
