import { Readable } from 'node:stream';
import type { Db } from '../db/knex';
import { exportRecord } from '../exports/export-cells';
import { queryFilters } from '../exports/export-filters';
import { EXPORT_TYPE_REGISTRY, exportFileName, type ExportJobType } from '../exports/export-types';
import { createImportJobsRepo, type ImportJobRow } from '../repos/import-jobs.repo';
import { createStoredFilesRepo } from '../repos/stored-files.repo';
import { parseFileRef, type FileRef, type FileStorage } from '../storage/file-storage';
import type { ChunksResult, PrepareResult } from '../types/imports';

/**
 * Running a CSV export job (docs/exports.md) in the job workflow's steps (workflows/import-job.workflow.ts,
 * which run-import-job.ts hands an export's steps to): prepare counts the rows, the chunk step streams
 * them all into the result file, finish gives the final status. The rows stream from a PostgreSQL
 * server-side cursor through CSV records into file storage, with backpressure end to end, so the worker's
 * memory stays flat. A retried attempt (a worker crash) writes the file again from its first row; the job
 * ends once, with one result file.
 */
export interface RunExportJobDeps {
  db: Db;
  storage: FileStorage;
}

/** Where an export reports progress: the activity's heartbeat (rows written so far). */
export interface ExportProgress {
  beat(rowsWritten: number): void;
}

/** Records joined per chunk of the file; progress is reported at most once a second. */
const RECORDS_PER_CHUNK = 500;
const REPORT_EVERY_MS = 1000;

/** The export's result file: `imports/{tenant}/{date}/{jobId}/export-referrals.csv`. */
export function exportResultRef(tenantAlias: string, job: ImportJobRow): FileRef {
  const date = job.created_at.toISOString().slice(0, 10);
  const name = exportFileName(job.type as ExportJobType);
  return parseFileRef(tenantAlias, `imports/${tenantAlias}/${date}/${job.id}/${name}`)!;
}

function exportOf(job: ImportJobRow) {
  return { spec: EXPORT_TYPE_REGISTRY[job.type as ExportJobType] };
}

/** Counts the rows (the job's recordsTotal) and starts the job; idempotent. */
export async function prepareExportJob(deps: RunExportJobDeps, job: ImportJobRow): Promise<PrepareResult> {
  if (job.next_offset !== null) return { proceed: true };
  const { spec } = exportOf(job);
  const total = await spec.query(deps.db, job.tenant_id, queryFilters(job.filters ?? {})).count();
  await createImportJobsRepo(deps.db).start(job.id, {
    columns: [...spec.columns],
    next_offset: '0',
    next_line: 1,
    records_total: String(total),
  });
  return { proceed: true };
}

/**
 * Streams the export into its result file, reporting the rows written (heartbeat and the job's
 * recordsProcessed) about once a second, and stopping when an abort is asked for (the partial file is
 * removed). Done: the file is stored and counted in the tenant's storage, its ref on the job.
 */
export async function exportRows(
  deps: RunExportJobDeps,
  job: ImportJobRow,
  tenantAlias: string,
  progress: ExportProgress,
): Promise<ChunksResult> {
  const repo = createImportJobsRepo(deps.db);
  const { spec } = exportOf(job);
  const ref = exportResultRef(tenantAlias, job);
  // A retried attempt starts the file again.
  await deps.storage.delete(ref);
  const source = spec.query(deps.db, job.tenant_id, queryFilters(job.filters ?? {})).stream();
  let rows = 0;
  let aborted = false;
  const report = async (): Promise<boolean> => {
    progress.beat(rows);
    await repo.update(job.id, { records_processed: String(rows) });
    const now = await repo.find(job.tenant_id, job.id);
    return !now || now.abort_requested_at !== null || now.status !== 'IN_PROGRESS';
  };
  async function* csv(): AsyncGenerator<string> {
    yield exportRecord(spec.columns);
    let chunk = '';
    let inChunk = 0;
    let reported = Date.now();
    try {
      // The rows come in arrays (exports.repo.ts): one step of this loop per array, not per row.
      for await (const batch of source) {
        for (const row of batch as Record<string, unknown>[]) {
          chunk += exportRecord(spec.cells(row));
          inChunk += 1;
          if (inChunk < RECORDS_PER_CHUNK) continue;
          yield chunk;
          rows += inChunk;
          chunk = '';
          inChunk = 0;
          if (Date.now() - reported >= REPORT_EVERY_MS) {
            reported = Date.now();
            if (await report()) {
              aborted = true;
              return;
            }
          }
        }
      }
      if (inChunk > 0) yield chunk;
      rows += inChunk;
    } finally {
      source.destroy();
    }
  }
  let bytes: number;
  // Beats while PostgreSQL prepares the first rows too (a join's aggregate), not only as rows flow.
  const beating = setInterval(() => progress.beat(rows), 2000);
  try {
    bytes = await deps.storage.write(ref, Readable.from(csv(), { objectMode: false }), {
      maxBytes: Number.MAX_SAFE_INTEGER,
    });
  } catch (err) {
    await deps.storage.delete(ref).catch(() => undefined);
    throw err;
  } finally {
    clearInterval(beating);
  }
  if (aborted) {
    await deps.storage.delete(ref);
    return { state: 'aborted' };
  }
  // It counts towards the tenant's storage quota, as an import's result file does.
  await createStoredFilesRepo(deps.db).record(job.tenant_id, { ref: ref.value, bytes, kind: 'RESULT' });
  await repo.update(job.id, { records_processed: String(rows), result_file_ref: ref.value });
  progress.beat(rows);
  return { state: 'done' };
}
