/**
 * The gift-card adapter (createGiftCardPayouts, the official `tremendous` client) against the
 * Tremendous-shaped stand-in: one order per payout paid once, a repeat answering the original order, a
 * lost answer found by external_id, a refused order FAILED with its message, a bounced delivery FAILED,
 * a cancelled order RETURNED, and signed webhooks read back through the API; a tampered one refused.
 */
import crypto from 'node:crypto';
import { createGiftCardPayouts } from '../../../shared/payouts/gift-cards';
import type { PayoutBatch, PayoutProvider } from '../../../shared/payouts/payout-provider';
import { startPayoutStandIns, type PayoutStandIns } from '../../helpers/payout-stand-ins';
import { until } from '../../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';

let standIns: PayoutStandIns;
let receiver: WebhookReceiver;
let provider: PayoutProvider;
beforeAll(async () => {
  [standIns, receiver] = await Promise.all([startPayoutStandIns(), startWebhookReceiver()]);
  provider = createGiftCardPayouts({ baseUrl: standIns.giftCards.basePath, timeoutMs: 2_000 });
});
afterAll(async () => {
  await standIns?.close();
  await receiver?.close();
});

const email = () => `payee-${crypto.randomBytes(5).toString('hex')}@example.com`;

function batchOf(...recipients: string[]): PayoutBatch {
  return {
    batchId: `run-${crypto.randomUUID()}-1`,
    orders: recipients.map((recipient, i) => ({
      payoutId: crypto.randomUUID(),
      amountCents: 2500 + i * 5,
      currency: 'USD',
      destination: { type: 'GIFT_CARD', email: recipient, name: i === 0 ? 'Jane Doe' : null },
      note: 'Referral rewards from Acme',
    })),
  };
}

const nullRefs = (batch: PayoutBatch) => new Map(batch.orders.map((o) => [o.payoutId, null]));
const paid = (payoutId: string) => standIns.giftCards.payments(payoutId);
test('one order per payout, external_id = payoutId, PAID once delivered', async () => {
  const credentials = standIns.giftCards.credentials();
  const batch = batchOf(email(), email());
  const outcomes = await provider.send(credentials, batch);
  expect(outcomes.map((o) => [o.payoutId, o.state, o.message])).toEqual(
    batch.orders.map((o) => [o.payoutId, 'PAID', null]),
  );
  for (const [i, order] of batch.orders.entries()) {
    expect(paid(order.payoutId).map((p) => [p.id, p.amountCents, p.currency])).toEqual([
      [outcomes[i]!.providerRef, order.amountCents, 'USD'],
    ]);
  }
  const stored = standIns.giftCards.standIn.state.orders.get(outcomes[0]!.providerRef!)!.order;
  expect(stored).toMatchObject({ external_id: batch.orders[0]!.payoutId, campaign_id: credentials.clientId });
  expect(stored.rewards[0]).toMatchObject({
    value: { denomination: 25, currency_code: 'USD' },
    recipient: { name: 'Jane Doe' },
  });
});

test('a repeat answers the original orders and pays nothing new', async () => {
  const credentials = standIns.giftCards.credentials();
  const batch = batchOf(email());
  const first = await provider.send(credentials, batch);
  const before = standIns.giftCards.calls().length;
  expect(await provider.send(credentials, batch)).toEqual(first);
  expect(paid(batch.orders[0]!.payoutId)).toHaveLength(1);
  const repeat = standIns.giftCards.calls().slice(before);
  expect(repeat.map((c) => [c.method, c.path, c.status, c.replayed])).toEqual([
    ['POST', '/api/v2/orders', 201, true],
  ]);
});

