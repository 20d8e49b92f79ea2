import Stripe from 'stripe';
import { stripeConfig } from '../processors/stripe-client';
import { PayoutProviderError, type PayoutCredentials } from './payout-provider';
import { providerError } from './payout-errors';

/*
 * The official `stripe` library for a platform's secret key (the same API version, host handling and no
 * SDK retries as shared/processors/stripe-client.ts), and what its errors mean for a payout.
 */

/** Where the Stripe Connect calls go and how long they wait. */
export interface StripeConnectOptions {
  /** A stand-in's origin instead of api.stripe.com (the config's STRIPE_BASE_URL). */
  baseUrl?: string;
  /** One call's timeout in milliseconds; default 10 s. */
  timeoutMs?: number;
}

/** One Stripe Connect call's timeout unless another is given. */
export const STRIPE_CONNECT_DEFAULT_TIMEOUT_MS = 10_000;

/** The official library for the platform's secret key (credentials.secret). */
export function connectClient(credentials: PayoutCredentials, options: StripeConnectOptions = {}): Stripe {
  return new Stripe(
    credentials.secret,
    stripeConfig({
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs ?? STRIPE_CONNECT_DEFAULT_TIMEOUT_MS,
    }),
  );
}

type StripeErrorLike = { statusCode?: unknown; code?: unknown; message?: unknown; type?: unknown };

/** The SDK's error as PayoutProviderError: no answer, a timeout, 408/409/429 and 5xx retryable. */
export function connectError(err: unknown, action: string, credentials: PayoutCredentials) {
  if (err instanceof PayoutProviderError) return err;
  const fields = (typeof err === 'object' && err !== null ? err : {}) as StripeErrorLike;
  const status = typeof fields.statusCode === 'number' ? fields.statusCode : null;
  const message = typeof fields.message === 'string' ? fields.message : String(err);
  const code =
    typeof fields.code === 'string'
      ? fields.code
      : status === null && /timeout/i.test(message)
        ? 'timeout'
        : null;
  return providerError('Stripe', action, { status, code, message }, [credentials.secret]);
}

/** The HTTP status of a failed SDK call, null when there was no answer. */
export function connectStatus(err: unknown): number | null {
  const status = (typeof err === 'object' && err !== null ? (err as StripeErrorLike) : {}).statusCode;
  return typeof status === 'number' ? status : null;
}

/** Runs one SDK call, translating whatever it throws. */
export async function callConnect<T>(
  action: string,
  credentials: PayoutCredentials,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw connectError(err, action, credentials);
  }
}
