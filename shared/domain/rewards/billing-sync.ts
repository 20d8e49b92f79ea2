import type { Db } from '../../db/knex';
import type { CouponBillingProcessor } from '../../processors/coupon-billing';
import { createAccountsRepo } from '../../repos/accounts.repo';
import { createProcessorBillingRepo, type RewardWithProgram } from '../../repos/processor-billing.repo';
import { createProcessorConnectionsRepo } from '../../repos/processor-connections.repo';
import { createReferralsRepo } from '../../repos/referrals.repo';
import type { BillingSync, DiscountSyncResult } from '../../types/processors';
import { DEFAULT_PROGRAM_ID } from '../../types/program';
import { loadProgramSettings } from '../tenants/program';
import { COUPON_PREFIX, dueCoupons, type DueCoupon } from './billing-coupons';
import { syncCredits } from './billing-credits';
import { syncPromotionCode } from './billing-promotion-codes';

/**
 * The discount sync of one account at a coupon-and-balance processor (Stripe), the counterpart of
 * discount-sync.ts `syncAccountDiscount` for Braintree: it converges the processor to our state, reading
 * before it writes, so running it again (a retried activity, two syncs at once) changes nothing more.
 *
 * 1. The account's share code is a promotion code for its program's friend coupon
 *    (billing-promotion-codes.ts); this needs no customer.
 * 2. The coupons due to the account (billing-coupons.ts) are created if missing and made our coupons on
 *    every live subscription of its customer; the merchant's own coupons stay, ours no longer due go.
 *    An amount coupon goes only on subscriptions billed in its currency.
 * 3. Its CREDIT rows become customer balance transactions, once each (billing-credits.ts).
 */
export async function syncBillingAccount(
  db: Db,
  processor: CouponBillingProcessor | null,
  input: { tenantId: string; accountId: string },
): Promise<DiscountSyncResult> {
  const { tenantId, accountId } = input;
  const base: DiscountSyncResult = {
    accountId,
    skipped: null,
    referredPercent: 0,
    referrerPercent: 0,
    referredFixedCents: 0,
    referrerFixedCents: 0,
    subscriptions: [],
  };
  const account = await createAccountsRepo(db).find(tenantId, accountId);
  if (!account) return { ...base, skipped: 'NO_ACCOUNT' };
  if (!processor) return { ...base, skipped: 'NO_CONNECTION' };

  const promotionCode = await syncPromotionCode(db, processor, input);
  const { rewards, due } = await accountCoupons(db, tenantId, accountId);
  // The connection's processor (Stripe, or another of the coupon-billing model) names our records.
  const connection = await createProcessorConnectionsRepo(db).find(tenantId);
  const processorName = connection?.processor ?? 'STRIPE';
  const billing: BillingSync = {
    processor: processorName,
    customerId: account.payment_provider_id,
    currency: null,
    couponIds: due.map((c) => c.spec.id),
    subscriptions: [],
    promotionCode,
    credits: [],
  };
  const summary = { ...base, ...percents(due), billing };
  if (!account.payment_provider_id) return { ...summary, skipped: 'NO_CUSTOMER' };
  const customer = await processor.findCustomer(account.payment_provider_id);
  if (!customer || customer.deleted) return { ...summary, skipped: 'NO_CUSTOMER' };

  const currency = (customer.currency ?? account.currency)?.toUpperCase() ?? null;
  billing.currency = currency;
  const ensured = new Set<string>();
  for (const subscriptionId of customer.subscriptionIds) {
    const subscription = await processor.findSubscription(subscriptionId);
    if (!subscription || subscription.ended) continue;
    const wanted = due.filter(
      (c) => c.currency === null || c.currency === (subscription.currency?.toUpperCase() || currency),
    );
    for (const coupon of wanted) {
      if (ensured.has(coupon.spec.id)) continue;
      await processor.ensureCoupon(coupon.spec);
      ensured.add(coupon.spec.id);
    }
    const couponIds = wanted.map((c) => c.spec.id);
    await processor.setSubscriptionCoupons(subscription.id, COUPON_PREFIX, couponIds);
    billing.subscriptions.push({ subscriptionId: subscription.id, couponIds });
  }

  if (currency) {
    billing.credits = await syncCredits(
      db,
      processor,
      { processor: processorName, tenantId, accountId, customerId: customer.id, currency },
      rewards,
    );
  }
  return summary;
}

/** The account's rewards (with their programs) and the coupons they make due now. */
export async function accountCoupons(
  db: Db,
  tenantId: string,
  accountId: string,
): Promise<{ rewards: RewardWithProgram[]; due: DueCoupon[] }> {
  const [rewards, referral] = await Promise.all([
    createProcessorBillingRepo(db).rewardsWithProgram(tenantId, accountId),
    createReferralsRepo(db).findByReferredAccount(tenantId, accountId),
  ]);
  const caps = new Map<string, number>();
  for (const programId of new Set(rewards.map((r) => r.program_id ?? DEFAULT_PROGRAM_ID))) {
    caps.set(programId, (await loadProgramSettings(db, tenantId, programId)).maxReferrerDiscountPercent);
  }
  return { rewards, due: dueCoupons(rewards, referral, (programId) => caps.get(programId) ?? 100) };
}

/** The result's percentages and amounts, as Braintree's sync reports them (amounts in any currency). */
function percents(due: DueCoupon[]) {
  const side = (s: string) => due.filter((c) => c.spec.metadata.referral_side === s);
  const pct = (s: string) =>
    Math.min(
      100,
      side(s).reduce((n, c) => n + (c.spec.percentOff ?? 0), 0),
    );
  const cents = (s: string) => side(s).reduce((n, c) => n + (c.spec.amountOffCents ?? 0), 0);
  return {
    referredPercent: pct('friend'),
    referrerPercent: pct('referrer'),
    referredFixedCents: cents('friend'),
    referrerFixedCents: cents('referrer'),
  };
}