test.each(['late', 'drop'] as const)(
  'an order answered %s after paying throws retryable; status() with no ref finds it by external_id, paid once',
  async (mode) => {
    const credentials = standIns.giftCards.credentials();
    const batch = batchOf(email());
    await standIns.giftCards.answerNextPayments(mode, { delayMs: 6_000 });
    const error = await provider.send(credentials, batch).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PayoutProviderError', retryable: true });
    const calls = standIns.giftCards.calls().length;
    const [outcome] = await provider.status(credentials, batch, nullRefs(batch));
    expect(outcome).toMatchObject({ state: 'PAID', providerRef: paid(batch.orders[0]!.payoutId)[0]!.id });
    expect(paid(batch.orders[0]!.payoutId)).toHaveLength(1);
    const after = standIns.giftCards
      .calls()
      .slice(calls)
      .filter((c) => !c.path.startsWith('/_sandbox'));
    expect(after.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /api/v2/orders/${batch.orders[0]!.payoutId}`,
    ]);
  },
);

test('status() with no ref and no order at the provider places it once', async () => {
  const credentials = standIns.giftCards.credentials();
  const batch = batchOf(email());
  const [outcome] = await provider.status(credentials, batch, nullRefs(batch));
  expect(outcome).toMatchObject({ state: 'PAID' });
  expect(await provider.status(credentials, batch, nullRefs(batch))).toEqual([outcome]);
  expect(paid(batch.orders[0]!.payoutId)).toHaveLength(1);
});

test('a refused order is FAILED with the provider’s message, nothing paid; the rest is paid', async () => {
  const credentials = standIns.giftCards.credentials();
  const refused = email();
  await standIns.giftCards.control('/_sandbox/recipients', {
    email: refused,
    refuse: 'Recipient email is on a block list',
  });
  const batch = batchOf(email(), refused);
  const outcomes = await provider.send(credentials, batch);
  expect(outcomes.map((o) => [o.state, o.message])).toEqual([
    ['PAID', null],
    ['FAILED', 'Recipient email is on a block list'],
  ]);
  expect(paid(batch.orders[1]!.payoutId)).toHaveLength(0);
});

test('a bounced delivery is FAILED, a pending one PENDING until delivered, a cancelled order RETURNED', async () => {
  const credentials = standIns.giftCards.credentials();
  const [bounced, slow] = [email(), email()];
  await standIns.giftCards.control('/_sandbox/recipients', { email: bounced, delivery: 'FAILED' });
  await standIns.giftCards.control('/_sandbox/recipients', { email: slow, delivery: 'PENDING' });
  const batch = batchOf(bounced, slow);
  const sent = await provider.send(credentials, batch);
  expect(sent.map((o) => [o.state, o.message])).toEqual([
    ['FAILED', 'Tremendous reward delivery failed'],
    ['PENDING', null],
  ]);
  await standIns.giftCards.control(`/_sandbox/orders/${sent[1]!.providerRef}/delivery`, {
    status: 'SUCCEEDED',
  });
  const refs = new Map(sent.map((o) => [o.payoutId, o.providerRef]));
  expect((await provider.status(credentials, batch, refs)).map((o) => o.state)).toEqual(['FAILED', 'PAID']);
  await standIns.giftCards.control(`/_sandbox/orders/${sent[1]!.providerRef}/cancel`, {});
  expect((await provider.status(credentials, batch, refs))[1]).toMatchObject({
    state: 'RETURNED',
    message: 'Tremendous order canceled',
  });
});

test('a revoked API key refuses the batch, not retryable; no campaign is refused before any call', async () => {
  const credentials = standIns.giftCards.credentials();
  await standIns.giftCards.control('/_sandbox/keys/revoke', { key: credentials.secret });
  const error = await provider.send(credentials, batchOf(email())).catch((e: unknown) => e);
  expect(error).toMatchObject({ name: 'PayoutProviderError', retryable: false });
  expect((error as Error).message).not.toContain(credentials.secret);
  const fresh = standIns.giftCards.credentials();
  await expect(provider.send({ ...fresh, clientId: null }, batchOf(email()))).rejects.toMatchObject({
    retryable: false,
    code: 'credentials',
  });
});

test('webhooks: a signed delivery is verified and read back through the API; a tampered one is refused', async () => {
  const credentials = standIns.giftCards.credentials();
  const path = `/gift-${crypto.randomUUID()}`;
  const privateKey = await standIns.giftCards.registerWebhook(credentials.secret, receiver.url(path));
  const batch = batchOf(email());
  const [sent] = await provider.send(credentials, batch);
  await standIns.giftCards.control(`/_sandbox/orders/${sent!.providerRef}/cancel`, {});
  const deliveries = await until(
    () => receiver.at(path),
    (d) => d.length >= 3,
  );
  const byEvent = (name: string) => deliveries.find((d) => JSON.parse(d.body).event === name)!;

  const delivered = byEvent('REWARDS.DELIVERY.SUCCEEDED');
  const canceled = byEvent('REWARDS.CANCELED');
  const first = await provider.parseWebhook(
    credentials,
    privateKey,
    delivered.headers,
    Buffer.from(delivered.body),
  );
  expect(first.eventId).toBe(JSON.parse(delivered.body).uuid);
  // The adapter reads the order as it stands now: cancelled since.
  expect(first.outcomes).toEqual([
    {
      payoutId: batch.orders[0]!.payoutId,
      state: 'RETURNED',
      providerRef: sent!.providerRef,
      message: 'Tremendous order canceled',
    },
  ]);
  const second = await provider.parseWebhook(
    credentials,
    privateKey,
    canceled.headers,
    Buffer.from(canceled.body),
  );
  expect(second.outcomes).toEqual(first.outcomes);

  const tampered = Buffer.from(canceled.body.replace(/"id":"[A-Z0-9]+"/, '"id":"XXXXXXXXXXXX"'));
  expect(tampered.equals(Buffer.from(canceled.body))).toBe(false);
  await expect(
    provider.parseWebhook(credentials, privateKey, canceled.headers, tampered),
  ).rejects.toMatchObject({ retryable: false, code: 'signature' });
  await expect(
    provider.parseWebhook(credentials, 'another-key', canceled.headers, Buffer.from(canceled.body)),
  ).rejects.toMatchObject({ retryable: false, code: 'signature' });
  await expect(
    provider.parseWebhook(credentials, privateKey, {}, Buffer.from(canceled.body)),
  ).rejects.toMatchObject({ code: 'signature' });
});
