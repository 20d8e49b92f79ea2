import crypto from 'node:crypto';
import path from 'node:path';
import Stripe from 'stripe';
import { PROJECT_ROOT } from '../../shared/config';
import { createLogger } from '../../shared/logger';
import type { StripeCall } from '../../services/processor-sandbox/stripe/call-log';
import type { Delivery } from '../../services/processor-sandbox/stripe/events';
import { startStripeFront, type StripeFront } from '../../services/processor-sandbox/stripe/front';
import { authenticate } from '../../services/processor-sandbox/stripe/keys';
import { startLocalstripe } from '../../tooling/localstripe';

/**
 * The Stripe stand-in for tests: localstripe and the front on free ports. `stripe(key)` is the official
 * library pointed at the front (API 2024-09-30.acacia); the control API drives what is not an API call.
 */

export const STRIPE_API_VERSION = '2024-09-30.acacia';

export interface StripeStandIn {
  /** The front's origin (what the library and the service talk to). */
  url: string;
  front: StripeFront;
  stripe(key: string): Stripe;
  /** The API calls made with this key (every key's when none is given). */
  calls(key?: string): StripeCall[];
  deliveries: {
    list(key?: string): Delivery[];
    hold(key?: string): Promise<void>;
    release(options?: {
      key?: string;
      order?: string[];
      times?: number;
      keepHolding?: boolean;
    }): Promise<Delivery[]>;
    resend(key: string, eventId: string, endpoint?: string): Promise<Delivery[]>;
    /** Resolves once no delivery attempt is in flight. */
    settled(): Promise<void>;
  };
  /** A control route (`/_sandbox/...`) with a JSON body; throws on a non-2xx answer. */
  control<T = any>(route: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

/** A fresh secret key of an account of its own (its rk_test_ twin is the same account's restricted key). */
export function newStripeKey(mode: 'test' | 'live' = 'test'): string {
  return `sk_${mode}_${crypto.randomBytes(12).toString('hex')}`;
}

export function restrictedKeyOf(secretKey: string): string {
  return secretKey.replace(/^sk_/, 'rk_');
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', name: 'stripe-stand-in' });
  const localstripe = await startLocalstripe({ toolsDir: path.join(PROJECT_ROOT, '.tools'), logger });
  let front: StripeFront;
  try {
    front = await startStripeFront({ localstripeUrl: localstripe.url, port: 0 });
  } catch (err) {
    await localstripe.close();
    throw err;
  }
  const { hostname, port } = new URL(front.url);
  const control = async (route: string, body?: unknown) => {
    const res = await fetch(`${front.url}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${route} answered ${res.status}: ${text}`);
    return JSON.parse(text);
  };
  return {
    url: front.url,
    front,
    stripe: (key) =>
      new Stripe(key, {
        apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
        host: hostname,
        port: Number(port),
        protocol: 'http',
        maxNetworkRetries: 0,
        telemetry: false,
      }),
    calls: (key) => front.calls.list(key),
    deliveries: {
      list: (key) =>
        front.ctx.events.list(key ? authenticate(`Bearer ${key}`, new Set()).account : undefined),
      hold: async (key) => void (await control('/_sandbox/deliveries/hold', key ? { key } : {})),
      release: (options = {}) => control('/_sandbox/deliveries/release', options),
      resend: (key, eventId, endpoint) => control(`/_sandbox/events/${eventId}/resend`, { key, endpoint }),
      settled: () => front.ctx.events.settled(),
    },
    control,
    async close() {
      await front.close();
      await localstripe.close();
    },
  };
}
