/**
 * The Stripe Connect payout adapter (createStripeConnectPayouts and the onboarding helpers, the official
 * `stripe` library) against the Stripe stand-in's Connect routes: one transfer per payout paid once, a
 * repeat moving nothing, a lost answer found by status(), a refused transfer FAILED with Stripe's words, a
 * reversal RETURNED, transfer webhooks verified, and an Express account onboarded through its link.
 */
import crypto from 'node:crypto';
import type { PayoutBatch, PayoutProvider } from '../../../shared/payouts/payout-provider';
import {
  connectAccountReady,
  createConnectAccount,
  createOnboardingLink,
  createStripeConnectPayouts,
  transferKey,
} from '../../../shared/payouts/stripe-connect';
import { startPayoutStandIns, type PayoutStandIns } from '../../helpers/payout-stand-ins';
import { until } from '../../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';

let standIns: PayoutStandIns;
let receiver: WebhookReceiver;
let provider: PayoutProvider;
let options: { baseUrl: string; timeoutMs: number };
beforeAll(async () => {
  [standIns, receiver] = await Promise.all([startPayoutStandIns(), startWebhookReceiver()]);
  options = { baseUrl: standIns.stripe.url, timeoutMs: 2_000 };
  provider = createStripeConnectPayouts(options);
});
afterAll(async () => {
  await standIns?.close();
  await receiver?.close();
});

function batchOf(...accounts: string[]): PayoutBatch {
  return {
    batchId: `run-${crypto.randomUUID()}-1`,
    orders: accounts.map((accountId, i) => ({
      payoutId: crypto.randomUUID(),
      amountCents: 2000 + i * 100,
      currency: 'USD',
      destination: { type: 'STRIPE_CONNECT', accountId },
      note: 'Referral rewards from Acme',
    })),
  };
}

const nullRefs = (batch: PayoutBatch) => new Map(batch.orders.map((o) => [o.payoutId, null]));
const transfersOf = (payoutId: string) => standIns.stripe.payments(transferKey(payoutId));

test('a batch is one transfer per payout, PAID, made with the payout’s idempotency key and metadata', async () => {
  const credentials = standIns.stripe.credentials();
  const [a, b] = [
    await standIns.stripe.connectedAccount(credentials.secret),
    await standIns.stripe.connectedAccount(credentials.secret),
  ];
  const batch = batchOf(a, b);
  const outcomes = await provider.send(credentials, batch);
  expect(outcomes.map((o) => [o.payoutId, o.state, o.message])).toEqual(
    batch.orders.map((o) => [o.payoutId, 'PAID', null]),
  );
  const stripe = standIns.stripe.standIn.stripe(credentials.secret);
  for (const [i, order] of batch.orders.entries()) {
    expect(transfersOf(order.payoutId)).toHaveLength(1);
    const transfer = await stripe.transfers.retrieve(outcomes[i]!.providerRef!);
    expect(transfer).toMatchObject({
      amount: order.amountCents,
      currency: 'usd',
      destination: [a, b][i],
      metadata: { payout_id: order.payoutId },
    });
  }
});

test('a repeat of the batch answers the same transfers and moves nothing', async () => {
  const credentials = standIns.stripe.credentials();
  const batch = batchOf(await standIns.stripe.connectedAccount(credentials.secret));
  const first = await provider.send(credentials, batch);
  expect(await provider.send(credentials, batch)).toEqual(first);
  expect(transfersOf(batch.orders[0]!.payoutId)).toHaveLength(1);
  const posts = standIns.stripe.standIn
    .calls(credentials.secret)
    .filter((c) => c.method === 'POST' && c.path === '/v1/transfers');
  expect(posts.map((c) => [c.idempotencyKey, c.replayed])).toEqual([
    [transferKey(batch.orders[0]!.payoutId), false],
    [transferKey(batch.orders[0]!.payoutId), true],
  ]);
});

test('a transfer answered after the timeout throws retryable; status() with no ref finds it PAID, paid once', async () => {
  const credentials = standIns.stripe.credentials();
  const batch = batchOf(await standIns.stripe.connectedAccount(credentials.secret));
  await standIns.stripe.answerNextPayments('late', { delayMs: 6_000 });
  const error = await provider.send(credentials, batch).catch((e: unknown) => e);
  expect(error).toMatchObject({ name: 'PayoutProviderError', retryable: true, code: 'timeout' });
  const [outcome] = await provider.status(credentials, batch, nullRefs(batch));
  expect(outcome).toMatchObject({ state: 'PAID', providerRef: expect.stringMatching(/^tr_/) });
  expect(transfersOf(batch.orders[0]!.payoutId)).toHaveLength(1);
});

test('a connection dropped after paying: the library replays it with the same key, and it is paid once', async () => {
  // stripe-node retries a request once on a closed connection (ECONNRESET) whatever maxNetworkRetries
  // says; the same Idempotency-Key makes that replay answer the transfer already made.
  const credentials = standIns.stripe.credentials();
  const batch = batchOf(await standIns.stripe.connectedAccount(credentials.secret));
  await standIns.stripe.answerNextPayments('drop');
  const [outcome] = await provider.send(credentials, batch);
  expect(outcome).toMatchObject({ state: 'PAID' });
  const posts = standIns.stripe.standIn.calls(credentials.secret).filter((c) => c.path === '/v1/transfers');
  expect(posts.map((c) => c.replayed)).toEqual([false, true]);
  expect(transfersOf(batch.orders[0]!.payoutId)).toHaveLength(1);
});

