import type { Db } from '../shared/db/knex';
import { pruneExpiredIdempotencyKeys } from '../shared/domain/common/idempotency-keys';
import type { PruneKeysInput } from '../shared/types/system';

export function createEventActivities(deps: { db: Db }) {
  return {
    /** Deletes one batch of expired idempotency keys; returns how many went. */
    pruneIdempotencyKeys(input: PruneKeysInput): Promise<number> {
      return pruneExpiredIdempotencyKeys(deps.db, { ...input, nowMs: Date.now() });
    },
  };
}
