import type { DbOrTrx } from '../../db/knex';
import { createRewardReversalsRepo } from '../../repos/reward-reversals.repo';
import type { RewardRow } from '../../repos/rewards.repo';
import type { OccurrenceRow } from '../../repos/rule-occurrences.repo';
import { formatAmount } from './rule-explanations';

/**
 * A refund or charge-back of a payment reverses every reward the payment gave. The model a payouts or
 * ledger issue builds on:
 *
 * - The reward is closed: CANCELLED, with `reversed_by` (`refund:<id>` or `chargeback:<id>`) and
 *   `date_reversed`. Its amount no longer counts in any balance, nor against a rule's limits.
 * - What of it was already used (redeemed credit, cash marked paid) becomes a debt: a row of the same
 *   side, type and unit with amount `-used`, AVAILABLE, pointing at the reward (`reverses_reward_id`,
 *   unique). The balance goes below zero by that much, and later rewards pay it down (they add to the
 *   same sum). A redemption never draws on a negative row.
 * - Applying a reversal twice changes nothing: a reversed reward is not found again, and its debt's
 *   pointer is unique.
 * A discount (percent or fixed) is only closed: what it took off past invoices is not claimed back.
 */
export async function reversePaymentRewards(
  trx: DbOrTrx,
  tenantId: string,
  payment: OccurrenceRow,
): Promise<{ reversed: RewardRow[]; debts: RewardRow[] }> {
  const repo = createRewardReversalsRepo();
  const kind = payment.reversal_kind === 'CHARGEBACK' ? 'chargeback' : 'refund';
  const reversedBy = `${kind}:${payment.reversal_ref ?? payment.occurrence_id}`;
  const reversed: RewardRow[] = [];
  const debts: RewardRow[] = [];
  for (const reward of await repo.lockForPayment(tenantId, payment.occurrence_id, trx)) {
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
  return { reversed, debts };
}

/** What of a reward was used before its reversal: redeemed credit or cash; a discount counts as none. */
function usedCents(reward: RewardRow): number {
  if (reward.type !== 'CREDIT' && reward.type !== 'CASH') return 0;
  return Number(reward.redeemed_cents);
}