test('status() with no ref and no transfer at Stripe makes it once, by the same key', async () => {
  const credentials = standIns.stripe.credentials();
  const batch = batchOf(await standIns.stripe.connectedAccount(credentials.secret));
  const [outcome] = await provider.status(credentials, batch, nullRefs(batch));
  expect(outcome).toMatchObject({ state: 'PAID' });
  expect(await provider.status(credentials, batch, nullRefs(batch))).toEqual([outcome]);
  expect(transfersOf(batch.orders[0]!.payoutId)).toHaveLength(1);
});

test('a refused transfer is FAILED with Stripe’s message; the rest of the batch is paid', async () => {
  const credentials = standIns.stripe.credentials();
  const ready = await standIns.stripe.connectedAccount(credentials.secret);
  const notOnboarded = await standIns.stripe.connectedAccount(credentials.secret, false);
  const short = await standIns.stripe.connectedAccount(credentials.secret);
  await standIns.stripe.control('/_sandbox/connect/refusals', {
    destination: short,
    message: 'You have insufficient available funds in your Stripe account.',
  });
  const outcomes = await provider.send(credentials, batchOf(ready, notOnboarded, short));
  expect(outcomes.map((o) => [o.state, o.providerRef === null, o.message])).toEqual([
    ['PAID', false, null],
    ['FAILED', true, expect.stringContaining('capabilities enabled: transfers')],
    ['FAILED', true, 'You have insufficient available funds in your Stripe account.'],
  ]);
});

test('a revoked key refuses the batch, not retryable', async () => {
  const credentials = standIns.stripe.credentials();
  const batch = batchOf(await standIns.stripe.connectedAccount(credentials.secret));
  await standIns.stripe.control('/_sandbox/keys/revoke', { key: credentials.secret });
  await expect(provider.send(credentials, batch)).rejects.toMatchObject({ retryable: false });
});

test('a reversed transfer is RETURNED; its transfer.reversed webhook is verified and read; a tampered one refused', async () => {
  const credentials = standIns.stripe.credentials();
  const stripe = standIns.stripe.standIn.stripe(credentials.secret);
  const path = `/stripe-${crypto.randomUUID()}`;
  const endpoint = await stripe.webhookEndpoints.create({
    url: receiver.url(path),
    enabled_events: ['transfer.created', 'transfer.reversed'],
  });
  const batch = batchOf(await standIns.stripe.connectedAccount(credentials.secret));
  const [sent] = await provider.send(credentials, batch);
  await stripe.transfers.createReversal(sent!.providerRef!);
  const refs = new Map([[batch.orders[0]!.payoutId, sent!.providerRef]]);
  expect(await provider.status(credentials, batch, refs)).toEqual([
    {
      payoutId: batch.orders[0]!.payoutId,
      state: 'RETURNED',
      providerRef: sent!.providerRef,
      message: 'Stripe transfer reversed',
    },
  ]);
  const deliveries = await until(
    () => receiver.at(path),
    (d) => d.length >= 2,
  );
  const reversed = deliveries.find((d) => JSON.parse(d.body).type === 'transfer.reversed')!;
  const webhook = await provider.parseWebhook(
    credentials,
    endpoint.secret!,
    reversed.headers,
    Buffer.from(reversed.body),
  );
  expect(webhook).toEqual({
    eventId: JSON.parse(reversed.body).id,
    outcomes: [
      {
        payoutId: batch.orders[0]!.payoutId,
        state: 'RETURNED',
        providerRef: sent!.providerRef,
        message: 'Stripe transfer reversed',
      },
    ],
  });
  const tampered = Buffer.from(reversed.body.replace('"reversed": true', '"reversed": false'));
  expect(tampered.equals(Buffer.from(reversed.body))).toBe(false);
  await expect(
    provider.parseWebhook(credentials, endpoint.secret!, reversed.headers, tampered),
  ).rejects.toMatchObject({
    retryable: false,
    code: 'signature',
  });
  await expect(
    provider.parseWebhook(credentials, 'whsec_other', reversed.headers, Buffer.from(reversed.body)),
  ).rejects.toMatchObject({ retryable: false });
});

test('onboarding: a new Express account, its link, ready once the payee finished onboarding', async () => {
  const credentials = standIns.stripe.credentials();
  const accountId = await createConnectAccount(
    credentials,
    { email: 'payee@example.com', country: 'us' },
    options,
  );
  expect(accountId).toMatch(/^acct_/);
  expect(await connectAccountReady(credentials, accountId, options)).toBe(false);
  const url = await createOnboardingLink(
    credentials,
    accountId,
    {
      refreshUrl: 'https://merchant.example/payouts/refresh',
      returnUrl: 'https://merchant.example/payouts/done',
    },
    options,
  );
  expect(url).toContain(accountId);
  // The payee opens the link and finishes Stripe's onboarding.
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('https://merchant.example/payouts/done');
  expect(await connectAccountReady(credentials, accountId, options)).toBe(true);
  const account = await standIns.stripe.standIn.stripe(credentials.secret).accounts.retrieve(accountId);
  expect(account).toMatchObject({ type: 'express', email: 'payee@example.com', country: 'US' });
  await expect(
    createOnboardingLink(
      credentials,
      'acct_missing',
      { refreshUrl: 'https://a.example', returnUrl: 'https://a.example' },
      options,
    ),
  ).rejects.toMatchObject({ retryable: false });
});
