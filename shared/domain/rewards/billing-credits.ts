import type { Db, DbOrTrx } from '../../db/knex';
import type { CouponBillingProcessor } from '../../processors/coupon-billing';
import { ProcessorRejectedError } from '../../processors/payment-processor';
import {
  createProcessorBillingRepo,
  type AppliedDebt,
  type ProcessorCreditRow,
  type RewardWithProgram,
} from '../../repos/processor-billing.repo';
import type { RewardRow } from '../../repos/rewards.repo';
import type { BillingCreditSync } from '../../types/processors';
import { recordWebhookEvent } from '../webhooks/webhook-events';
import { presentReward } from './rewards';

/**
 * Credit as a customer balance at a coupon-and-balance processor (Stripe), exactly once per reward row:
 *
 * - A CREDIT reward that is AVAILABLE, in the customer's currency, becomes one balance transaction of
 *   minus what is left of it (credit), keyed `referral-credit-<reward id>`.
 * - A negative row reversing such a reward (a reversal's debt, a partial refund's share:
 *   programs/reward-reversals.ts) becomes the opposite transaction (plus), keyed by its own id. Only what
 *   the processor was given of the reward is taken back there: a debt's part beyond it (the reward was
 *   redeemed through the API before, or never applied) stays a debt in our balance. A debt counts as
 *   taken back what the reward's shares took back before the full reversal cancelled them. What was
 *   taken back is redeemed of the row (REDEEMED when all of it), so the balance nets to zero.
 * - Rows in another unit than the customer's currency are left, and said so.
 * - A debt the processor was given and that is cancelled since (the reversal undone: a dispute won) is
 *   given back by a further transaction of its row (`seq` 1, 2…, keyed `…-<seq>`); revived by a later
 *   reversal, it is taken back again the same way. Its rows' sum is what the processor holds of it.
 *
 * Exactly once, in two steps. First, under the reward's row lock, one transaction reserves it: the
 * `processor_credits` row (its amount, customer, currency and key; no transaction id yet) and the reward
 * REDEEMED, so from that commit on the API's balance and redemptions cannot spend it. Then the request is
 * made, and its answer (the transaction id, also the reward's reference) recorded. A reservation without
 * an answer (the answer was lost, the worker died) is sent again as it was recorded, by the next sync:
 * the same key and parameters, which the processor answers with the transaction it made, never a second.
 * No lock is held while the processor is called.
 */

/** The transaction id of a row settled without a transaction (a debt the shares already took back). */
const NO_TRANSACTION = "none: covered by the reward's reversed shares";

export const creditIdempotencyKey = (rewardId: string, seq = 0) =>
  seq === 0 ? `referral-credit-${rewardId}` : `referral-credit-${rewardId}-${seq}`;

interface Target {
  processor: string;
  tenantId: string;
  accountId: string;
  customerId: string;
  /** The customer's currency (upper case). */
  currency: string;
}

/** What a reserved credit's request names: fixed at reservation, so a repeat is the same request. */
type Reserved = Pick<
  ProcessorCreditRow,
  'tenant_id' | 'reward_id' | 'customer_id' | 'amount_cents' | 'currency' | 'idempotency_key' | 'seq'
> & { account_id: string; reverses_reward_id: string | null };

/** Applies the account's CREDIT rows: unanswered reservations first, then credits, then their reversals. */
export async function syncCredits(
  db: Db,
  processor: CouponBillingProcessor,
  target: Target,
  rewards: RewardWithProgram[],
): Promise<BillingCreditSync[]> {
  const repo = createProcessorBillingRepo(db);
  const results: BillingCreditSync[] = [];
  for (const pending of await repo.pendingCredits(target.tenantId, target.accountId)) {
    results.push(await send(db, processor, pending));
  }
  const open = rewards.filter((r) => r.type === 'CREDIT' && r.status === 'AVAILABLE');
  const applied = await repo.appliedAmong(
    target.tenantId,
    open.map((r) => r.id),
  );
  const unapplied = open.filter((r) => !applied.has(r.id));
  const credits = unapplied.filter((r) => Number(r.amount_cents) > 0 && !r.reverses_reward_id);
  const reversals = unapplied.filter((r) => Number(r.amount_cents) < 0 && r.reverses_reward_id);
  for (const row of [...credits, ...reversals]) {
    if ((row.unit ?? '').toUpperCase() !== target.currency) {
      results.push(outcome(row.id, row.unit, 'OTHER_CURRENCY', 0, null));
      continue;
    }
    const reserved = row.reverses_reward_id
      ? await reserveTakeBack(db, target, row.id, row.reverses_reward_id)
      : await reserveCredit(db, target, row.id);
    results.push('outcome' in reserved ? reserved : await send(db, processor, reserved));
  }
  return [...results, ...(await adjustDebts(db, processor, target))];
}

