import type { Db } from '../../db/knex';
import type { PaymentProcessor, ProcessorSubscription } from '../../processors/payment-processor';
import { createAccountsRepo } from '../../repos/accounts.repo';
import { createProcessorRefundsRepo } from '../../repos/processor-refunds.repo';
import { createReferralsRepo } from '../../repos/referrals.repo';
import { createRewardsRepo, type RewardRow } from '../../repos/rewards.repo';
import type { DiscountSyncResult, SubscriptionSync } from '../../types/processors';
import type { ProgramSettings } from '../../types/program';
import { loadProgramSettings } from '../tenants/program';
import { referrerDiscountPercent } from '../referrals/referral-rules';

/** A percentage of an amount in cents, rounded half up to the cent (integers only, no float drift). */
export function percentOfCents(amountCents: number, percent: number): number {
  return Math.floor((amountCents * percent + 50) / 100);
}

const ENDED_SUBSCRIPTION = new Set(['Canceled', 'Expired']);
/** Braintree refunds only charges that are settling or settled; earlier ones are waited for. */
const REFUNDABLE = new Set(['settled', 'settling']);
const NOT_SETTLED_YET = new Set(['authorized', 'submitted_for_settlement', 'settlement_pending']);

export interface DiscountPercents {
  referredPercent: number;
  referrerPercent: number;
  /**
   * Amounts off (FIXED_DISCOUNT rewards, AVAILABLE, in the account's currency) on each side, in cents:
   * taken off each bill beside the percentage while they are available, as a percent reward is.
   */
  referredFixedCents: number;
  referrerFixedCents: number;
}

/** The sum of the FIXED_DISCOUNT rewards among `rows` in `currency` (none when the currency is unknown). */
function fixedCents(rows: RewardRow[], currency: string | null): number {
  if (!currency) return 0;
  return rows
    .filter((r) => r.type === 'FIXED_DISCOUNT' && r.unit === currency)
    .reduce((sum, r) => sum + Number(r.amount_cents ?? 0), 0);
}

/**
 * The account's current discount: its referred reward while its referral lives, plus its referrer
 * rewards; percentages (never above 100 %) and amounts off in `currency`, the account's.
 */
export async function discountPercents(
  db: Db,
  tenantId: string,
  accountId: string,
  program: ProgramSettings,
  currency: string | null = null,
): Promise<DiscountPercents> {
  const rewards = createRewardsRepo(db);
  const [referral, referrerPercents, own] = await Promise.all([
    createReferralsRepo(db).findByReferredAccount(tenantId, accountId),
    rewards.liveReferrerPercents(tenantId, accountId),
    rewards.listByAccount(tenantId, accountId),
  ]);
  const available = own.filter((r) => r.status === 'AVAILABLE');
  // The side's own reward and any an operator granted, while AVAILABLE and the referral lives.
  const referred =
    referral && referral.status !== 'ENDED'
      ? available.filter((r) => r.referral_id === referral.id && r.reward_source === 'REFERRED')
      : [];
  return {
    referredPercent: Math.min(
      100,
      referred.reduce((sum, r) => sum + (r.discount_percent ?? 0), 0),
    ),
    referrerPercent: referrerDiscountPercent(referrerPercents, program.maxReferrerDiscountPercent),
    referredFixedCents: fixedCents(referred, currency),
    referrerFixedCents: fixedCents(
      available.filter((r) => r.reward_source === 'FRIEND_SIGNUP'),
      currency,
    ),
  };
}

/** A sync's result before anything is known or done: nothing off, no subscription. */
export function emptySyncResult(accountId: string): DiscountSyncResult {
  return {
    accountId,
    skipped: null,
    referredPercent: 0,
    referrerPercent: 0,
    referredFixedCents: 0,
    referrerFixedCents: 0,
    subscriptions: [],
  };
}

/**
 * Converges the processor to our state for one account: every live subscription of its customer carries
 * the program's discount (e.g. `service_discount`) at the account's percent of the subscription price,
 * and a referred account's first charge made without it is refunded that amount, once. Reads the
 * processor before every write, so running it again changes nothing and refunds nothing twice, even
 * after a call whose answer was lost.
 */
