import type { DbOrTrx } from '../../db/knex';
import type { ReferralRow } from '../../repos/referrals.repo';
import { createRewardsRepo, type RewardRow } from '../../repos/rewards.repo';
import { presentReward } from './rewards';
import { recordWebhookEvent } from '../webhooks/webhook-events';

/** What settling a referral's rewards changed, and when they next need the lifecycle workflow. */
export interface SettledRewards {
  /** Rewards that became usable (AVAILABLE) or moved on to their hold (PENDING) after a review. */
  released: RewardRow[];
  cancelled: RewardRow[];
  expired: RewardRow[];
  /** The earliest hold end or credit expiry still ahead (epoch ms), or null. */
  nextDueAt: number | null;
}

/** When a reward next needs the lifecycle: its hold's end (PENDING) or its expiry (AVAILABLE credit). */
function dueAt(reward: RewardRow): number | null {
  if (reward.status === 'PENDING') return reward.hold_until?.getTime() ?? null;
  if (reward.status === 'AVAILABLE') return reward.expires_at?.getTime() ?? null;
  return null;
}

/** Whether a reward was still held at `at`: waiting for review, or PENDING with its hold not over. */
function heldAt(reward: RewardRow, at: Date): boolean {
  if (reward.status === 'PENDING_REVIEW') return true;
  return reward.status === 'PENDING' && reward.hold_until !== null && reward.hold_until >= at;
}

/**
 * Brings a referral's rewards to what the time and its review call for, inside the lifecycle's
 * transaction (under the referred account's lock): an approved review releases the rewards waiting for
 * it (to their hold, if it has not ended), a denied one cancels them; holds that have ended make their
 * rewards AVAILABLE; AVAILABLE credit past its expiry becomes EXPIRED. Each change writes its webhook
 * event in the same transaction, so it happens once however often this runs. One read of the
 * referral's rewards decides which of those statements are needed (usually none).
 *
 * A charge-back of the referred account (`chargedBackAt`, from the account row the lifecycle locked)
 * comes first: the rewards still held at that moment (PENDING inside their hold, or waiting for review)
 * are cancelled, so neither the review nor the hold's end can release them. A charge-back after a
 * reward's hold ended changes nothing: that reward is or becomes AVAILABLE as if it had not happened.
 */
export async function settleRewards(
  trx: DbOrTrx,
  referral: ReferralRow,
  now: Date,
  account: { chargedBackAt: Date | null },
): Promise<SettledRewards> {
  const rewards = createRewardsRepo(trx);
  const tenantId = referral.tenant_id;
  let current = await rewards.listByReferrals(tenantId, [referral.id], trx);
  const has = (test: (r: RewardRow) => boolean) => current.some(test);
  const due = (at: Date | null) => at !== null && at.getTime() <= now.getTime();
  const replace = (changed: RewardRow[]) => {
    current = current.map((r) => changed.find((c) => c.id === r.id) ?? r);
    return changed;
  };

  let released: RewardRow[] = [];
  let cancelled: RewardRow[] = [];
  let expired: RewardRow[] = [];
  const chargedBackAt = account.chargedBackAt;
  // Compared to the millisecond here, to the microsecond by the statement, which decides.
  if (chargedBackAt && has((r) => heldAt(r, chargedBackAt))) {
    cancelled = replace(await rewards.cancelChargedBack(tenantId, referral.id, chargedBackAt, trx));
  }
  if (referral.review_status === 'APPROVED' && has((r) => r.status === 'PENDING_REVIEW')) {
    released = replace(await rewards.releaseReviewed(tenantId, referral.id, trx));
  }
  if (
    referral.review_status === 'DENIED' &&
    has((r) => ['PENDING', 'PENDING_REVIEW', 'AVAILABLE'].includes(r.status))
  ) {
    cancelled = [...cancelled, ...replace(await rewards.cancelForReferral(tenantId, referral.id, trx))];
  }
  if (has((r) => r.status === 'PENDING' && due(r.hold_until))) {
    const unheld = replace(await rewards.releaseDueHolds(tenantId, referral.id, trx));
    released = [...released.filter((r) => !unheld.some((u) => u.id === r.id)), ...unheld];
  }
  if (has((r) => r.status === 'AVAILABLE' && r.type === 'CREDIT' && due(r.expires_at))) {
    expired = replace(await rewards.expireDue(tenantId, referral.id, trx));
  }

  for (const reward of released) {
    if (reward.status === 'AVAILABLE') {
      await recordWebhookEvent(trx, tenantId, 'reward.available', presentReward(reward));
    }
  }
  for (const reward of cancelled) {
    await recordWebhookEvent(trx, tenantId, 'reward.cancelled', presentReward(reward));
  }
  for (const reward of expired) {
    await recordWebhookEvent(trx, tenantId, 'reward.expired', presentReward(reward));
  }
  const times = current.map(dueAt).filter((t): t is number => t !== null);
  return { released, cancelled, expired, nextDueAt: times.length > 0 ? Math.min(...times) : null };
}
