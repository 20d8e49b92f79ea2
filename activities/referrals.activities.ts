import type { Db } from '../shared/db/knex';
import { reconcileReferral } from '../shared/domain/lifecycle';
import type { ReconcileInput, ReferralSnapshot } from '../shared/types/referrals';

export function createReferralActivities(deps: { db: Db }) {
  return {
    /** Applies what the account's facts call for to its referral and rewards; idempotent. */
    async reconcileReferral(input: ReconcileInput): Promise<ReferralSnapshot | null> {
      return reconcileReferral(deps.db, input);
    },
  };
}
