import type { Knex } from 'knex';

/**
 * Bulk import jobs. A job's row is what `job(id)` reads: status, stats and the resume point.
 * Each applied chunk leaves a ledger row, written in the same transaction as the chunk's changes, so a
 * chunk that committed is never applied again after a crash, and its per-row results wait there for the
 * result file.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('import_jobs', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('type').notNullable();
    t.text('status')
      .notNullable()
      .defaultTo('PENDING')
      .checkIn(['PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'ABORTED']);
    t.text('requester').notNullable().defaultTo('API');
    t.text('name');
    t.text('file_ref').notNullable();
    t.text('file_format').notNullable().checkIn(['csv', 'jsonl']);
    t.text('output_format').notNullable().defaultTo('CSV');
    t.text('result_file_ref');
    t.text('idempotency_key');
    t.bigInteger('records_processed').notNullable().defaultTo(0);
    t.bigInteger('records_failed').notNullable().defaultTo(0);
    t.bigInteger('records_total');
    // Resume point: the byte offset of the next unread record and its line number (header = line 1).
    t.jsonb('columns');
    t.bigInteger('next_offset');
    t.integer('next_line');
    t.integer('chunks_applied').notNullable().defaultTo(0);
    t.text('error');
    t.timestamp('abort_requested_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
  });
  await knex.raw('create index import_jobs_tenant_idx on import_jobs (tenant_id, created_at desc, id desc)');
  await knex.raw(
    'create unique index import_jobs_idempotency_idx on import_jobs (tenant_id, idempotency_key) where idempotency_key is not null',
  );

  await knex.schema.createTable('import_job_chunks', (t) => {
    t.uuid('job_id').notNullable().references('id').inTable('import_jobs').onDelete('CASCADE');
    t.bigInteger('start_offset').notNullable();
    t.bigInteger('end_offset').notNullable();
    t.integer('rows').notNullable();
    t.integer('failed').notNullable();
    // The chunk's lines of the result file (`line,status,message`), until the result file is written.
    t.text('results');
    t.primary(['job_id', 'start_offset']);
  });

  // Free-form user attributes from imports (customFields.* columns).
  await knex.schema.alterTable('users', (t) => {
    t.jsonb('custom_fields').notNullable().defaultTo('{}');
  });

  // Users deleted with doNotTrack: never created again by identification or import.
  await knex.schema.createTable('do_not_track', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('account_id').notNullable();
    t.text('user_id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'account_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('do_not_track');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('custom_fields');
  });
  await knex.schema.dropTable('import_job_chunks');
  await knex.schema.dropTable('import_jobs');
}
