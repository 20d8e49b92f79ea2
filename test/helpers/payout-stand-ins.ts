import crypto from 'node:crypto';
import type { PayoutCredentials } from '../../shared/payouts/payout-provider';
import {
  startGiftCardStandIn,
  type GiftCardStandIn,
} from '../../services/processor-sandbox/gift-cards/server';
import type { StandInCall } from '../../services/processor-sandbox/payout-common/json-server';
import type { StandInPayment } from '../../services/processor-sandbox/payout-common/payment-ledger';
import type { OutboxDelivery } from '../../services/processor-sandbox/payout-common/webhook-outbox';
import { startPayPalStandIn, type PayPalStandIn } from '../../services/processor-sandbox/paypal/server';
import { newStripeKey, startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

/**
 * The payout providers' stand-ins for tests, started in this process on free ports: PayPal Payouts, the
 * gift-card provider (Tremendous-shaped) and Stripe (localstripe and our front, with Connect). Each has
 * its URL, fresh credentials (an account of its own per call), what it paid per idempotency key, its
 * calls, the fault knobs (`answerNextPayments`: the next paying requests pay, then answer late or drop
 * the connection), a generic `control` for the rest of its /_sandbox API, and close().
 */

export type FaultMode = 'late' | 'drop';

interface Common {
  url: string;
  credentials(): PayoutCredentials;
  /** Payments made (under one idempotency key, or all). */
  payments(key?: string): StandInPayment[];
  /** A /_sandbox control route with a JSON body (GET without one); throws on a non-2xx answer. */
  control<T = any>(route: string, body?: unknown): Promise<T>;
  answerNextPayments(mode: FaultMode, options?: { count?: number; delayMs?: number }): Promise<void>;
  close(): Promise<void>;
}

export interface PayPalTestStandIn extends Common {
  standIn: PayPalStandIn;
  calls(): StandInCall[];
  /** Registers a webhook of the app at `url`: answers its id (the adapter's webhookSecret). */
  registerWebhook(clientId: string, url: string): Promise<string>;
  /** What the receiver's items become from now on (FAILED with a message, UNCLAIMED...). */
  receiverRule(email: string, status: string, message?: string): Promise<void>;
  /** A later change of an item (RETURNED, UNCLAIMED, REFUNDED...), announced to the webhooks. */
  changeItem(payoutItemId: string, status: string, message?: string): Promise<void>;
  deliveries(): OutboxDelivery[];
  settled(): Promise<void>;
}

export interface GiftCardTestStandIn extends Common {
  standIn: GiftCardStandIn;
  /** The client's base path (`${url}/api/v2`). */
  basePath: string;
  calls(): StandInCall[];
  /** Creates the organization's webhook at `url` (Tremendous' API): answers its private key. */
  registerWebhook(apiKey: string, url: string): Promise<string>;
  deliveries(): OutboxDelivery[];
  settled(): Promise<void>;
}

export interface StripeConnectTestStandIn extends Common {
  standIn: StripeStandIn;
  /** A connected account of the platform, onboarded (transfers active) unless `onboarded` is false. */
  connectedAccount(secretKey: string, onboarded?: boolean): Promise<string>;
}

export interface PayoutStandIns {
  paypal: PayPalTestStandIn;
  giftCards: GiftCardTestStandIn;
  stripe: StripeConnectTestStandIn;
  close(): Promise<void>;
}

function controlOf(url: string) {
  return async (route: string, body?: unknown) => {
    const res = await fetch(`${url}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${route} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

const id = () => crypto.randomBytes(8).toString('hex');

function payPalTest(standIn: PayPalStandIn): PayPalTestStandIn {
  const control = controlOf(standIn.url);
  return {
    url: standIn.url,
    standIn,
    credentials: () => ({ clientId: `client-${id()}`, secret: `secret-${id()}` }),
    payments: (key) => standIn.state.ledger.list(key),
    calls: () => standIn.calls(),
    control,
    answerNextPayments: async (mode, options = {}) =>
      void (await control('/_sandbox/faults', { mode, ...options })),
    registerWebhook: async (clientId, url) => (await control('/_sandbox/webhooks', { clientId, url })).id,
    receiverRule: async (email, status, message) =>
      void (await control('/_sandbox/receivers', { email, status, ...(message ? { message } : {}) })),
    changeItem: async (itemId, status, message) =>
      void (await control(`/_sandbox/items/${itemId}`, { status, ...(message ? { message } : {}) })),
    deliveries: () => standIn.state.outbox.list(),
    settled: () => standIn.state.outbox.settled(),
    close: () => standIn.close(),
  };
}

function giftCardTest(standIn: GiftCardStandIn): GiftCardTestStandIn {
  const control = controlOf(standIn.url);
  return {
    url: standIn.url,
    basePath: standIn.basePath,
    standIn,
    credentials: () => ({ clientId: `CAMPAIGN${id().toUpperCase()}`, secret: `TEST_${id()}${id()}` }),
    payments: (key) => standIn.state.ledger.list(key),
    calls: () => standIn.calls(),
    control,
    answerNextPayments: async (mode, options = {}) =>
      void (await control('/_sandbox/faults', { mode, ...options })),
    async registerWebhook(apiKey, url) {
      const res = await fetch(`${standIn.basePath}/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
      });
      if (!res.ok) throw new Error(`webhook creation answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { webhook: { private_key: string } }).webhook.private_key;
    },
    deliveries: () => standIn.state.outbox.list(),
    settled: () => standIn.state.outbox.settled(),
    close: () => standIn.close(),
  };
}

function stripeTest(standIn: StripeStandIn): StripeConnectTestStandIn {
  const control = controlOf(standIn.url);
  return {
    url: standIn.url,
    standIn,
    credentials: () => ({ clientId: null, secret: newStripeKey() }),
    payments: (key) => standIn.front.ctx.connect.ledger.list(key),
    control,
    answerNextPayments: async (mode, options = {}) =>
      void (await control('/_sandbox/connect/faults', { mode, ...options })),
    async connectedAccount(secretKey, onboarded = true) {
      const account = await standIn.stripe(secretKey).accounts.create({
        type: 'express',
        email: `payee-${id()}@example.com`,
        capabilities: { transfers: { requested: true } },
      });
      if (onboarded) await control(`/_sandbox/connect/accounts/${account.id}/onboard`, { key: secretKey });
      return account.id;
    },
    close: () => standIn.close(),
  };
}

export async function startPayoutStandIns(): Promise<PayoutStandIns> {
  const [paypal, giftCards, stripe] = await Promise.all([
    startPayPalStandIn(),
    startGiftCardStandIn(),
    startStripeStandIn(),
  ]);
  const all = { paypal: payPalTest(paypal), giftCards: giftCardTest(giftCards), stripe: stripeTest(stripe) };
  return {
    ...all,
    async close() {
      await Promise.all([all.paypal.close(), all.giftCards.close(), all.stripe.close()]);
    },
  };
}
