import { z } from 'zod';
import { FINAL_IMPORT_JOB_STATUSES, IMPORT_JOB_STATUSES, type ImportJobStatus } from '../contract/enums';
import { jsonColumn } from '../db/json-column';
import type { DbOrTrx } from '../db/knex';
import { toStorableText } from '../validation';

/** The statuses are the API's (shared/contract/enums.ts, which the admin portal imports too). */
export const JOB_STATUSES = IMPORT_JOB_STATUSES;
export type JobStatus = ImportJobStatus;
export const FINAL_STATUSES = FINAL_IMPORT_JOB_STATUSES;

export interface ImportJobRow {
  id: string;
  tenant_id: string;
  type: string;
  status: JobStatus;
  requester: string;
  name: string | null;
  /** The uploaded file; null for an export (a `QUERY/…` type, migration 039). */
  file_ref: string | null;
  file_format: 'csv' | 'jsonl';
  output_format: string;
  result_file_ref: string | null;
  /** An export's filters (shared/exports/export-filters.ts); null for an import. */
  filters: Record<string, string> | null;
  idempotency_key: string | null;
  records_processed: string;
  records_failed: string;
  records_total: string | null;
  columns: string[] | null;
  next_offset: string | null;
  next_line: number | null;
  chunks_applied: number;
  error: string | null;
  abort_requested_at: Date | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

export interface NewImportJob {
  id: string;
  tenant_id: string;
  type: string;
  requester: string;
  name: string | null;
  file_ref: string | null;
  file_format: 'csv' | 'jsonl';
  output_format: string;
  idempotency_key: string | null;
  filters?: string | null;
}

export interface ChunkLedgerRow {
  start_offset: string;
  results: string | null;
}

/** The CSV header's columns, stored when the job starts (null for JSON lines). */
const readColumns = jsonColumn('import_jobs', 'columns', z.array(z.string()).nullable());

/** An export's filters (from, to as ISO text, status, programId), stored when the job is created. */
const readFilters = jsonColumn('import_jobs', 'filters', z.record(z.string(), z.string()).nullable());

/** A job row as read, its JSON columns checked (see jsonColumn). */
function toJob<R extends ImportJobRow | undefined>(row: R): R {
  if (row) {
    row.columns = readColumns(row.columns, row.id);
    row.filters = readFilters(row.filters ?? null, row.id);
  }
  return row;
}

/** PostgreSQL's SQLSTATE for a unique index refusing a row. */
const UNIQUE_VIOLATION = '23505';

export function createImportJobsRepo(db: DbOrTrx) {
  return {
    /** Inserts the job unless one with its id exists; returns the stored row either way. */
    async insertOnce(job: NewImportJob): Promise<{ row: ImportJobRow; created: boolean }> {
      let created: ImportJobRow | undefined;
      try {
        [created] = await db<ImportJobRow>('import_jobs')
          .insert(job as never)
          .onConflict('id')
          .ignore()
          .returning('*');
      } catch (err) {
        // Two requests with one idempotency key at once: ON CONFLICT arbitrates on the id only, so the
        // loser can trip the (tenant, key) unique index instead. Its id is derived from the key: same job.
        if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
      }
      if (created) return { row: toJob(created), created: true };
      return { row: (await this.find(job.tenant_id, job.id))!, created: false };
    },

    async find(tenantId: string, id: string, trx: DbOrTrx = db): Promise<ImportJobRow | undefined> {
      return toJob(await trx<ImportJobRow>('import_jobs').where({ tenant_id: tenantId, id }).first());
    },

    /** Removes a tenant's job that no workflow has started (still PENDING); false when there was none. */
    async deleteUnstarted(tenantId: string, id: string): Promise<boolean> {
      const n = await db('import_jobs').where({ tenant_id: tenantId, id, status: 'PENDING' }).delete();
      return n > 0;
    },

    async lock(tenantId: string, id: string, trx: DbOrTrx): Promise<ImportJobRow | undefined> {
      return toJob(
        await trx<ImportJobRow>('import_jobs').where({ tenant_id: tenantId, id }).forUpdate().first(),
      );
    },

    async list(
      tenantId: string,
      options: { status?: JobStatus; limit: number; offset: number },
    ): Promise<{ total: number; rows: ImportJobRow[] }> {
      const base = () => {
        const q = db<ImportJobRow>('import_jobs').where('tenant_id', tenantId);
        return options.status ? q.andWhere('status', options.status) : q;
      };
      const [rows, count] = await Promise.all([
        base()
          .orderBy([
            { column: 'created_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(options.limit)
          .offset(options.offset),
        base().count<{ count: string }[]>('* as count'),
      ]);
      return { total: Number(count[0]?.count ?? 0), rows: rows.map(toJob) };
    },

    async update(id: string, changes: Partial<ImportJobRow>, trx: DbOrTrx = db): Promise<void> {
      await trx('import_jobs')
        .where({ id })
        .update(changes as never);
    },

    /** Moves a PENDING job to IN_PROGRESS at its first record; false when it is not PENDING (aborted meanwhile). */
    async start(
      id: string,
      position: { columns: string[] | null; next_offset: string; next_line: number; records_total: string },
    ): Promise<boolean> {
      const n = await db('import_jobs')
        .where({ id, status: 'PENDING' })
        .update({
          ...position,
          columns: JSON.stringify(position.columns),
          status: 'IN_PROGRESS',
          started_at: db.fn.now(),
        } as never);
      return n > 0;
    },

    /** Moves a job that is not final yet to a final status; false when it already was final. */
    async finish(
      id: string,
      changes: { status: JobStatus; error?: string | null; result_file_ref?: string | null },
      trx: DbOrTrx = db,
    ): Promise<ImportJobRow | null> {
      const error = changes.error ? toStorableText(changes.error) : changes.error;
      const rows: ImportJobRow[] = await trx('import_jobs')
        .where({ id })
        .whereNotIn('status', FINAL_STATUSES)
        .update({ ...changes, error, completed_at: trx.fn.now() } as never)
        .returning('*');
      return rows[0] ?? null;
    },

    /**
     * Asks a job that is not final to stop. A PENDING job (its workflow has not started it, or never will:
     * no worker, Temporal unreachable) is ABORTED at once; a running one stops after its current chunk.
     */
    async requestAbort(tenantId: string, id: string): Promise<void> {
      await db('import_jobs')
        .where({ tenant_id: tenantId, id, status: 'PENDING' })
        .update({ status: 'ABORTED', abort_requested_at: db.fn.now(), completed_at: db.fn.now() });
      await db('import_jobs')
        .where({ tenant_id: tenantId, id })
        .whereNotIn('status', FINAL_STATUSES)
        .whereNull('abort_requested_at')
        .update({ abort_requested_at: db.fn.now() });
    },

    /** Records a chunk as applied and advances the job's position and stats, in the chunk's transaction. */
    async recordChunk(
      job: { id: string },
      chunk: { start: number; end: number; nextLine: number; rows: number; failed: number; results: string },
      trx: DbOrTrx,
    ): Promise<void> {
      await trx('import_job_chunks').insert({
        job_id: job.id,
        start_offset: chunk.start,
        end_offset: chunk.end,
        rows: chunk.rows,
        failed: chunk.failed,
        results: toStorableText(chunk.results),
      });
      await trx('import_jobs')
        .where({ id: job.id })
        .update({
          next_offset: chunk.end,
          next_line: chunk.nextLine,
          records_processed: trx.raw('records_processed + ?', [chunk.rows]),
          records_failed: trx.raw('records_failed + ?', [chunk.failed]),
          chunks_applied: trx.raw('chunks_applied + 1'),
        });
    },

    /** The job's chunk results in file order, a page at a time (for the result file). */
    async chunkResults(jobId: string, afterOffset: number, limit: number): Promise<ChunkLedgerRow[]> {
      return db<ChunkLedgerRow>('import_job_chunks')
        .select('start_offset', 'results')
        .where('job_id', jobId)
        .andWhere('start_offset', '>', afterOffset)
        .orderBy('start_offset')
        .limit(limit);
    },

    /** Once the result file holds them, the ledger keeps only the chunks' offsets and counts. */
    async dropChunkResults(jobId: string): Promise<void> {
      await db('import_job_chunks').where('job_id', jobId).update({ results: null });
    },
  };
}
