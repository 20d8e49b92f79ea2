import { describeDatabase } from '../shared/db/db-probe';
import type { Db } from '../shared/db/knex';
import type { DatabaseCheck, PruneExpiredDataInput } from '../shared/types/system';
import { pruneExpiredData } from '../shared/use-cases/data-retention';

export function createSystemActivities(deps: { db: Db }) {
  return {
    /** Proves the worker reaches the service's database and that migrations ran. */
    checkDatabase(): Promise<DatabaseCheck> {
      return describeDatabase(deps.db);
    },

    /** A batch of each kind of data past its retention (webhook events, user clients); how many went. */
    pruneExpiredData(input: PruneExpiredDataInput): Promise<number> {
      return pruneExpiredData(deps, input);
    },
  };
}
