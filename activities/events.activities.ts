import type { Db } from '../shared/db/knex';
import { createUserEventsRepo } from '../shared/repos/user-events.repo';
import type { PruneKeysInput } from '../shared/types/system';

export function createEventActivities(deps: { db: Db }) {
  return {
    /** Deletes one batch of expired idempotency keys; returns how many went. */
    async pruneIdempotencyKeys(input: PruneKeysInput): Promise<number> {
      return createUserEventsRepo(deps.db).pruneKeys(
        new Date(Date.now() - input.olderThanMs),
        input.batchSize,
      );
    },
  };
}
