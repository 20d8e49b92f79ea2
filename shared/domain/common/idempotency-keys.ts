import type { Db } from '../../db/knex';
import { createUserEventsRepo } from '../../repos/user-events.repo';

/**
 * Deletes one batch of idempotency keys first received more than olderThanMs ago (the 24-hour window
 * is over for them); returns how many went. Batches skip rows another pruner holds, so pruners on
 * several workers never wait on each other.
 */
export function pruneExpiredIdempotencyKeys(
  db: Db,
  options: { olderThanMs: number; batchSize: number; nowMs: number },
): Promise<number> {
  return createUserEventsRepo(db).pruneKeys(new Date(options.nowMs - options.olderThanMs), options.batchSize);
}
