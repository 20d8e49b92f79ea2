import type { Db } from '../shared/db/knex';
import { reconcileReferral } from '../shared/domain/referrals/lifecycle';
import type { Metrics } from '../shared/metrics';
import type { TemporalDeps } from '../shared/temporal/client';
import type { NudgeInput, NudgeResult, ReconcileInput, ReferralSnapshot } from '../shared/types/referrals';
import { redeliverStaleLifecycles } from '../shared/use-cases/redeliver-lifecycles';
import { heartbeating } from './heartbeating';

export function createReferralActivities(deps: {
  db: Db;
  temporal: TemporalDeps;
  metrics: Metrics;
  /** REWARD_DAY_MS: the length of the program's hold and expiry days. */
  rewardDayMs: number;
}) {
  return {
    /** Applies what the account's facts, its review and the time call for to its referral and rewards. */
    async reconcileReferral(input: ReconcileInput): Promise<ReferralSnapshot | null> {
      return reconcileReferral(deps.db, input, { dayMs: deps.rewardDayMs });
    },

    /** Re-delivers changes no lifecycle workflow has applied within the grace period (the reconciler). */
    async nudgeStaleReferrals(input: NudgeInput): Promise<NudgeResult> {
      return heartbeating(() => redeliverStaleLifecycles({ ...deps, now: Date.now }, input));
    },
  };
}
