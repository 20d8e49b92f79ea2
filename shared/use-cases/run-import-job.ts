import { ruledEventKeys } from '../domain/programs/rule-occurrences';
import { Readable } from 'node:stream';
import type { Db } from '../db/knex';
import { checkedChunks, type CheckedChunk } from '../imports/chunk-reader';
import { deterministicFailure } from '../imports/failures';
import { inspectImportFile } from '../imports/inspect-file';
import type { JobType } from '../imports/job-types';
import { countRecords, readRecords, UnreadableFileError } from '../imports/records';
import { RESULT_HEADER } from '../imports/result-file';
import type { Metrics } from '../metrics';
import { recordWebhookEvent } from '../domain/webhooks/webhook-events';
import {
  createImportJobsRepo,
  FINAL_STATUSES,
  type ImportJobRow,
  type JobStatus,
} from '../repos/import-jobs.repo';
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
import {
  chunkIsConcurrent,
  isDeadlock,
  PredecessorNotCommitted,
  startChunk,
  type ChunkInFlight,
} from './apply-import-chunks';
import { presentJob } from './import-jobs';
import { exportRows, prepareExportJob } from './run-export-job';
import { isExportType } from '../exports/export-types';

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
  /** Chunks of one job applied at once, each on its own connection; they commit in file order. */
  importParallelChunks: number;
  /** How long one importChunks call applies chunks before handing back to the workflow (which may continue as new). */
  importActivityBudgetMs: number;
  /** PUBLIC_URL: share links in the `user.created` webhook events of the users a job creates. */
  publicUrl: string;
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

/**
 * Reads the header and counts the records, then marks the job IN_PROGRESS with its resume point at the
 * first data record. A header the job cannot run with fails the job. Idempotent: a job already prepared
 * keeps its position.
 */
