import type Stripe from 'stripe';
import type {
  BillingCharge,
  BillingCheckoutSession,
  BillingCustomer,
  BillingDispute,
  BillingInvoice,
  BillingSubscription,
} from './coupon-billing';
import { ProcessorRejectedError } from './payment-processor';

/*
 * Stripe objects (API 2024-09-30.acacia) → the Billing* shapes. Pure: whatever needs another request
 * (a promotion code's text, a customer's subscriptions, a charge's refunds) is fetched by the adapter and
 * passed in. Amounts are already integer minor units at Stripe; currencies are lower case there.
 */

/** The customer metadata key that ties a Stripe customer to an account. */
export const ACCOUNT_METADATA_KEY = 'referral_account_id';

/** A reference Stripe answers as an id, or as the object when expanded (or deleted). */
type Ref = string | { id: string } | null | undefined;

export function idOf(ref: Ref): string | null {
  if (typeof ref === 'string') return ref || null;
  return ref && typeof ref.id === 'string' && ref.id ? ref.id : null;
}

/** Unix seconds → Date. */
export function fromUnix(seconds: number): Date {
  if (!Number.isFinite(seconds))
    throw new ProcessorRejectedError(`Stripe sent an unreadable time: ${seconds}`);
  return new Date(seconds * 1000);
}

export const upperCurrency = (currency: string): string => currency.toUpperCase();

/** Statuses after which a subscription never bills again. */
const ENDED = new Set<string>(['canceled', 'incomplete_expired']);

export const isEnded = (status: string): boolean => ENDED.has(status);

/** The ids of the subscriptions (listed with status `all`) that have not ended. */
export function liveSubscriptionIds(subscriptions: readonly Pick<Stripe.Subscription, 'id' | 'status'>[]) {
  return subscriptions.filter((s) => !isEnded(s.status)).map((s) => s.id);
}

export function mapCustomer(
  customer: Stripe.Customer | Stripe.DeletedCustomer,
  subscriptionIds: string[],
): BillingCustomer {
  if (customer.deleted) {
    return {
      id: customer.id,
      accountId: null,
      email: null,
      currency: null,
      balanceCents: 0,
      subscriptionIds: [],
      deleted: true,
    };
  }
  return {
    id: customer.id,
    accountId: customer.metadata?.[ACCOUNT_METADATA_KEY] || null,
    email: customer.email ?? null,
    currency: customer.currency ? upperCurrency(customer.currency) : null,
    balanceCents: customer.balance ?? 0,
    subscriptionIds,
    deleted: false,
  };
}

/** A promotion code as Stripe names it on a discount: its id, or the object (with its `code`) when expanded. */
export type PromotionCodeRef = string | Stripe.PromotionCode;

type DiscountLike = { promotion_code?: string | Stripe.PromotionCode | null };

function firstPromotionCode(discounts: readonly (DiscountLike | string)[]): PromotionCodeRef | null {
  for (const discount of discounts) {
    if (typeof discount === 'object' && discount.promotion_code) return discount.promotion_code;
  }
  return null;
}

/**
 * The promotion code a checkout session applied: named by `discounts` when the session was created with
 * one, and by `total_details.breakdown` (expanded) when the buyer typed it on the page.
 */
export function sessionPromotionCode(session: Stripe.Checkout.Session): PromotionCodeRef | null {
  const named = firstPromotionCode(session.discounts ?? []);
  if (named) return named;
  const breakdown = session.total_details?.breakdown?.discounts ?? [];
  return firstPromotionCode(breakdown.map((entry) => entry.discount));
}

/**
 * The promotion code of an invoice's discounts (expanded; ids alone say nothing), else of its single
 * `discount` (which Stripe leaves null when there are several).
 */
export function invoicePromotionCode(invoice: Stripe.Invoice): PromotionCodeRef | null {
  const named = firstPromotionCode((invoice.discounts ?? []) as (DiscountLike | string)[]);
  return named ?? (invoice.discount ? firstPromotionCode([invoice.discount]) : null);
}

export function mapCheckoutSession(
  session: Stripe.Checkout.Session,
  promotionCode: string | null,
): BillingCheckoutSession {
  return {
    id: session.id,
    // Null only for sessions of long-gone API versions; such a session was never completed.
    status: session.status ?? 'open',
    customerId: idOf(session.customer),
    clientReferenceId: session.client_reference_id || null,
    promotionCode,
    subscriptionId: idOf(session.subscription),
  };
}