/**
 * Debts whose state changed since the processor was given them: cancelled (given back in full) or
 * revived (taken back again, as first). Decided again under the row's lock, so two syncs make one.
 */
async function adjustDebts(
  db: Db,
  processor: CouponBillingProcessor,
  target: Target,
): Promise<BillingCreditSync[]> {
  const results: BillingCreditSync[] = [];
  const repo = createProcessorBillingRepo(db);
  for (const debt of await repo.appliedDebts(target.tenantId, target.accountId)) {
    if (debt.pending || adjustment(debt) === 0) continue;
    const reserved = await db.transaction(async (trx) => {
      const locked = createProcessorBillingRepo(trx);
      const row = await locked.lockReward(target.tenantId, debt.reward_id, trx);
      const now = (await locked.appliedDebts(target.tenantId, target.accountId, trx)).find(
        (d) => d.reward_id === debt.reward_id,
      );
      if (!row || !now || now.pending || adjustment(now) === 0) return null;
      return reserve(trx, target, row, adjustment(now), now.last_seq + 1);
    });
    if (reserved) results.push(await send(db, processor, reserved));
  }
  return results;
}

/** What the processor should hold of a debt (nothing once cancelled, its first take-back while live) less what it holds. */
function adjustment(debt: AppliedDebt): number {
  const wanted = debt.status === 'CANCELLED' ? 0 : Number(debt.first_cents);
  return wanted - Number(debt.net_cents);
}

function outcome(
  rewardId: string,
  unit: string | null,
  result: BillingCreditSync['outcome'],
  amountCents: number,
  transactionId: string | null,
): BillingCreditSync {
  return { rewardId, unit: unit ?? '', amountCents, transactionId, outcome: result };
}

/** Found reserved or answered before: its record, as it is. */
const found = (row: RewardRow, credit: ProcessorCreditRow) =>
  outcome(
    row.id,
    row.unit,
    'FOUND',
    Number(credit.amount_cents),
    credit.transaction_id && credit.transaction_id !== NO_TRANSACTION ? credit.transaction_id : null,
  );

async function reserveCredit(
  db: Db,
  target: Target,
  rewardId: string,
): Promise<Reserved | BillingCreditSync> {
  return db.transaction(async (trx) => {
    const repo = createProcessorBillingRepo(trx);
    const row = await repo.lockReward(target.tenantId, rewardId, trx);
    if (!row) return outcome(rewardId, null, 'GONE', 0, null);
    const credit = await repo.findCredit(target.tenantId, rewardId, trx);
    if (credit) return found(row, credit);
    const left = Number(row.amount_cents) - Number(row.redeemed_cents);
    if (row.status !== 'AVAILABLE' || left <= 0) return outcome(row.id, row.unit, 'GONE', 0, null);
    const reserved = await reserve(trx, target, row, -left);
    await settleRow(trx, target.tenantId, row, Number(row.amount_cents), true);
    return reserved;
  });
}

async function reserveTakeBack(
  db: Db,
  target: Target,
  rowId: string,
  reversedId: string,
): Promise<Reserved | BillingCreditSync> {
  return db.transaction(async (trx) => {
    const repo = createProcessorBillingRepo(trx);
    // The reversed reward first, as reserveCredit locks it: the rows reversing it go one at a time.
    await repo.lockReward(target.tenantId, reversedId, trx);
    const row = await repo.lockReward(target.tenantId, rowId, trx);
    if (!row) return outcome(rowId, null, 'GONE', 0, null);
    const credit = await repo.findCredit(target.tenantId, rowId, trx);
    if (credit) return found(row, credit);
    if (row.status !== 'AVAILABLE') return outcome(row.id, row.unit, 'GONE', 0, null);
    const applied = await repo.appliedForReward(target.tenantId, reversedId, trx);
    const given = -sum(applied.filter((a) => a.reward_id === reversedId));
    const reversing = applied.filter((a) => a.reverses_reward_id === reversedId);
    const takenBack = sum(reversing);
    const isDebt = row.reversed_through_cents === null || row.reversed_through_cents === undefined;
    const covered = isDebt ? sum(reversing.filter((a) => a.share && a.status === 'CANCELLED')) : 0;
    const due = -Number(row.amount_cents);
    const amountCents = Math.max(0, Math.min(due - covered, given - takenBack));
    const settled = Math.min(due, covered + amountCents);
    if (settled <= 0) return outcome(row.id, row.unit, 'NOT_GIVEN_HERE', 0, null);
    await settleRow(trx, target.tenantId, row, -settled, settled === due);
    if (amountCents > 0) return reserve(trx, target, row, amountCents);
    // Nothing to send: recorded as applied (0, no transaction), so it is settled once.
    const reserved = await reserve(trx, target, row, 0);
    await repo.completeCredit(target.tenantId, reserved.reward_id, NO_TRANSACTION, trx);
    return outcome(row.id, row.unit, 'SETTLED', 0, null);
  });
}

