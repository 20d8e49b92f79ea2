import type { CouponBillingProcessor } from '../../shared/processors/coupon-billing';
import { createStripeProcessor } from '../../shared/processors/stripe.processor';
import type { StripeStandIn } from './stripe-stand-in';

/** The Stripe adapter of one merchant key, pointed at the stand-in (or at `baseUrl`). */
export function stripeAdapter(
  standIn: StripeStandIn,
  secretKey: string,
  options: { baseUrl?: string; timeoutMs?: number; webhookSecret?: string | null } = {},
): CouponBillingProcessor {
  return createStripeProcessor(
    { environment: 'SANDBOX', secretKey, webhookSecret: options.webhookSecret ?? null },
    { baseUrl: options.baseUrl ?? standIn.url, timeoutMs: options.timeoutMs ?? 5_000 },
  );
}

/** What a promise rejects with (fails when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

/**
 * A coupon id of this merchant's: localstripe keeps one coupon namespace for every account (Stripe keeps
 * one per account), so the deterministic ids of two tests' merchants would collide at the stand-in.
 */
export const merchantCouponId = (key: string, terms: string) => `ref-${key.slice(-8)}-${terms}`;

/** The POSTs made with this key to paths matching `path`. */
export const postsOf = (standIn: StripeStandIn, key: string, path: RegExp) =>
  standIn.calls(key).filter((c) => c.method === 'POST' && path.test(c.path));
