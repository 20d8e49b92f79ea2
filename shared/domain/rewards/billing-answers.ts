import type { Db } from '../../db/knex';
import { createProcessorBillingRepo } from '../../repos/processor-billing.repo';
import { createProcessorConnectionsRepo } from '../../repos/processor-connections.repo';
import { createReferralCodesRepo } from '../../repos/referral-codes.repo';
import { accountCoupons } from './billing-sync';
import { friendCoupon, recordedPromotionCode } from './billing-promotion-codes';

/**
 * What the answers of GET /code/{code}, POST /discount and GET /account/{id}/reward name for a tenant
 * connected to Stripe, where Braintree's answers name `discountId`: our Stripe coupon ids and the
 * promotion code of a share code. Null for a tenant on another processor (its answers stay as they are).
 * A promotion code not recorded yet is null, and `promotionCodeOwner` says whose sync would create it.
 */

/** GET /code/{code} and POST /discount for a Stripe tenant (beside `discountId`). */
export interface StripeCodeIds {
  /** Our Stripe coupon: the friend's percent off in the code's program (null: the program gives none). */
  couponId: string | null;
  /** The share code's Stripe promotion code, null until it is created (a sync is asked for). */
  promotionCodeId: string | null;
}

export async function connectedToStripe(db: Db, tenantId: string): Promise<boolean> {
  return (await createProcessorConnectionsRepo(db).find(tenantId))?.processor === 'STRIPE';
}

export interface CodeBillingIds {
  /** The friend coupon of the code's program, null when the program gives the friend no percentage. */
  couponId: string | null;
  promotionCodeId: string | null;
  /** The account whose share code it is, when its promotion code is missing (to be created). */
  promotionCodeOwner: string | null;
}

/** A share code's Stripe ids: its program's friend coupon and its promotion code (by its owner's record). */
export async function codeBillingIds(db: Db, tenantId: string, code: string): Promise<CodeBillingIds | null> {
  const owner = await createReferralCodesRepo(db).findOwner(tenantId, code);
  if (!owner) return null;
  const [coupon, recorded] = await Promise.all([
    friendCoupon(db, tenantId, owner.program_id),
    recordedPromotionCode(db, tenantId, owner.account_id),
  ]);
  const promotionCodeId =
    recorded && recorded.code.toUpperCase() === code.toUpperCase() ? recorded.promotionCodeId : null;
  return {
    couponId: coupon?.spec.id ?? null,
    promotionCodeId,
    promotionCodeOwner: recorded ? null : owner.account_id,
  };
}

export interface AccountBillingIds {
  /** Our coupons due to the account now (what its subscriptions carry once synced). */
  couponIds: string[];
  /** The promotion code of the account's own share code, null until created. */
  promotionCodeId: string | null;
}

export async function accountBillingIds(
  db: Db,
  tenantId: string,
  accountId: string,
): Promise<AccountBillingIds & { promotionCodeWanted: boolean }> {
  const [{ due }, recorded, code] = await Promise.all([
    accountCoupons(db, tenantId, accountId),
    recordedPromotionCode(db, tenantId, accountId),
    createProcessorBillingRepo(db).oldestCode(tenantId, accountId),
  ]);
  return {
    couponIds: due.map((c) => c.spec.id),
    promotionCodeId: recorded?.promotionCodeId ?? null,
    promotionCodeWanted: !recorded && code !== undefined,
  };
}

/** The friend coupon due to the account as the referred side (POST /discount's coupon), or null. */
export async function friendCouponOf(db: Db, tenantId: string, accountId: string): Promise<string | null> {
  const { due } = await accountCoupons(db, tenantId, accountId);
  return due.find((c) => c.spec.metadata.referral_side === 'friend' && c.currency === null)?.spec.id ?? null;
}
