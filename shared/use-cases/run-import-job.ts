import { Readable } from 'node:stream';
import type { Db } from '../db/knex';
import { checkedChunks, type CheckedChunk } from '../imports/chunk-reader';
import { deterministicFailure } from '../imports/failures';
import { inspectImportFile } from '../imports/inspect-file';
import { JOB_TYPE_REGISTRY, type JobType } from '../imports/job-types';
import { countRecords, readRecords, UnreadableFileError } from '../imports/records';
import { RESULT_HEADER, resultLine } from '../imports/result-file';
import type { ChunkContext } from '../imports/rows';
import type { Metrics } from '../metrics';
import { createImportJobsRepo, FINAL_STATUSES, type ImportJobRow } from '../repos/import-jobs.repo';
import { createStoredFilesRepo } from '../repos/stored-files.repo';
import { createTenantsRepo } from '../repos/tenants.repo';
import { parseFileRef, resultFileRef, type FileRef, type FileStorage } from '../storage/file-storage';
import type { TemporalDeps } from '../temporal/client';
import type {
  ChunksResult,
  FinishInput,
  ImportJobRef,
  ImportPosition,
  PrepareResult,
} from '../types/imports';
import { signalLifecycleChanges } from './settle-lifecycle';

/**
 * Running an import job, one step per activity of workflows/import-job.workflow.ts: prepare (header,
 * count, resume point), apply chunks (each committed with its ledger row, then the lifecycles told), and
 * finish (result file, final status). Every step is idempotent, so Temporal may retry any of them.
 */
export interface RunImportJobDeps {
  db: Db;
  storage: FileStorage;
  temporal: TemporalDeps;
  metrics: Metrics;
  /** Rows per chunk: one transaction, one ledger row, one heartbeat. */
  importChunkRows: number;
  /** How long one importChunks call applies chunks before handing back to the workflow (which may continue as new). */
  importActivityBudgetMs: number;
}

/** Where a chunk loop reports its progress: the activity's heartbeat. */
export interface ChunkProgress {
  /** The position the last attempt heartbeated, if any. */
  lastBeat: ImportPosition | undefined;
  beat(position: ImportPosition): void;
}

function refOf(alias: string, value: string): FileRef {
  const ref = parseFileRef(alias, value);
  if (!ref) throw new Error(`job file reference ${value} is not this tenant's`);
  return ref;
}

/** Applies one chunk in one transaction with its ledger row; 'skipped' when it was applied before. */
async function applyChunk(
  deps: RunImportJobDeps,
  job: ImportJobRow,
  tenant: ChunkContext['tenant'],
  chunk: CheckedChunk,
): Promise<'applied' | 'skipped' | 'aborted'> {
  const lifecycle: ChunkContext['lifecycle'] = [];
  const outcome = await deps.db.transaction(async (trx) => {
    const current = await createImportJobsRepo(trx).lock(job.tenant_id, job.id, trx);
    if (!current || FINAL_STATUSES.includes(current.status) || current.abort_requested_at) return 'aborted';
    // Another attempt (a retry racing a stalled one) got here first: the ledger has it.
    if (Number(current.next_offset) > chunk.start) return 'skipped';
    if (Number(current.next_offset) !== chunk.start) {
      throw new Error(`chunk at ${chunk.start} does not follow the job's position ${current.next_offset}`);
    }
    const results = [...chunk.invalid];
    const ctx: ChunkContext = { trx, tenant, nowMs: Date.now(), lifecycle };
    if (chunk.valid.length > 0)
      results.push(...(await JOB_TYPE_REGISTRY[job.type as JobType].apply(ctx, chunk.valid)));
    results.sort((a, b) => a.line - b.line);
    await createImportJobsRepo(trx).recordChunk(
      job,
      {
        start: chunk.start,
        end: chunk.end,
        nextLine: chunk.nextLine,
        rows: results.length,
        failed: results.filter((r) => !r.ok).length,
        results: results.map(resultLine).join(''),
      },
      trx,
    );
    return 'applied';
  });
  // Committed: the lifecycles hear of it; whatever fails to reach them, the reconciler delivers.
  if (outcome === 'applied') await signalLifecycleChanges(deps, tenant, lifecycle);
  return outcome;
}

/**
 * Reads the header and counts the records, then marks the job IN_PROGRESS with its resume point at the
 * first data record. A header the job cannot run with fails the job. Idempotent: a job already prepared
 * keeps its position.
 */
export async function prepareImportJob(deps: RunImportJobDeps, input: ImportJobRef): Promise<PrepareResult> {
  const repo = createImportJobsRepo(deps.db);
  const job = await repo.find(input.tenantId, input.jobId);
  if (!job || FINAL_STATUSES.includes(job.status)) return { proceed: false };
  if (job.next_offset !== null) return { proceed: true };
  const ref = refOf(input.tenantAlias, job.file_ref);
  const open = () => deps.storage.read(ref);
  const fail = async (error: string) => {
    await repo.finish(job.id, { status: 'FAILED', error });
    return { proceed: false } as const;
  };
  const inspection = await inspectImportFile(open, job.type as JobType, job.file_format);
  if (inspection.problems.length > 0) return await fail(inspection.problems.join('; '));
  const stream = await open();
  if (!stream) return await fail('the uploaded file is gone from file storage');
  const total = await countRecords(stream, job.file_format);
  // Only a PENDING job starts: one aborted meanwhile stays ABORTED.
  await repo.start(job.id, {
    columns: inspection.header?.columns ?? null,
    next_offset: String(inspection.header?.dataOffset ?? 0),
    next_line: inspection.header ? 2 : 1,
    records_total: String(total),
  });
  return { proceed: true };
}