const sum = (rows: { amount_cents: string }[]) => rows.reduce((s, r) => s + Number(r.amount_cents), 0);

async function reserve(
  trx: DbOrTrx,
  target: Target,
  row: RewardRow,
  amountCents: number,
  seq = 0,
): Promise<Reserved> {
  const credit = {
    tenant_id: target.tenantId,
    reward_id: row.id,
    processor: target.processor,
    customer_id: target.customerId,
    amount_cents: String(amountCents),
    currency: target.currency,
    idempotency_key: creditIdempotencyKey(row.id, seq),
    transaction_id: '',
    seq,
  };
  await createProcessorBillingRepo(trx).recordCredit(credit, trx);
  return { ...credit, account_id: target.accountId, reverses_reward_id: row.reverses_reward_id ?? null };
}

/** Makes (or repeats) a reserved credit's request and records its answer. */
async function send(db: Db, processor: CouponBillingProcessor, credit: Reserved): Promise<BillingCreditSync> {
  const amountCents = Number(credit.amount_cents);
  const tx = await request(processor, credit, amountCents).catch(async (err: unknown) => {
    // Refused for good (no such customer, a revoked key): nothing was applied, so the credit goes back
    // to our balance; the error still fails the sync, for the operator to see.
    if (err instanceof ProcessorRejectedError) await release(db, credit, amountCents);
    throw err;
  });
  await db.transaction((trx) =>
    createProcessorBillingRepo(trx).completeCredit(credit.tenant_id, credit.reward_id, tx.id, trx),
  );
  return outcome(credit.reward_id, credit.currency, 'APPLIED', amountCents, tx.id);
}

function request(processor: CouponBillingProcessor, credit: Reserved, amountCents: number) {
  return processor.createBalanceTransaction({
    customerId: credit.customer_id,
    amountCents,
    currency: credit.currency,
    description: !credit.reverses_reward_id
      ? 'Referral credit'
      : credit.seq > 0 && amountCents < 0
        ? 'Referral credit reversal undone'
        : 'Referral credit reversed',
    idempotencyKey: credit.idempotency_key,
    metadata: {
      referral_reward_id: credit.reward_id,
      referral_account_id: credit.account_id,
      ...(credit.reverses_reward_id ? { referral_reverses_reward_id: credit.reverses_reward_id } : {}),
    },
  });
}

/** A reservation undone: a credit's row had `amount + sent` redeemed before (sent is negative), a reversal's none. */
async function release(db: Db, credit: Reserved, amountCents: number): Promise<void> {
  await db.transaction(async (trx) => {
    const repo = createProcessorBillingRepo(trx);
    const row = await repo.lockReward(credit.tenant_id, credit.reward_id, trx);
    if (!row) return;
    // An adjustment (seq > 0) changed nothing of the row; a reversal's had nothing redeemed before.
    const before =
      credit.seq > 0 ? null : credit.reverses_reward_id ? 0 : Number(row.amount_cents) + amountCents;
    await repo.releaseCredit(credit.tenant_id, credit.reward_id, before, trx);
  });
}

/**
 * Settles a reward row at the processor: `settledCents` of it redeemed (REDEEMED when all of it), marked
 * as paid outside the service (its reference becomes the transaction id once answered).
 */
async function settleRow(
  trx: DbOrTrx,
  tenantId: string,
  row: RewardRow,
  settledCents: number,
  fully: boolean,
): Promise<void> {
  const repo = createProcessorBillingRepo(trx);
  const changed = await repo.settle(
    tenantId,
    row.id,
    settledCents,
    fully,
    'processor transaction pending',
    trx,
  );
  await recordWebhookEvent(trx, tenantId, 'reward.redeemed', presentReward(changed));
}
