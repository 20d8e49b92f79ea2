import http from 'node:http';
import type Stripe from 'stripe';
import { closeServer, listen } from '../../shared/http';
import { keyApi, type TenantApi } from './api-client';
import { createTestTenant } from './harness';
import { startReferralApi, uid, type ReferralApi } from './referrals';
import { newStripeKey, startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

/**
 * A gateway and worker whose Stripe calls go to the Stripe stand-in through a proxy that can lose an
 * answer: the request reaches Stripe and is applied, and the connection is then dropped before the answer
 * (the fault an idempotency key is for). Tenants are test-mode tenants connected to Stripe through
 * `connectPaymentProcessor` with a key of an account of their own at the stand-in.
 */

/**
 * Forwards everything to `target`; `loseNext(match)` drops the connection after the next matching call
 * was applied, `refuseNext(match)` answers it with Stripe's 400 for a missing customer without passing it on.
 */
export interface LossyProxy {
  url: string;
  loseNext(match: (method: string, path: string) => boolean): void;
  refuseNext(match: (method: string, path: string) => boolean): void;
  /** Whether a refusal is still waiting for its call. */
  refusing(): boolean;
  close(): Promise<void>;
}

const PASSED_REQUEST = ['authorization', 'content-type', 'idempotency-key', 'stripe-version'];
const PASSED_ANSWER = [
  'content-type',
  'idempotency-key',
  'idempotent-replayed',
  'request-id',
  'stripe-version',
];

export async function startLossyProxy(target: string): Promise<LossyProxy> {
  let lose: ((method: string, path: string) => boolean) | null = null;
  let refuse: ((method: string, path: string) => boolean) | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const method = req.method ?? 'GET';
        const headers = Object.fromEntries(
          PASSED_REQUEST.filter((h) => req.headers[h]).map((h) => [h, String(req.headers[h])]),
        );
        const body = method === 'GET' || method === 'DELETE' ? undefined : Buffer.concat(chunks);
        const asked = new URL(req.url ?? '/', target).pathname;
        if (refuse?.(method, asked)) {
          refuse = null;
          const error = {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such customer',
          };
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
          return;
        }
        const answer = await fetch(`${target}${req.url}`, { method, headers, body });
        const text = await answer.text();
        const path = new URL(req.url ?? '/', target).pathname;
        if (lose?.(method, path)) {
          lose = null;
          req.socket.destroy(); // applied at Stripe; the answer is lost
          return;
        }
        const out = Object.fromEntries(
          PASSED_ANSWER.filter((h) => answer.headers.get(h)).map((h) => [h, answer.headers.get(h)!]),
        );
        res.writeHead(answer.status, out).end(text);
      })().catch(() => res.destroy());
    });
  });
  const port = await listen(server, 0, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}`,
    loseNext(match) {
      lose = match;
    },
    refuseNext(match) {
      refuse = match;
    },
    refusing: () => refuse !== null,
    close: () => closeServer(server),
  };
}

export interface StripeTenant {
  api: TenantApi;
  tenantId: string;
  alias: string;
  key: string;
  stripe: Stripe;
}

export interface StripeBillingStack {
  ref: ReferralApi;
  standIn: StripeStandIn;
  proxy: LossyProxy;
  /** A new test-mode tenant connected to Stripe with a key of a Stripe account of its own. */
  stripeTenant(): Promise<StripeTenant>;
  close(): Promise<void>;
}

const CONNECT = /* GraphQL */ `
  mutation C($input: ConnectPaymentProcessorInput!) {
    connectPaymentProcessor(input: $input) {
      processor
    }
  }
`;

export async function startStripeBillingStack(): Promise<StripeBillingStack> {
  const standIn = await startStripeStandIn();
  const proxy = await startLossyProxy(standIn.url);
  const ref = await startReferralApi({ env: { STRIPE_BASE_URL: proxy.url } });
  return {
    ref,
    standIn,
    proxy,
    async stripeTenant() {
      const issued = await createTestTenant(ref.gw.deps.db, 'test');
      const api = keyApi(ref.gw, issued);
      const { id: tenantId } = await ref.gw.deps.db('tenants').where({ alias: issued.alias }).first('id');
      const key = newStripeKey('test');
      await api.gqlOk(CONNECT, { input: { processor: 'STRIPE', secretKey: key } });
      // The events Stripe sends are the effects' tests' business: held here, so none reaches the gateway.
      await standIn.deliveries.hold(key);
      return { api, tenantId, alias: issued.alias, key, stripe: standIn.stripe(key) };
    },
    async close() {
      await ref.close();
      await proxy.close();
      await standIn.close();
    },
  };
}

/** A customer with a card, and a monthly price of `amount` cents in USD. */
export async function customerAndPrice(stripe: Stripe, amount = 2000) {
  const customer = await stripe.customers.create({
    email: `${uid('c')}@example.com`,
    payment_method: 'pm_card_visa',
    invoice_settings: { default_payment_method: 'pm_card_visa' },
  });
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: amount,
    recurring: { interval: 'month' },
    product_data: { name: 'Pro' },
  });
  return { customer, price };
}

/** Our coupons and the merchant's on a subscription, by coupon id. */
export async function couponsOn(stripe: Stripe, subscriptionId: string): Promise<string[]> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['discounts'] });
  return (subscription.discounts as Stripe.Discount[]).map((d) => d.coupon.id).sort();
}
