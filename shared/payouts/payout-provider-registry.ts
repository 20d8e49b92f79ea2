import { createGiftCardPayouts } from './gift-cards';
import type { PayoutMethodType, PayoutProvider } from './payout-provider';
import { createPayPalPayouts } from './paypal-payouts';
import { createStripeConnectPayouts } from './stripe-connect';

/** Where each provider's API calls go (the config's PAYPAL_BASE_URL, STRIPE_BASE_URL, GIFT_CARD_BASE_URL). */
export interface PayoutProviderUrls {
  /** PayPal's REST origin; unset: production (https://api-m.paypal.com). */
  paypal?: string;
  /** A Stripe stand-in's origin; unset: api.stripe.com. */
  stripe?: string;
  /** Tremendous' API base path; unset: production (https://api.tremendous.com/api/v2). */
  giftCards?: string;
  /** One provider call's timeout in milliseconds (each adapter's default, 10 s, when unset). */
  timeoutMs?: number;
}

/** The adapter that pays out through a payee's method. */
export function payoutProviderFor(
  method: PayoutMethodType,
  baseUrls: PayoutProviderUrls = {},
): PayoutProvider {
  const timeoutMs = baseUrls.timeoutMs;
  switch (method) {
    case 'PAYPAL':
      return createPayPalPayouts({ baseUrl: baseUrls.paypal, timeoutMs });
    case 'STRIPE_CONNECT':
      return createStripeConnectPayouts({ baseUrl: baseUrls.stripe, timeoutMs });
    case 'GIFT_CARD':
      return createGiftCardPayouts({ baseUrl: baseUrls.giftCards, timeoutMs });
  }
}
