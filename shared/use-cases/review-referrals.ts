import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import { presentReferral, type ReferralView } from '../domain/referrals/referral-view';
import { recordWebhookEvent } from '../domain/webhooks/webhook-events';
import { mapLimited } from '../net/each-limited';
import { createReferralsRepo, type ReferralRow } from '../repos/referrals.repo';
import { createRewardsRepo } from '../repos/rewards.repo';
import { textSchema } from '../validation';
import { messageLifecycle } from './settle-lifecycle';
import type { TenantRef, WorkflowMessaging } from './use-case-deps';

/** GraphQL `reviewReferrals(ids, decision, reason)`: 1 to 100 referrals, one decision, its reason. */
export const reviewReferralsArgsSchema = z.strictObject({
  ids: z
    .array(z.uuid('must be a referral id'))
    .min(1, 'name at least one referral')
    .max(100, 'at most 100 referrals at once')
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  decision: z.enum(['APPROVE', 'DENY']),
  reason: textSchema(500, { min: 1, trim: true }),
});
export type ReviewReferralsArgs = z.output<typeof reviewReferralsArgsSchema>;

/**
 * What became of one id: DECIDED by this call; ALREADY_DECIDED earlier (a decision is final, and sending
 * it again changes nothing); NOT_UNDER_REVIEW (the policy never held it); NOT_FOUND (no such referral of
 * this tenant: another tenant's id looks the same as an unknown one).
 */
export type ReviewOutcome = 'DECIDED' | 'ALREADY_DECIDED' | 'NOT_UNDER_REVIEW' | 'NOT_FOUND';

export interface ReviewResult {
  id: string;
  outcome: ReviewOutcome;
  referral: ReferralView | null;
}

export interface ReviewDeps extends WorkflowMessaging {
  db: Db;
  config: Pick<Config, 'LIFECYCLE_WAIT_MS'>;
}

/**
 * Approves or denies referrals the fraud policy held for review. The decision, its webhook event
 * (`referral.reviewed`) and the mark for the lifecycle commit in one transaction, only for referrals
 * still awaiting review, so a decision sent twice is applied once. Each decided referral's lifecycle
 * workflow then gets an update (event id `review:{id}`, applied once however often it arrives) that
 * releases its rewards (APPROVE: AVAILABLE, or PENDING until a hold ends; the discount sync follows) or
 * cancels them (DENY). Should Temporal not answer, the decision stays saved and the reconciler delivers
 * it; the answer then shows the rewards still PENDING_REVIEW.
 */
export async function reviewReferrals(
  deps: ReviewDeps,
  tenant: TenantRef,
  args: ReviewReferralsArgs,
  reviewer: string,
): Promise<ReviewResult[]> {
  const referrals = createReferralsRepo(deps.db);
  const decided = await deps.db.transaction(async (trx) => {
    const rows = await createReferralsRepo(trx).decideReviews(
      tenant.id,
      args.ids,
      { status: args.decision === 'APPROVE' ? 'APPROVED' : 'DENIED', reason: args.reason, by: reviewer },
      trx,
    );
    const rewards = await createRewardsRepo(trx).listByReferrals(
      tenant.id,
      rows.map((r) => r.id),
      trx,
    );
    for (const row of rows) {
      await recordWebhookEvent(trx, tenant.id, 'referral.reviewed', presentReferral(row, rewards));
    }
    return new Set(rows.map((r) => r.id));
  });

  // Decided now, or earlier with the lifecycle not told yet (a first attempt that could not reach it).
  const found = await referrals.findMany(tenant.id, args.ids);
  const toDeliver = found.filter(
    (r) => r.review_status !== 'PENDING' && r.review_status !== null && r.lifecycle_pending_since !== null,
  );
  await mapLimited(toDeliver, 16, (row: ReferralRow) =>
    messageLifecycle(
      deps,
      tenant,
      row,
      { eventId: `review:${row.id}`, kind: 'review' },
      { wait: true, timeoutMs: deps.config.LIFECYCLE_WAIT_MS },
    ).catch(() => undefined),
  );

  const after = await referrals.findMany(tenant.id, args.ids);
  const rewards = await createRewardsRepo(deps.db).listByReferrals(
    tenant.id,
    after.map((r) => r.id),
  );
  const byId = new Map(after.map((r) => [r.id, r]));
  return args.ids.map((id) => {
    const row = byId.get(id);
    if (!row) return { id, outcome: 'NOT_FOUND', referral: null };
    const outcome: ReviewOutcome = decided.has(id)
      ? 'DECIDED'
      : row.review_status === null
        ? 'NOT_UNDER_REVIEW'
        : 'ALREADY_DECIDED';
    return { id, outcome, referral: presentReferral(row, rewards) };
  });
}