export function mapInvoice(invoice: Stripe.Invoice, promotionCode: string | null): BillingInvoice {
  const paidAt = invoice.status_transitions?.paid_at;
  return {
    id: invoice.id,
    customerId: idOf(invoice.customer),
    subscriptionId: idOf(invoice.subscription),
    paid: invoice.paid ?? invoice.status === 'paid',
    amountPaidCents: invoice.amount_paid,
    currency: upperCurrency(invoice.currency),
    chargeId: idOf(invoice.charge),
    paidAt: fromUnix(paidAt ?? invoice.created),
    promotionCode,
  };
}

/** Failed and canceled refunds gave nothing back: they are left out, as from `amount_refunded`. */
const VOID_REFUND = new Set<string>(['failed', 'canceled']);

export function mapCharge(charge: Stripe.Charge, refunds: readonly Stripe.Refund[]): BillingCharge {
  const counted = refunds.filter((r) => !VOID_REFUND.has(r.status ?? ''));
  // Stripe lists newest first; reversed before the stable sort, same-second refunds stay in order.
  const oldestFirst = [...counted].reverse().sort((a, b) => a.created - b.created);
  return {
    id: charge.id,
    customerId: idOf(charge.customer),
    invoiceId: idOf(charge.invoice),
    amountCents: charge.amount,
    currency: upperCurrency(charge.currency),
    paid: charge.paid,
    refundedCents: charge.amount_refunded ?? 0,
    refunds: oldestFirst.map((r) => ({ id: r.id, amountCents: r.amount })),
    disputed: charge.disputed ?? false,
    createdAt: fromUnix(charge.created),
  };
}

const DISPUTE_STATES: Record<string, BillingDispute['state']> = {
  warning_needs_response: 'OPEN',
  warning_under_review: 'OPEN',
  needs_response: 'OPEN',
  under_review: 'OPEN',
  won: 'WON',
  // An inquiry closed without becoming a chargeback: the merchant kept the money.
  warning_closed: 'WON',
  lost: 'LOST',
};

export function disputeState(status: string): BillingDispute['state'] {
  const state = DISPUTE_STATES[status];
  if (!state) throw new ProcessorRejectedError(`Stripe sent an unknown dispute status: ${status}`);
  return state;
}

export function mapDispute(dispute: Stripe.Dispute): BillingDispute {
  const chargeId = idOf(dispute.charge);
  if (!chargeId) throw new ProcessorRejectedError(`Stripe dispute ${dispute.id} names no charge`);
  return {
    id: dispute.id,
    chargeId,
    state: disputeState(dispute.status),
    amountCents: dispute.amount,
    currency: upperCurrency(dispute.currency),
  };
}

/** One discount applied to a subscription: its id (to keep it as it is) and its coupon. */
export interface AppliedDiscount {
  /** Null when only the older single `discount`/`coupon` shape names it. */
  discountId: string | null;
  couponId: string;
}

/**
 * The subscription's discounts, from `discounts` (expanded to objects: an id alone does not name its
 * coupon; an id that is the single `discount`'s is read from that) or, where the server only has the
 * older single `discount`, from that. Null when some id cannot be resolved (not expanded).
 */
export function appliedDiscounts(subscription: Stripe.Subscription): AppliedDiscount[] | null {
  const { discounts } = subscription as { discounts?: (string | Stripe.Discount)[] | null };
  const single = subscription.discount;
  if (Array.isArray(discounts) && discounts.length > 0) {
    const applied: AppliedDiscount[] = [];
    for (const entry of discounts) {
      const discount = typeof entry === 'string' ? (single?.id === entry ? single : null) : entry;
      if (!discount) return null;
      applied.push({ discountId: discount.id || null, couponId: discount.coupon.id });
    }
    return applied;
  }
  return single ? [{ discountId: single.id || null, couponId: single.coupon.id }] : [];
}

export function mapSubscription(subscription: Stripe.Subscription): BillingSubscription {
  const customerId = idOf(subscription.customer);
  if (!customerId)
    throw new ProcessorRejectedError(`Stripe subscription ${subscription.id} names no customer`);
  const discounts = appliedDiscounts(subscription);
  if (!discounts) {
    throw new ProcessorRejectedError(`Stripe subscription ${subscription.id}: discounts were not expanded`);
  }
  return {
    id: subscription.id,
    customerId,
    status: subscription.status,
    ended: isEnded(subscription.status),
    couponIds: discounts.map((d) => d.couponId),
    currency: upperCurrency(subscription.currency),
  };
}
