import type { Db } from '../shared/db/knex';
import { reconcileReferral } from '../shared/domain/lifecycle';
import type { Metrics } from '../shared/metrics';
import type { TemporalDeps } from '../shared/temporal/client';
import type { NudgeInput, NudgeResult, ReconcileInput, ReferralSnapshot } from '../shared/types/referrals';
import { redeliverStaleLifecycles } from '../shared/use-cases/redeliver-lifecycles';

export function createReferralActivities(deps: { db: Db; temporal: TemporalDeps; metrics: Metrics }) {
  return {
    /** Applies what the account's facts call for to its referral and rewards; idempotent. */
    async reconcileReferral(input: ReconcileInput): Promise<ReferralSnapshot | null> {
      return reconcileReferral(deps.db, input);
    },

    /** Re-delivers changes no lifecycle workflow has applied within the grace period (the reconciler). */
    async nudgeStaleReferrals(input: NudgeInput): Promise<NudgeResult> {
      return redeliverStaleLifecycles({ ...deps, now: Date.now }, input);
    },
  };
}
