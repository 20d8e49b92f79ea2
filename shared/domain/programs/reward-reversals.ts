import type { DbOrTrx } from '../../db/knex';
import { createRewardReversalsRepo } from '../../repos/reward-reversals.repo';
import type { RewardRow } from '../../repos/rewards.repo';
import type { OccurrenceRow } from '../../repos/rule-occurrences.repo';
import { formatAmount } from './rule-explanations';

/**
 * A refund or charge-back of a payment reverses the rewards the payment gave. The model a payouts or
 * ledger issue builds on:
 *
 * - Refunded in full, or charged back: each reward is closed: CANCELLED, with `reversed_by`
 *   (`refund:<id>` or `chargeback:<id>`) and `date_reversed`. Its amount no longer counts in any balance,
 *   nor against a rule's limits. What of it was already used (redeemed credit, cash marked paid) becomes
 *   a debt: a row of the same side, type and unit with amount `-used`, AVAILABLE, pointing at the reward
 *   (`reverses_reward_id`). The balance goes below zero by that much, and later rewards pay it down (they
 *   add to the same sum). A redemption never draws on a negative row. Rows of partial refunds' shares
 *   stop counting (CANCELLED): the reward's whole amount is reversed, once.
 * - Refunded in part: of each amount reward (credit, cash) the share `floor(amount × refunded ÷ payment)`
 *   is reversed by a row of negative amount pointing at the reward, for what earlier shares did not
 *   reverse yet, keyed by the refunded total (`reversed_through_cents`). The reward stays as it is; a
 *   rule's limits count what is left of it (referrerHistory).
 * - Applying a reversal twice changes nothing: a reversed reward is not found again, and a reward has one
 *   debt and one share row per refunded total.
 * A discount (percent or fixed) is only closed, on a full reversal: what it took off past invoices is not
 * claimed back.
 */
export async function reversePaymentRewards(
  trx: DbOrTrx,
  tenantId: string,
  payment: OccurrenceRow,
): Promise<{ reversed: RewardRow[]; debts: RewardRow[]; shares: RewardRow[] }> {
  const repo = createRewardReversalsRepo();
  const rewards = await repo.lockForPayment(tenantId, payment.occurrence_id, trx);
  const earlier = await repo.lockShares(
    tenantId,
    rewards.map((r) => r.id),
    trx,
  );
  if (payment.reversed_at === null) {
    return { reversed: [], debts: [], shares: await reverseShares(trx, payment, rewards, earlier) };
  }
  const kind = payment.reversal_kind === 'CHARGEBACK' ? 'chargeback' : 'refund';
  const reversedBy = `${kind}:${payment.reversal_ref ?? payment.occurrence_id}`;
  const reversed: RewardRow[] = [];
  const debts: RewardRow[] = [];
  await repo.cancelShares(
    earlier.map((r) => r.id),
    trx,
  );
  for (const reward of rewards) {
    const used = usedCents(reward);
    const closed = await repo.markReversed(reward.id, reversedBy, trx);
    if (reward.status !== 'CANCELLED') reversed.push(closed);
    if (used > 0) {
      const unit = reward.unit ?? '';
      const debt = await repo.insertDebt(
        closed,
        used,
        `${formatAmount(used, unit)} of a reward already used is owed back: the reward was reversed by ${kind} ${payment.reversal_ref ?? ''} of the payment ${payment.occurrence_id}.`,
        trx,
      );
      if (debt) debts.push(debt);
    }
  }
  return { reversed, debts, shares: [] };
}

/** A partial refund: each amount reward's share of it, less what earlier shares reversed. */
async function reverseShares(
  trx: DbOrTrx,
  payment: OccurrenceRow,
  rewards: RewardRow[],
  earlier: RewardRow[],
): Promise<RewardRow[]> {
  const repo = createRewardReversalsRepo();
  const refunded = Number(payment.refunded_cents);
  const paymentCents = Number(payment.amount_cents);
  const shares: RewardRow[] = [];
  for (const reward of rewards) {
    if ((reward.type !== 'CREDIT' && reward.type !== 'CASH') || reward.status === 'CANCELLED') continue;
    const already = earlier
      .filter((r) => r.reverses_reward_id === reward.id)
      .reduce((sum, r) => sum - Number(r.amount_cents), 0);
    // An expired credit gave the referrer only what was redeemed of it: its share is of that part.
    const given = reward.status === 'EXPIRED' ? Number(reward.redeemed_cents) : Number(reward.amount_cents);
    const due = refundShareCents(given, refunded, paymentCents) - already;
    if (due <= 0) continue;
    const unit = reward.unit ?? '';
    const share = await repo.insertShare(
      reward,
      due,
      refunded,
      `${formatAmount(due, unit)} of a reward was reversed by refund ${payment.reversal_ref ?? ''} of the payment ${payment.occurrence_id}: ${formatAmount(refunded, payment.currency ?? '')} of its ${formatAmount(paymentCents, payment.currency ?? '')} refunded in all.`,
      trx,
    );
    if (share) shares.push(share);
  }
  return shares;
}

/**
 * A reward's share of a payment's refunds: `floor(reward × refunded ÷ payment)` in cents, exact for any
 * amounts (integer arithmetic), never more than the reward.
 */
export function refundShareCents(rewardCents: number, refundedCents: number, paymentCents: number): number {
  if (paymentCents <= 0 || rewardCents <= 0 || refundedCents <= 0) return 0;
  if (refundedCents >= paymentCents) return rewardCents;
  return Number((BigInt(rewardCents) * BigInt(refundedCents)) / BigInt(paymentCents));
}

/** What of a reward was used before its reversal: redeemed credit or cash; a discount counts as none. */
function usedCents(reward: RewardRow): number {
  if (reward.type !== 'CREDIT' && reward.type !== 'CASH') return 0;
  return Number(reward.redeemed_cents);
}
