import type { DbOrTrx } from '../../db/knex';
import { createReferralsRepo } from '../../repos/referrals.repo';
import { createRewardRestoresRepo } from '../../repos/reward-restores.repo';
import type { RewardRow } from '../../repos/rewards.repo';
import { createRuleOccurrencesRepo, type ReversalKind } from '../../repos/rule-occurrences.repo';
import { presentReward } from '../rewards/rewards';
import { recordWebhookEvent } from '../webhooks/webhook-events';

export interface RestoredPayment {
  /** Whether this call undid the reversal (false: it was not recorded, another one's, or undone before). */
  restored: boolean;
  /** Rewards the reversal had closed, as put back. */
  rewards: RewardRow[];
  /** Debts the reversal had written, now cancelled. */
  debts: RewardRow[];
}

/**
 * Undoes the reversal `reversal` of a payment (a dispute the merchant won): the payment is no longer
 * reversed, and when the lifecycle had applied the reversal already, the rewards it closed are put back as
 * they were (a live one stays cancelled if the referral has ended since), the debts it wrote are cancelled
 * and the partial refunds' shares it cancelled count again. A payment the lifecycle applied while it was
 * reversed (so it gave nothing) is due again.
 *
 * Money-safe: the caller holds the referred account's lock, as the lifecycle does when it applies a
 * reversal; this then locks the payment's row and its rewards in the order the lifecycle takes them, so
 * a restore and a reversal never interleave. Once: a second call finds the reversal gone (false), and a
 * reversal of another kind or reference (a refund) is never undone by it.
 */
export async function restorePaymentReversal(
  trx: DbOrTrx,
  tenantId: string,
  paymentId: string,
  reversal: { kind: ReversalKind; ref: string },
): Promise<RestoredPayment> {
  const none: RestoredPayment = { restored: false, rewards: [], debts: [] };
  const occurrences = createRuleOccurrencesRepo(trx);
  const payment = await occurrences.lockPayment(tenantId, paymentId, trx);
  if (
    !payment ||
    payment.reversed_at === null ||
    payment.reversal_kind !== reversal.kind ||
    payment.reversal_ref !== reversal.ref
  ) {
    return none;
  }
  const referrals = createReferralsRepo(trx);
  const [referral] = await referrals.findMany(tenantId, [payment.referral_id], trx);
  const ended = referral?.status === 'ENDED';
  const repo = createRewardRestoresRepo();
  let rewards: RewardRow[] = [];
  let debts: RewardRow[] = [];
  let reapply = false;
  if (payment.reversal_applied_at !== null) {
    const kind = reversal.kind === 'CHARGEBACK' ? 'chargeback' : 'refund';
    const closed = await repo.lockReversedBy(tenantId, paymentId, `${kind}:${reversal.ref}`, trx);
    const ids = closed.map((r) => r.id);
    rewards = await repo.restoreRewards(ids, ended, trx);
    debts = await repo.cancelDebts(ids, trx);
    await repo.restoreShares(ids, ended, trx);
    reapply = payment.applied_at !== null && !(await repo.paymentGaveRewards(tenantId, paymentId, trx));
  }
  await occurrences.clearReversal(payment.id, reapply, trx);
  // Usable again: told as a reward that became available (its reversal was told as reward.cancelled).
  for (const reward of rewards) {
    if (reward.status === 'AVAILABLE') {
      await recordWebhookEvent(trx, tenantId, 'reward.available', presentReward(reward));
    }
  }
  // The lifecycle settles what was put back (holds ended since, expiry) and passes the change on.
  if (referral && !ended) await referrals.markLifecyclePending(referral.id, trx);
  return { restored: true, rewards, debts };
}
