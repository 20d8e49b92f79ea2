import { describeDatabase } from '../shared/db/db-probe';
import type { Db } from '../shared/db/knex';
import type { DatabaseCheck } from '../shared/types/system';

export function createSystemActivities(deps: { db: Db }) {
  return {
    /** Proves the worker reaches the service's database and that migrations ran. */
    checkDatabase(): Promise<DatabaseCheck> {
      return describeDatabase(deps.db);
    },
  };
}
