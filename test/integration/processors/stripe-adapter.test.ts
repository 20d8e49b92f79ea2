/**
 * The Stripe adapter (createStripeProcessor) against the Stripe stand-in (localstripe behind the
 * project's front, test/helpers/stripe-stand-in.ts): keys, webhook endpoints and a real signed delivery,
 * and balance transactions (a write made twice is made once). Coupons and promotion codes are in
 * stripe-adapter-discounts.test.ts, find* and subscription coupons in stripe-adapter-objects.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { closeServer, freePort } from '../../../shared/http';
import {
  ProcessorCredentialsRefusedError,
  ProcessorRejectedError,
  ProcessorUnavailableError,
} from '../../../shared/processors/payment-processor';
import { STRIPE_API_VERSION } from '../../../shared/processors/stripe.processor';
import {
  newStripeKey,
  restrictedKeyOf,
  startStripeStandIn,
  type StripeStandIn,
} from '../../helpers/stripe-stand-in';
import { postsOf, rejection, stripeAdapter } from '../../helpers/stripe-adapter';
import { until } from '../../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';

let standIn: StripeStandIn;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [standIn, receiver] = await Promise.all([startStripeStandIn(), startWebhookReceiver()]);
});
afterAll(async () => {
  await standIn?.close();
  await receiver?.close();
});

const adapter = (
  secretKey: string,
  options: { baseUrl?: string; timeoutMs?: number; webhookSecret?: string | null } = {},
) => stripeAdapter(standIn, secretKey, options);

const posts = (key: string, path: RegExp) => postsOf(standIn, key, path);

describe('verifyCredentials', () => {
  test('a test key: a read of the balance for its mode, then the account if it may be read', async () => {
    const key = newStripeKey();
    const answer = await adapter(key).verifyCredentials();
    expect(answer.livemode).toBe(false);
    const calls = standIn.calls(key).map((c) => `${c.method} ${c.path} ${c.status}`);
    expect(calls[0]).toBe('GET /v1/balance 200');
    expect(calls.slice(1)).toEqual([expect.stringMatching(/^GET \/v1\/account (200|403|404)$/)]);
    // The stand-in has no /v1/account (a 404, like a restricted key's 403): no account id, no error.
    if (calls[1]!.endsWith('200')) expect(answer.accountId).toMatch(/^acct_/);
    else expect(answer.accountId).toBeNull();
  });

  test('a restricted key passes too', async () => {
    const key = restrictedKeyOf(newStripeKey());
    await expect(adapter(key).verifyCredentials()).resolves.toMatchObject({ livemode: false });
  });

  test('a malformed or revoked key is refused, and the key is in no message', async () => {
    const malformed = 'sk_test_x';
    const refused = await rejection(adapter(malformed).verifyCredentials());
    expect(refused).toBeInstanceOf(ProcessorCredentialsRefusedError);
    expect(refused.message).not.toContain(malformed);

    const key = newStripeKey();
    await standIn.control('/_sandbox/keys/revoke', { key });
    const revoked = await rejection(adapter(key).verifyCredentials());
    expect(revoked).toBeInstanceOf(ProcessorCredentialsRefusedError);
    expect(revoked.message).not.toContain(key);
  });

  test('nothing listening: unavailable', async () => {
    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    const error = await rejection(adapter(newStripeKey(), { baseUrl }).verifyCredentials());
    expect(error).toBeInstanceOf(ProcessorUnavailableError);
  });

  test('a server that accepts and never answers: unavailable after the timeout', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      const error = await rejection(adapter(newStripeKey(), { baseUrl, timeoutMs: 400 }).verifyCredentials());
      expect(error).toBeInstanceOf(ProcessorUnavailableError);
      expect(error.message).toMatch(/timeout/i);
      expect(Date.now() - started).toBeLessThan(5_000);
      const write = await rejection(
        adapter(newStripeKey(), { baseUrl, timeoutMs: 400 }).ensureCoupon({
          id: 'ref-t-p10',
          name: 'x',
          percentOff: 10,
          duration: 'once',
          metadata: {},
        }),
      );
      expect(write).toBeInstanceOf(ProcessorUnavailableError);
    } finally {
      silent.closeAllConnections();
      await closeServer(silent);
    }
  });
});

describe('webhook endpoints', () => {
  test('registered pinned to our API version with our events; a delivery parses with its secret', async () => {
    const key = newStripeKey();
    const path = `/stripe/${key.slice(-8)}`;
    const processor = adapter(key);
    const registered = await processor.registerWebhook(receiver.url(path), processor.webhookEvents);
    expect(registered).not.toBeNull();
    const { endpointId, secret } = registered!;
    expect(endpointId).toMatch(/^we_/);
    expect(secret).toMatch(/^whsec_/);
    const endpoint = await standIn.stripe(key).webhookEndpoints.retrieve(endpointId);
    expect(endpoint.api_version).toBe(STRIPE_API_VERSION);
    expect(endpoint.enabled_events).toEqual([...processor.webhookEvents]);

    const customer = await standIn.stripe(key).customers.create({ email: 'hook@example.com' });
    const [delivery] = await until(
      () => receiver.at(path),
      (list) => list.length > 0,
      15_000,
    );
    expect(delivery).toBeDefined();
    const verifying = adapter(key, { webhookSecret: secret });
    expect(verifying.parseEvent(delivery!.headers['stripe-signature']!, delivery!.body)).toMatchObject({
      type: 'customer.created',
      effect: 'CUSTOMER',
      objectId: customer.id,
      customerId: customer.id,
      livemode: false,
    });
    // Another endpoint's secret does not verify it.
    const other = adapter(key, { webhookSecret: 'whsec_someone_else' });
    expect(() => other.parseEvent(delivery!.headers['stripe-signature']!, delivery!.body)).toThrow();

    await processor.removeWebhook(endpointId);
    await expect(standIn.stripe(key).webhookEndpoints.retrieve(endpointId)).rejects.toMatchObject({
      statusCode: 404,
    });
    // Already gone: fine.
    await expect(processor.removeWebhook(endpointId)).resolves.toBeUndefined();
  });

  test('a restricted key may not create endpoints: null, nothing created', async () => {
    const secretKey = newStripeKey();
    const processor = adapter(restrictedKeyOf(secretKey));
    await expect(
      processor.registerWebhook('https://merchant.example/hook', processor.webhookEvents),
    ).resolves.toBeNull();
    expect((await standIn.stripe(secretKey).webhookEndpoints.list()).data).toEqual([]);
  });

  test('an invalid URL is a refusal, not an outage', async () => {
    const error = await rejection(adapter(newStripeKey()).registerWebhook('not a url', ['invoice.paid']));
    expect(error).toBeInstanceOf(ProcessorRejectedError);
  });
});

describe('balance transactions', () => {
  test('created twice with one idempotency key: one transaction, one credit', async () => {
    const key = newStripeKey();
    const processor = adapter(key);
    const customer = await standIn.stripe(key).customers.create({ email: 'referrer@example.com' });
    const input = {
      customerId: customer.id,
      amountCents: -1500,
      currency: 'USD',
      description: 'Referral credit',
      idempotencyKey: 'reward-rw_1',
      metadata: { reward_id: 'rw_1' },
    };
    const first = await processor.createBalanceTransaction(input);
    const again = await processor.createBalanceTransaction(input);
    expect(again).toEqual(first);
    expect(first.id).toMatch(/^cbtxn_/);
    const listed = await standIn.stripe(key).customers.listBalanceTransactions(customer.id);
    expect(listed.data.map((t) => [t.id, t.amount, t.currency, t.metadata])).toEqual([
      [first.id, -1500, 'usd', { reward_id: 'rw_1' }],
    ]);
    expect(((await standIn.stripe(key).customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(
      -1500,
    );
    expect(posts(key, /balance_transactions$/).map((c) => [c.idempotencyKey, c.replayed])).toEqual([
      ['reward-rw_1', false],
      ['reward-rw_1', true],
    ]);

    // The reversal is its own key; the same key with other terms is refused.
    await processor.createBalanceTransaction({
      ...input,
      amountCents: 1500,
      idempotencyKey: 'reversal-rw_1',
    });
    expect(((await standIn.stripe(key).customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(0);
    const misuse = await rejection(processor.createBalanceTransaction({ ...input, amountCents: -9 }));
    expect(misuse).toBeInstanceOf(ProcessorRejectedError);
  });

  test('an unknown customer is a refusal', async () => {
    const error = await rejection(
      adapter(newStripeKey()).createBalanceTransaction({
        customerId: 'cus_missing',
        amountCents: -100,
        currency: 'USD',
        description: 'x',
        idempotencyKey: 'k-missing',
        metadata: {},
      }),
    );
    expect(error).toBeInstanceOf(ProcessorRejectedError);
  });
});