/**
 * Applies chunks from the job's position until the file ends, an abort is asked for, or the time budget
 * is spent. Each chunk commits with its ledger row and the job's new position and stats, then reports
 * that position; after a crash the retry resumes from the later of the last report and the committed
 * position (they agree unless the crash fell between commit and report).
 */
export async function importChunks(
  deps: RunImportJobDeps,
  input: ImportJobRef,
  progress: ChunkProgress,
): Promise<ChunksResult> {
  const repo = createImportJobsRepo(deps.db);
  const job = await repo.find(input.tenantId, input.jobId);
  if (!job || FINAL_STATUSES.includes(job.status)) return { state: 'final' };
  if (job.abort_requested_at) return { state: 'aborted' };
  const tenantRow = await createTenantsRepo(deps.db).findById(input.tenantId);
  const tenant = {
    id: input.tenantId,
    alias: input.tenantAlias,
    conversionEventKey: tenantRow?.conversion_event_key ?? null,
  };
  const beat = progress.lastBeat;
  let position: ImportPosition = { offset: Number(job.next_offset), line: job.next_line! };
  if (beat && beat.offset > position.offset) position = beat;
  const stream = await deps.storage.read(refOf(input.tenantAlias, job.file_ref), { start: position.offset });
  if (!stream) return { state: 'failed', error: 'the uploaded file is gone from file storage' };
  const started = Date.now();
  const chunks = checkedChunks(
    readRecords(stream, {
      format: job.file_format,
      columns: job.columns,
      offset: position.offset,
      line: position.line,
    }),
    {
      type: job.type as JobType,
      format: job.file_format,
      start: position.offset,
      size: deps.importChunkRows,
    },
  );
  // The next chunk is read and checked while this one is applied: the file's parsing overlaps
  // PostgreSQL's work instead of adding to it.
  let next = chunks.next();
  try {
    for (;;) {
      const { value: chunk, done } = await next;
      if (done) return { state: 'done' };
      if (chunk.error === undefined) next = chunks.next();
      if (chunk.valid.length + chunk.invalid.length > 0) {
        const outcome = await applyChunk(deps, job, tenant, chunk).catch((err: unknown) => {
          const reason = deterministicFailure(err);
          if (reason === undefined) throw err;
          const first = Math.min(...[...chunk.valid, ...chunk.invalid].map((r) => r.line));
          throw new UnreadableFileError(
            `lines ${first} to ${chunk.nextLine - 1}: ${reason}; the rows before line ${first} are applied`,
          );
        });
        if (outcome === 'aborted') return { state: 'aborted' };
        progress.beat({ offset: chunk.end, line: chunk.nextLine });
      }
      // The rows before an unreadable record are applied; the job stops there.
      if (chunk.error !== undefined) return { state: 'failed', error: chunk.error };
      if (Date.now() - started >= deps.importActivityBudgetMs) return { state: 'more' };
    }
  } finally {
    // Stopping early: the prefetch in flight ends with its stream (and its failure is of no interest).
    stream.destroy();
    next.catch(() => undefined);
    chunks.return(undefined).catch(() => undefined);
  }
}

/**
 * Writes the result file from the ledger (file order), then gives the job its final status. Rewrites the
 * file from scratch when retried, so a crash mid-write leaves no partial result behind.
 */
export async function finishImportJob(deps: RunImportJobDeps, input: FinishInput): Promise<void> {
  const repo = createImportJobsRepo(deps.db);
  const job = await repo.find(input.tenantId, input.jobId);
  if (!job || FINAL_STATUSES.includes(job.status)) return;
  const ref = resultFileRef(input.tenantAlias, job.id, job.created_at);
  const pages = async function* () {
    yield RESULT_HEADER;
    let after = -1;
    for (;;) {
      const page = await repo.chunkResults(job.id, after, 20);
      if (page.length === 0) return;
      for (const chunk of page) if (chunk.results) yield chunk.results;
      after = Number(page[page.length - 1]!.start_offset);
    }
  };
  await deps.storage.delete(ref);
  const bytes = await deps.storage.write(ref, Readable.from(pages(), { objectMode: false }), {
    maxBytes: Number.MAX_SAFE_INTEGER,
  });
  // It counts towards the tenant's storage quota (never refused: the job's rows are already applied).
  await createStoredFilesRepo(deps.db).record(job.tenant_id, { ref: ref.value, bytes, kind: 'RESULT' });
  await repo.finish(job.id, { status: input.status, error: input.error ?? null, result_file_ref: ref.value });
  await repo.dropChunkResults(job.id);
}
