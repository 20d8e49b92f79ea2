import type { Knex } from 'knex';

/**
 * CSV exports (docs/exports.md) are jobs like imports, in the same table: an export (a `QUERY/…` type)
 * has no uploaded file, so `file_ref` may be null, and keeps its filters (createdAt range, status,
 * program) as JSON. Its result file is `result_file_ref`, as an import's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table import_jobs alter column file_ref drop not null');
  await knex.raw('alter table import_jobs add column filters jsonb');
  await knex.raw(
    `alter table import_jobs add constraint import_jobs_file_ref_check check (file_ref is not null or type like 'QUERY/%')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`delete from import_jobs where type like 'QUERY/%'`);
  await knex.raw('alter table import_jobs drop constraint import_jobs_file_ref_check');
  await knex.raw('alter table import_jobs drop column filters');
  await knex.raw('alter table import_jobs alter column file_ref set not null');
}
