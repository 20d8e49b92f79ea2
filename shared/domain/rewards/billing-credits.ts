import type { Db, DbOrTrx } from '../../db/knex';
import type { CouponBillingProcessor } from '../../processors/coupon-billing';
import { createProcessorBillingRepo, type RewardWithProgram } from '../../repos/processor-billing.repo';
import type { RewardRow } from '../../repos/rewards.repo';
import type { BillingCreditSync } from '../../types/processors';
import { recordWebhookEvent } from '../webhooks/webhook-events';
import { presentReward } from './rewards';

/**
 * Credit as a customer balance at a coupon-and-balance processor (Stripe), exactly once per reward row:
 *
 * - A CREDIT reward that is AVAILABLE, in the customer's currency, becomes one balance transaction of
 *   minus what is left of it (credit), keyed `referral-credit-<reward id>` (the processor applies one
 *   request per key, so an answer lost and the request made again credits once). In the same transaction,
 *   holding the reward's row lock across the call, the transaction is recorded in `processor_credits` and
 *   the reward is REDEEMED with the transaction id as its reference (the "paid outside the service"
 *   marking), so the API's balance and redemptions never spend it again.
 * - A negative row reversing such a reward (a reversal's debt, a partial refund's share:
 *   programs/reward-reversals.ts) becomes the opposite transaction (plus), keyed by its own id, once. Only
 *   what the processor was given of the reward is taken back there: a debt's part beyond it (the reward
 *   was redeemed through the API before, or was never applied) stays a debt in our balance. A debt counts
 *   as taken back what the reward's shares took back before they were cancelled by the full reversal.
 *   What was taken back is redeemed of the row (REDEEMED when all of it), so the balance nets to zero.
 * - Rows in another unit than the customer's currency are left, and said so.
 */

export const creditIdempotencyKey = (rewardId: string) => `referral-credit-${rewardId}`;

interface Target {
  processor: string;
  tenantId: string;
  accountId: string;
  customerId: string;
  /** The customer's currency (upper case). */
  currency: string;
}

/** Applies the account's CREDIT rows not applied yet: credits first, then the rows reversing them. */
export async function syncCredits(
  db: Db,
  processor: CouponBillingProcessor,
  target: Target,
  rewards: RewardWithProgram[],
): Promise<BillingCreditSync[]> {
  const repo = createProcessorBillingRepo(db);
  const open = rewards.filter((r) => r.type === 'CREDIT' && r.status === 'AVAILABLE');
  const applied = await repo.appliedAmong(
    target.tenantId,
    open.map((r) => r.id),
  );
  const todo = open.filter((r) => !applied.has(r.id));
  const credits = todo.filter((r) => Number(r.amount_cents) > 0 && !r.reverses_reward_id);
  const reversals = todo.filter((r) => Number(r.amount_cents) < 0 && r.reverses_reward_id);
  const results: BillingCreditSync[] = [];
  for (const row of [...credits, ...reversals]) {
    if ((row.unit ?? '').toUpperCase() !== target.currency) {
      results.push(outcome(row, 'OTHER_CURRENCY', 0, null));
      continue;
    }
    results.push(
      row.reverses_reward_id
        ? await takeBack(db, processor, target, row.id, row.reverses_reward_id)
        : await giveCredit(db, processor, target, row.id),
    );
  }
  return results;
}

function outcome(
  row: Pick<RewardRow, 'id' | 'unit'>,
  result: BillingCreditSync['outcome'],
  amountCents: number,
  transactionId: string | null,
): BillingCreditSync {
  return { rewardId: row.id, unit: row.unit ?? '', amountCents, transactionId, outcome: result };
}

async function giveCredit(
  db: Db,
  processor: CouponBillingProcessor,
  target: Target,
  rewardId: string,
): Promise<BillingCreditSync> {
  return db.transaction(async (trx) => {
    const repo = createProcessorBillingRepo(trx);
    const row = await repo.lockReward(target.tenantId, rewardId, trx);
    if (!row) return outcome({ id: rewardId, unit: null }, 'GONE', 0, null);
    const found = await repo.findCredit(target.tenantId, rewardId, trx);
    if (found) return outcome(row, 'FOUND', Number(found.amount_cents), found.transaction_id);
    const left = Number(row.amount_cents) - Number(row.redeemed_cents);
    if (row.status !== 'AVAILABLE' || left <= 0) return outcome(row, 'GONE', 0, null);
    const amountCents = -left;
    const tx = await applyTransaction(processor, target, row, amountCents, 'Referral credit');
    await record(trx, target, row, amountCents, tx.id);
    await settleRow(trx, target.tenantId, row, Number(row.amount_cents), true, tx.id);
    return outcome(row, 'APPLIED', amountCents, tx.id);
  });
}