export async function syncAccountDiscount(
  db: Db,
  processor: PaymentProcessor | null,
  input: { tenantId: string; accountId: string },
): Promise<DiscountSyncResult> {
  const { tenantId, accountId } = input;
  const base = emptySyncResult(accountId);
  const account = await createAccountsRepo(db).find(tenantId, accountId);
  if (!account) return { ...base, skipped: 'NO_ACCOUNT' };
  if (!processor) return { ...base, skipped: 'NO_CONNECTION' };
  if (!account.payment_provider_id) return { ...base, skipped: 'NO_CUSTOMER' };
  const program = await loadProgramSettings(db, tenantId);
  const percents = await discountPercents(db, tenantId, accountId, program, account.currency);
  const { discountId } = program;
  const customer = await processor.findCustomer(account.payment_provider_id);
  if (!customer) return { ...base, ...percents, skipped: 'NO_CUSTOMER' };
  const subscriptions: SubscriptionSync[] = [];
  for (const id of customer.subscriptionIds) {
    const subscription = await processor.findSubscription(id);
    if (!subscription || ENDED_SUBSCRIPTION.has(subscription.status)) continue;
    subscriptions.push(
      await syncSubscription(db, processor, { tenantId, accountId, discountId, ...percents }, subscription),
    );
  }
  return { ...base, ...percents, subscriptions };
}

async function syncSubscription(
  db: Db,
  processor: PaymentProcessor,
  target: { tenantId: string; accountId: string; discountId: string } & DiscountPercents,
  subscription: ProcessorSubscription,
): Promise<SubscriptionSync> {
  const discountPercent = Math.min(100, target.referredPercent + target.referrerPercent);
  const discountCents = Math.min(
    subscription.priceCents,
    percentOfCents(subscription.priceCents, discountPercent) +
      target.referredFixedCents +
      target.referrerFixedCents,
  );
  const current = subscription.discounts.find((d) => d.id === target.discountId);
  let discount: SubscriptionSync['discount'] = 'NONE';
  if (discountCents > 0) {
    discount = current?.amountCents === discountCents ? 'UNCHANGED' : 'SET';
    if (discount === 'SET')
      await processor.setSubscriptionDiscount(subscription.id, target.discountId, discountCents);
  } else if (current) {
    await processor.setSubscriptionDiscount(subscription.id, target.discountId, null);
    discount = 'REMOVED';
  }
  const refund =
    target.referredPercent > 0 || target.referredFixedCents > 0
      ? await refundFirstCharge(db, processor, target, subscription)
      : null;
  return {
    subscriptionId: subscription.id,
    priceCents: subscription.priceCents,
    discountPercent,
    discountCents,
    discount,
    refund,
  };
}

/**
 * The first charge of a referred customer's subscription made without the discount (the merchant did not
 * look the code up before subscribing) gets the discount back as a refund. At most one: our record is
 * checked first, then the processor's (a refund whose answer we never received shows there).
 */
async function refundFirstCharge(
  db: Db,
  processor: PaymentProcessor,
  target: { tenantId: string; accountId: string; discountId: string } & DiscountPercents,
  subscription: ProcessorSubscription,
): Promise<SubscriptionSync['refund']> {
  const first = subscription.transactions[0];
  if (!first || first.discountIds.includes(target.discountId)) return null;
  const refunds = createProcessorRefundsRepo(db);
  const amountCents = Math.min(
    first.amountCents,
    percentOfCents(subscription.priceCents, target.referredPercent) + target.referredFixedCents,
  );
  const info = { transactionId: first.id, amountCents, issued: false, pending: false };
  const recorded = await refunds.find(target.tenantId, first.id);
  if (recorded) return { ...info, amountCents: Number(recorded.amount_cents), refundId: recorded.refund_id };
  const row = {
    tenant_id: target.tenantId,
    transaction_id: first.id,
    account_id: target.accountId,
    subscription_id: subscription.id,
  };
  if (first.refundIds.length > 0) {
    await refunds.record({ ...row, amount_cents: amountCents, refund_id: first.refundIds[0]! });
    return { ...info, refundId: first.refundIds[0]! };
  }
  if (NOT_SETTLED_YET.has(first.status)) return { ...info, refundId: null, pending: true };
  if (!REFUNDABLE.has(first.status) || amountCents <= 0) return null;
  const { refundId } = await processor.refundTransaction(first.id, amountCents);
  await refunds.record({ ...row, amount_cents: amountCents, refund_id: refundId });
  return { ...info, refundId, issued: true };
}
