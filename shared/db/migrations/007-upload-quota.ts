import type { Knex } from 'knex';

/**
 * Per-tenant upload storage quota: one row per file a tenant keeps in file storage (uploads
 * and result files), so a tenant's usage is one summing query over its own rows whatever the storage
 * backend. Files stored before this migration are not counted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stored_files', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('file_ref').notNullable();
    t.text('kind').notNullable().checkIn(['UPLOAD', 'RESULT']);
    t.bigInteger('bytes').notNullable().checkPositive();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'file_ref']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('stored_files');
}
