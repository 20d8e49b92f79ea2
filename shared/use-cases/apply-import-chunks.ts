import { quietNotifications } from '../domain/notifications/import-quiet';
import type { CheckedChunk } from '../imports/chunk-reader';
import { JOB_TYPE_REGISTRY, type JobType } from '../imports/job-types';
import { resultLine } from '../imports/result-file';
import type { ChunkContext } from '../imports/rows';
import { createImportJobsRepo, FINAL_STATUSES, type ImportJobRow } from '../repos/import-jobs.repo';
import type { Db } from '../db/knex';
import { signalLifecycleChanges } from './settle-lifecycle';
import type { WorkflowMessaging } from './use-case-deps';

/** What applying a chunk needs (RunImportJobDeps satisfies it). */
export type ChunkDeps = WorkflowMessaging & { db: Db; publicUrl: string };

export type ChunkOutcome = 'applied' | 'skipped' | 'aborted';

/** A chunk being applied: `locked` once its transaction holds its chunk lock, `done` at its end. */
export interface ChunkInFlight {
  chunk: CheckedChunk;
  locked: Promise<void>;
  done: Promise<ChunkOutcome>;
}

/** Thrown inside a chunk's transaction to roll its rows back and end with `outcome`. */
class RollBack extends Error {
  constructor(readonly outcome: ChunkOutcome) {
    super(outcome);
  }
}

/**
 * The chunk before this one did not commit (it failed or was chosen as a deadlock victim): this one
 * rolled back and is to be applied again, alone, once everything before it is settled.
 */
export class PredecessorNotCommitted extends Error {}

/** PostgreSQL's deadlock_detected: two chunks in flight wanted each other's rows; one was rolled back. */
export const isDeadlock = (err: unknown) => (err as { code?: string } | null)?.code === '40P01';

/** A chunk's transaction-level advisory lock: (the job, the chunk's first byte). */
const chunkLock = (trx: ChunkContext['trx'], jobId: string, start: number) =>
  trx.raw('select pg_advisory_xact_lock(hashtext(?), ?::int)', [jobId, start % 2147483647]);

/** Whether every row of the chunk may go beside its neighbours (see ImportJobType.concurrent). */
export function chunkIsConcurrent(type: JobType, tenant: ChunkContext['tenant'], chunk: CheckedChunk) {
  const concurrent = JOB_TYPE_REGISTRY[type].concurrent;
  return concurrent !== undefined && chunk.valid.every((row) => concurrent(row, tenant));
}

/**
 * Applies one chunk in one transaction with its ledger row; 'skipped' when it was applied before,
 * 'aborted' (nothing applied) when the job was aborted or ended meanwhile.
 *
 * With a `previous` chunk still in flight, this one is applied beside it and commits after it, in file
 * order: the transaction first takes its own chunk lock, applies its rows (a write to a row the previous
 * chunk wrote waits for that chunk's commit, so file order holds for a user in both), then waits for the
 * previous chunk's lock (held until that chunk's transaction ends) and only then locks the job row and
 * checks that the ledger ends exactly where this chunk starts. So the ledger row still commits with the
 * chunk's rows, chunks still commit one after the other, and after a crash nothing uncommitted remains:
 * the resume point is the last committed chunk's end, as before. Both waits are PostgreSQL lock waits,
 * so if the previous chunk in turn waits for a row this one wrote, the deadlock detector rolls one back
 * (the caller applies it again alone). If the previous chunk did not commit, this one rolls back with
 * PredecessorNotCommitted.
 */
export function startChunk(
  deps: ChunkDeps,
  job: ImportJobRow,
  tenant: ChunkContext['tenant'],
  chunk: CheckedChunk,
  previous?: ChunkInFlight,
): ChunkInFlight {
  let onLocked!: () => void;
  const locked = new Promise<void>((resolve) => (onLocked = resolve));
  const done = (async (): Promise<ChunkOutcome> => {
    // The previous chunk's lock must be taken before this chunk waits for it (else the wait is empty).
    if (previous) await previous.locked;
    const lifecycle: ChunkContext['lifecycle'] = [];
    try {
      const outcome = await deps.db
        .transaction(async (trx) => {
          const repo = createImportJobsRepo(trx);
          await chunkLock(trx, job.id, chunk.start);
          onLocked();
          await quietNotifications(trx);
          // A cheap look first (no lock): nothing to do for an ended job or a chunk already in the ledger.
          const seen = await repo.find(job.tenant_id, job.id);
          if (!seen || FINAL_STATUSES.includes(seen.status) || seen.abort_requested_at) return 'aborted';
          if (Number(seen.next_offset) > chunk.start) return 'skipped';
          const results = [...chunk.invalid];
          const ctx: ChunkContext = { trx, tenant, nowMs: Date.now(), lifecycle, publicUrl: deps.publicUrl };
          if (chunk.valid.length > 0)
            results.push(...(await JOB_TYPE_REGISTRY[job.type as JobType].apply(ctx, chunk.valid)));
          results.sort((a, b) => a.line - b.line);
          if (previous) await chunkLock(trx, job.id, previous.chunk.start);
          const current = await repo.lock(job.tenant_id, job.id, trx);
          if (!current || FINAL_STATUSES.includes(current.status) || current.abort_requested_at)
            throw new RollBack('aborted');
          // Another attempt (a retry racing a stalled one) got here first: the ledger has it.
          if (Number(current.next_offset) > chunk.start) throw new RollBack('skipped');
          if (previous && Number(current.next_offset) < chunk.start)
            throw new PredecessorNotCommitted(`the chunk before ${chunk.start} did not commit`);
          if (Number(current.next_offset) !== chunk.start) {
            throw new Error(
              `chunk at ${chunk.start} does not follow the job's position ${current.next_offset}`,
            );
          }
          await repo.recordChunk(
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
          return 'applied' as const;
        })
        .catch((err: unknown) => {
          if (err instanceof RollBack) return err.outcome;
          throw err;
        });
      // Committed: the lifecycles hear of it; whatever fails to reach them, the reconciler delivers.
      if (outcome === 'applied') await signalLifecycleChanges(deps, tenant, lifecycle);
      return outcome;
    } finally {
      onLocked();
    }
  })();
  // Awaited in order by the caller; until then a failure is not "unhandled".
  done.catch(() => undefined);
  return { chunk, locked, done };
}
