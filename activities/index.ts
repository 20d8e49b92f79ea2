import type { Db } from '../shared/db/knex';
import { createReferralActivities } from './referrals.activities';
import { createSystemActivities } from './system.activities';

export interface ActivityDeps {
  db: Db;
}

/** Every activity the worker registers, built from real dependencies by the worker. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createSystemActivities(deps),
    ...createReferralActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
