import type { Db } from '../db/knex';
import { getAccountRewards } from '../domain/accounts/account-view';
import {
  accountBillingIds,
  codeBillingIds,
  connectedToStripe,
  friendCouponOf,
  type StripeCodeIds,
} from '../domain/rewards/billing-answers';
import { requestDiscountSync } from '../temporal/processor-workflows';
import type { TenantRef, WorkflowMessaging } from './use-case-deps';

/**
 * The Stripe part of GET /code/{code}, POST /discount and GET /account/{id}/reward (additive fields): our
 * coupon ids and the promotion code of a share code, where Braintree's answers name `discountId`. A share
 * code whose promotion code is not recorded yet asks for its owner's sync, which creates it; the answer
 * does not wait for it (promotionCodeId is null until then) and does not fail when Temporal cannot be
 * reached (the next answer asks again).
 */

type Deps = WorkflowMessaging & { db: Db };

async function askForPromotionCode(deps: Deps, tenant: TenantRef, accountId: string): Promise<void> {
  await requestDiscountSync(
    deps.temporal,
    deps.metrics,
    { tenantId: tenant.id, tenantAlias: tenant.alias, accountId },
    { reason: 'promotion code wanted' },
  ).catch(() => undefined);
}

/**
 * GET /code/{code} and POST /discount for a Stripe tenant: the friend coupon and the code's promotion code;
 * null otherwise. `processor` is the tenant's when the caller knows it (GET /code reads it from the
 * gateway cache, so a lookup for a tenant on another processor stays free of I/O).
 */
export async function stripeCodeIds(
  deps: Deps,
  tenant: TenantRef,
  code: string,
  processor?: string | null,
): Promise<StripeCodeIds | null> {
  const stripe =
    processor === undefined ? await connectedToStripe(deps.db, tenant.id) : processor === 'STRIPE';
  if (!stripe) return null;
  const ids = await codeBillingIds(deps.db, tenant.id, code);
  if (!ids) return null;
  if (ids.promotionCodeOwner) await askForPromotionCode(deps, tenant, ids.promotionCodeOwner);
  return { couponId: ids.couponId, promotionCodeId: ids.promotionCodeId };
}

/** POST /discount for a Stripe tenant: the friend coupon the account gets now, and the code's promotion code. */
export async function stripeAssociationIds(
  deps: Deps,
  tenant: TenantRef,
  input: { accountId: string; couponCode: string },
): Promise<StripeCodeIds | null> {
  const code = await stripeCodeIds(deps, tenant, input.couponCode);
  if (!code) return null;
  return {
    couponId: await friendCouponOf(deps.db, tenant.id, input.accountId),
    promotionCodeId: code.promotionCodeId,
  };
}

/** GET /account/{id}/reward, with the account's coupons and promotion code for a Stripe tenant. */
export async function answerAccountRewards(
  deps: Deps,
  tenant: TenantRef,
  accountId: string,
  couponCode?: string,
) {
  const answer = await getAccountRewards(deps.db, tenant.id, accountId, couponCode);
  if (!(await connectedToStripe(deps.db, tenant.id))) return answer;
  const { promotionCodeWanted, ...ids } = await accountBillingIds(deps.db, tenant.id, accountId);
  if (promotionCodeWanted) await askForPromotionCode(deps, tenant, accountId);
  return { ...answer, ...ids };
}
