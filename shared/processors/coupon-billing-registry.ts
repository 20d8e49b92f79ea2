import type { CouponBillingDescriptor, CouponBillingFactory } from './coupon-billing';
import { stripeBilling } from './stripe.processor';

/**
 * The coupon-billing processors (ADR 0008): one descriptor per adapter file. Adding one (Chargebee,
 * Paddle Billing) is its adapter file with a descriptor, a line here, and the closed lists the checklist
 * in ARCHITECTURE.md names ("A payment processor").
 */
export const COUPON_BILLING_PROCESSORS: readonly CouponBillingDescriptor[] = [stripeBilling];

export function couponBillingNamed(name: string): CouponBillingDescriptor | undefined {
  return COUPON_BILLING_PROCESSORS.find((d) => d.name === name);
}

export function couponBillingBySlug(slug: string): CouponBillingDescriptor | undefined {
  return COUPON_BILLING_PROCESSORS.find((d) => d.slug === slug);
}

/** The adapter of the connection's processor (its credentials name it; Stripe when they do not). */
export const createCouponBilling: CouponBillingFactory = (credentials, options) => {
  const descriptor = couponBillingNamed(credentials.processor ?? stripeBilling.name);
  if (!descriptor) throw new Error(`No coupon-billing processor named ${credentials.processor}`);
  return descriptor.create(credentials, options);
};