export async function prepareImportJob(deps: RunImportJobDeps, input: ImportJobRef): Promise<PrepareResult> {
  const repo = createImportJobsRepo(deps.db);
  const job = await repo.find(input.tenantId, input.jobId);
  if (!job || FINAL_STATUSES.includes(job.status)) return { proceed: false };
  if (isExportType(job.type)) return prepareExportJob(deps, job);
  if (job.next_offset !== null) return { proceed: true };
  const ref = refOf(input.tenantAlias, job.file_ref!);
  const open = () => deps.storage.read(ref);
  const fail = async (error: string) => {
    await finishJob(deps.db, job, { status: 'FAILED', error });
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

/** The rows of a new job's first chunk; each next chunk doubles, up to importChunkRows. */
export const FIRST_CHUNK_ROWS = 100;

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
  if (isExportType(job.type))
    return exportRows(deps, job, input.tenantAlias, {
      beat: (rows) => progress.beat({ offset: rows, line: 0 }),
    });
  const tenantRow = await createTenantsRepo(deps.db).findById(input.tenantId);
  const paymentEventKey = tenantRow?.payment_event_key ?? null;
  const tenant = {
    id: input.tenantId,
    alias: input.tenantAlias,
    conversionEventKey: tenantRow?.conversion_event_key ?? null,
    paymentEventKey,
    ruledEventKeys: await ruledEventKeys(deps.db, input.tenantId, paymentEventKey),
    shareLinkFormat: tenantRow
      ? { shareLinkUrl: tenantRow.share_link_url, shareParam: tenantRow.share_param }
      : undefined,
  };
  const beat = progress.lastBeat;
  let position: ImportPosition = { offset: Number(job.next_offset), line: job.next_line! };
  if (beat && beat.offset > position.offset) position = beat;
  const stream = await deps.storage.read(refOf(input.tenantAlias, job.file_ref!), { start: position.offset });
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
      // A job's first call starts with small chunks, so the progress of a small file moves.
      firstSize: beat || Number(job.records_processed) > 0 ? undefined : FIRST_CHUNK_ROWS,
    },
  );
  const type = job.type as JobType;
  const parallel = deps.importParallelChunks;
  /** The chunks being applied, oldest first; each commits after the one before it. */
  const window: (ChunkInFlight & { concurrent: boolean })[] = [];
  /** A failure the file causes ends the job: its lines and reason, as the result says. */
  const failure = (chunk: CheckedChunk, err: unknown) => {
    const reason = deterministicFailure(err);
    if (reason === undefined) return err;
    const first = Math.min(...[...chunk.valid, ...chunk.invalid].map((r) => r.line));
    return new UnreadableFileError(
      `lines ${first} to ${chunk.nextLine - 1}: ${reason}; the rows before line ${first} are applied`,
    );
  };
  const applyAlone = async (chunk: CheckedChunk) => {
    const outcome = await startChunk(deps, job, tenant, chunk).done.catch((err: unknown) => {
      throw failure(chunk, err);
    });
    if (outcome !== 'aborted') progress.beat({ offset: chunk.end, line: chunk.nextLine });
    return outcome;
  };
  /**
   * Waits for the oldest chunk in flight and reports its position. When it did not commit because of
   * its neighbour (a deadlock between the two, or its predecessor failed), the rest are waited for and
   * those chunks are applied again one at a time, in order (a chunk the ledger already has is skipped).
   */
  const settleOldest = async (): Promise<'aborted' | undefined> => {
    const entry = window.shift()!;
    const outcome = await entry.done.catch(async (err: unknown) => {
      const rest = window.splice(0);
      await Promise.allSettled(rest.map((e) => e.done));
      if (!isDeadlock(err) && !(err instanceof PredecessorNotCommitted)) throw failure(entry.chunk, err);
      for (const again of [entry, ...rest]) {
        if ((await applyAlone(again.chunk)) === 'aborted') return 'aborted' as const;
      }
      return 'again' as const;
    });
    if (outcome === 'again') return undefined;
    if (outcome === 'aborted') {
      await Promise.allSettled(window.splice(0).map((e) => e.done));
      return 'aborted';
    }
    progress.beat({ offset: entry.chunk.end, line: entry.chunk.nextLine });
    return undefined;
  };
  const settleAll = async () => {
    while (window.length > 0) if ((await settleOldest()) === 'aborted') return 'aborted';
    return undefined;
  };
  // The next chunk is read and checked while the ones in flight are applied: the file's parsing
  // overlaps PostgreSQL's work instead of adding to it.
  let next = chunks.next();
  try {
    for (;;) {
      const { value: chunk, done } = await next;
      if (done) return (await settleAll()) === 'aborted' ? { state: 'aborted' } : { state: 'done' };
      if (chunk.error === undefined) next = chunks.next();
      if (chunk.valid.length + chunk.invalid.length > 0) {
        // A chunk goes beside the ones in flight only when all of them, and it, may (see startChunk).
        const concurrent = parallel > 1 && chunkIsConcurrent(type, tenant, chunk);
        while (
          window.length > 0 &&
          (!concurrent || window.length >= parallel || !window[window.length - 1]!.concurrent)
        ) {
          if ((await settleOldest()) === 'aborted') return { state: 'aborted' };
        }
        window.push({ ...startChunk(deps, job, tenant, chunk, window[window.length - 1]), concurrent });
      }
      // The rows before an unreadable record are applied; the job stops there.
      if (chunk.error !== undefined) {
        if ((await settleAll()) === 'aborted') return { state: 'aborted' };
        return { state: 'failed', error: chunk.error };
      }
      if (Date.now() - started >= deps.importActivityBudgetMs) {
        return (await settleAll()) === 'aborted' ? { state: 'aborted' } : { state: 'more' };
      }
    }
  } finally {
    // Leaving early (a failure): no transaction of this call outlives it.
    await Promise.allSettled(window.map((e) => e.done));
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
  if (isExportType(job.type)) {
    // The export wrote its file already; only a completed export keeps it.
    const kept = input.status === 'COMPLETED' ? job.result_file_ref : null;
    return finishJob(deps.db, job, {
      status: input.status,
      error: input.error ?? null,
      result_file_ref: kept,
    });
  }
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
  await finishJob(deps.db, job, {
    status: input.status,
    error: input.error ?? null,
    result_file_ref: ref.value,
  });
  await repo.dropChunkResults(job.id);
}

const FINAL_EVENTS = { COMPLETED: 'import_job.completed', FAILED: 'import_job.failed' } as const;

/**
 * Gives the job its final status and, in the same transaction, its `import_job.completed` or
 * `import_job.failed` webhook event (the job as GraphQL `job` answers it); an ABORTED job sends none.
 * Nothing happens when the job was already final (a retried activity).
 */
async function finishJob(
  db: Db,
  job: ImportJobRow,
  changes: { status: JobStatus; error?: string | null; result_file_ref?: string | null },
): Promise<void> {
  await db.transaction(async (trx) => {
    const row = await createImportJobsRepo(trx).finish(job.id, changes, trx);
    const type =
      row && (row.status === 'COMPLETED' || row.status === 'FAILED') ? FINAL_EVENTS[row.status] : null;
    if (row && type) await recordWebhookEvent(trx, row.tenant_id, type, { ...presentJob(row) });
  });
}
