import type { Db } from '../shared/db/knex';
import { reconcileReferral } from '../shared/domain/lifecycle';
import type { Metrics } from '../shared/metrics';
import { createReferralsRepo } from '../shared/repos/referrals.repo';
import type { TemporalDeps } from '../shared/temporal/client';
import { deliverLifecycleMessage } from '../shared/temporal/referral-lifecycle';
import type { NudgeInput, NudgeResult, ReconcileInput, ReferralSnapshot } from '../shared/types/referrals';

export function createReferralActivities(deps: { db: Db; temporal?: TemporalDeps; metrics?: Metrics }) {
  return {
    /** Applies what the account's facts call for to its referral and rewards; idempotent. */
    async reconcileReferral(input: ReconcileInput): Promise<ReferralSnapshot | null> {
      return reconcileReferral(deps.db, input);
    },

    /**
     * Re-delivers changes no lifecycle workflow has applied within the grace period (a request whose
     * Temporal call failed after commit; a bulk import that wrote state first). Each delivery is one
     * signal-with-start awaited before the next few, so starts never outrun what the server accepts.
     */
    async nudgeStaleReferrals(input: NudgeInput): Promise<NudgeResult> {
      if (!deps.temporal || !deps.metrics) throw new Error('nudgeStaleReferrals needs a Temporal client');
      const { temporal, metrics } = deps;
      const stale = await createReferralsRepo(deps.db).listStalePending(
        new Date(Date.now() - input.graceMs),
        input.batchSize,
      );
      let delivered = 0;
      let failed = 0;
      for (let i = 0; i < stale.length; i += input.concurrency) {
        const results = await Promise.allSettled(
          stale.slice(i, i + input.concurrency).map((row) =>
            deliverLifecycleMessage(
              temporal,
              metrics,
              {
                tenantId: row.tenant_id,
                tenantAlias: row.tenant_alias,
                accountId: row.referred_account_id,
                referralId: row.id,
                referrerUserId: row.referrer_user_id,
                code: row.referral_code_used,
              },
              { eventId: `reconcile:${row.id}:${row.lifecycle_pending_since.getTime()}`, kind: 'reconcile' },
              { wait: false, timeoutMs: 10_000 },
            ),
          ),
        );
        delivered += results.filter((r) => r.status === 'fulfilled').length;
        failed += results.filter((r) => r.status === 'rejected').length;
      }
      return { found: stale.length, delivered, failed };
    },
  };
}