async function takeBack(
  db: Db,
  processor: CouponBillingProcessor,
  target: Target,
  rowId: string,
  reversedId: string,
): Promise<BillingCreditSync> {
  return db.transaction(async (trx) => {
    const repo = createProcessorBillingRepo(trx);
    // The reversed reward first, as giveCredit locks it: every row reversing it waits for the others.
    await repo.lockReward(target.tenantId, reversedId, trx);
    const row = await repo.lockReward(target.tenantId, rowId, trx);
    if (!row) return outcome({ id: rowId, unit: null }, 'GONE', 0, null);
    const found = await repo.findCredit(target.tenantId, rowId, trx);
    if (found) return outcome(row, 'FOUND', Number(found.amount_cents), found.transaction_id);
    if (row.status !== 'AVAILABLE') return outcome(row, 'GONE', 0, null);
    const applied = await repo.appliedForReward(target.tenantId, reversedId, trx);
    const given = -sum(applied.filter((a) => a.reward_id === reversedId));
    const reversing = applied.filter((a) => a.reverses_reward_id === reversedId);
    const takenBack = sum(reversing);
    const isDebt = row.reversed_through_cents === null || row.reversed_through_cents === undefined;
    const covered = isDebt ? sum(reversing.filter((a) => a.share && a.status === 'CANCELLED')) : 0;
    const due = -Number(row.amount_cents);
    const amountCents = Math.max(0, Math.min(due - covered, given - takenBack));
    const settled = Math.min(due, covered + amountCents);
    if (settled <= 0) return outcome(row, 'NOT_GIVEN_HERE', 0, null);
    let transactionId: string | null = null;
    if (amountCents > 0) {
      const tx = await applyTransaction(processor, target, row, amountCents, 'Referral credit reversed');
      await record(trx, target, row, amountCents, tx.id);
      transactionId = tx.id;
    }
    const reference = transactionId ?? `covered by the reversed shares of ${reversedId}`;
    await settleRow(trx, target.tenantId, row, -settled, settled === due, reference);
    return outcome(row, transactionId ? 'APPLIED' : 'SETTLED', amountCents, transactionId);
  });
}

const sum = (rows: { amount_cents: string }[]) => rows.reduce((s, r) => s + Number(r.amount_cents), 0);

function applyTransaction(
  processor: CouponBillingProcessor,
  target: Target,
  row: RewardRow,
  amountCents: number,
  description: string,
): Promise<{ id: string }> {
  return processor.createBalanceTransaction({
    customerId: target.customerId,
    amountCents,
    currency: target.currency,
    description,
    idempotencyKey: creditIdempotencyKey(row.id),
    metadata: {
      referral_reward_id: row.id,
      referral_account_id: target.accountId,
      ...(row.reverses_reward_id ? { referral_reverses_reward_id: row.reverses_reward_id } : {}),
    },
  });
}

async function record(
  trx: DbOrTrx,
  target: Target,
  row: RewardRow,
  amountCents: number,
  transactionId: string,
): Promise<void> {
  await createProcessorBillingRepo(trx).recordCredit(
    {
      tenant_id: target.tenantId,
      reward_id: row.id,
      processor: target.processor,
      customer_id: target.customerId,
      amount_cents: String(amountCents),
      currency: target.currency,
      idempotency_key: creditIdempotencyKey(row.id),
      transaction_id: transactionId,
    },
    trx,
  );
}

async function settleRow(
  trx: DbOrTrx,
  tenantId: string,
  row: RewardRow,
  settledCents: number,
  fully: boolean,
  reference: string,
): Promise<void> {
  const changed = await createProcessorBillingRepo(trx).settle(
    tenantId,
    row.id,
    settledCents,
    fully,
    reference,
    trx,
  );
  await recordWebhookEvent(trx, tenantId, 'reward.redeemed', presentReward(changed));
}
