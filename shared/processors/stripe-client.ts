import Stripe from 'stripe';
import type { CouponBillingCredentials, CouponBillingOptions } from './coupon-billing';

/**
 * The API version every request is made with and our webhook endpoint is pinned to, so the payloads the
 * adapter parses never change shape under it. The SDK 17.7's types describe 2025-02-24.acacia; the
 * fields the adapter reads are the same in 2024-09-30.acacia (both before basil moved invoice.charge,
 * invoice.paid and invoice.subscription).
 */
export const STRIPE_API_VERSION = '2024-09-30.acacia';

/** Requests are not retried by the SDK: the Temporal activity that made the call retries it. */
const MAX_NETWORK_RETRIES = 0;

export interface StripeHost {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/**
 * The SDK's host, port and protocol for a stand-in's base URL (a bare origin: the SDK puts /v1/... after
 * it). Without a base URL the SDK's defaults (https://api.stripe.com) stand; plain http only for one.
 */
export function stripeHost(baseUrl: string): StripeHost {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`processor baseUrl must be http(s): ${url.protocol}`);
  }
  if (url.pathname !== '/' || url.search) throw new Error('processor baseUrl cannot have a path or query');
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  const port = url.port ? Number(url.port) : protocol === 'https' ? 443 : 80;
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port, protocol };
}

/** The SDK's configuration for one connection. */
export function stripeConfig(options: CouponBillingOptions): Stripe.StripeConfig {
  return {
    // The SDK's type admits only the version its types describe; the API takes any published one.
    apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    timeout: options.timeoutMs,
    telemetry: false,
    ...(options.baseUrl ? stripeHost(options.baseUrl) : {}),
  };
}

export function createStripeClient(
  credentials: CouponBillingCredentials,
  options: CouponBillingOptions,
): Stripe {
  return new Stripe(credentials.secretKey, stripeConfig(options));
}
