/**
 * The PayPal Payouts adapter (createPayPalPayouts, the official @paypal/payouts-sdk) against the PayPal
 * stand-in: a batch paid once, a repeat paying nothing new, a send whose answer is lost after paying found
 * by status(), failed, unclaimed and returned items, and webhooks verified through PayPal's
 * verify-webhook-signature call.
 */
import crypto from 'node:crypto';
import type { PayoutBatch, PayoutProvider } from '../../../shared/payouts/payout-provider';
import { PayoutProviderError } from '../../../shared/payouts/payout-provider';
import { createPayPalPayouts } from '../../../shared/payouts/paypal-payouts';
import { startPayoutStandIns, type PayoutStandIns } from '../../helpers/payout-stand-ins';
import { until } from '../../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';

let standIns: PayoutStandIns;
let receiver: WebhookReceiver;
let provider: PayoutProvider;
beforeAll(async () => {
  [standIns, receiver] = await Promise.all([startPayoutStandIns(), startWebhookReceiver()]);
  provider = createPayPalPayouts({ baseUrl: standIns.paypal.url, timeoutMs: 2_000 });
});
afterAll(async () => {
  await standIns?.close();
  await receiver?.close();
});

const email = () => `payee-${crypto.randomBytes(5).toString('hex')}@example.com`;

function batchOf(...receivers: string[]): PayoutBatch {
  return {
    batchId: `run-${crypto.randomUUID()}-1`,
    orders: receivers.map((receiver, i) => ({
      payoutId: crypto.randomUUID(),
      amountCents: 1000 + i * 250,
      currency: 'USD',
      destination: { type: 'PAYPAL', email: receiver },
      note: 'Referral rewards from Acme',
    })),
  };
}

const refsOf = (batch: PayoutBatch, refs: (string | null)[] = []) =>
  new Map(batch.orders.map((o, i) => [o.payoutId, refs[i] ?? null]));

const paidCount = (payoutId: string) => standIns.paypal.payments(payoutId).length;

describe('send', () => {
  test('a batch is one POST paying each item once, PAID with the item ids', async () => {
    const credentials = standIns.paypal.credentials();
    const batch = batchOf(email(), email());
    const outcomes = await provider.send(credentials, batch);
    expect(outcomes.map((o) => [o.payoutId, o.state, o.message])).toEqual(
      batch.orders.map((o) => [o.payoutId, 'PAID', null]),
    );
    expect(outcomes.every((o) => /^[A-Z0-9]{13}$/.test(o.providerRef ?? ''))).toBe(true);
    const payments = standIns.paypal.payments().filter((p) => batch.orders.some((o) => o.payoutId === p.key));
    expect(payments.map((p) => [p.key, p.amountCents, p.currency])).toEqual(
      batch.orders.map((o) => [o.payoutId, o.amountCents, 'USD']),
    );
    const posts = standIns.paypal
      .calls()
      .filter((c) => c.method === 'POST' && c.path === '/v1/payments/payouts');
    expect(posts.filter((c) => c.idempotencyKey === batch.batchId)).toHaveLength(1);
  });

  test('a repeat of the batch answers the same items and pays nothing new', async () => {
    const credentials = standIns.paypal.credentials();
    const batch = batchOf(email());
    const first = await provider.send(credentials, batch);
    const again = await provider.send(credentials, batch);
    expect(again).toEqual(first);
    expect(paidCount(batch.orders[0]!.payoutId)).toBe(1);
    const posts = standIns.paypal
      .calls()
      .filter((c) => c.path === '/v1/payments/payouts' && c.idempotencyKey === batch.batchId);
    expect(posts.map((c) => c.replayed)).toEqual([false, true]);
  });

  test('a repeat after PayPal forgot the request id meets the sender_batch_id check: the original is read', async () => {
    const credentials = standIns.paypal.credentials();
    const batch = batchOf(email(), email());
    const first = await provider.send(credentials, batch);
    await standIns.paypal.control('/_sandbox/request-ids/forget', {});
    expect(await provider.send(credentials, batch)).toEqual(first);
    const posts = standIns.paypal
      .calls()
      .filter((c) => c.path === '/v1/payments/payouts' && c.idempotencyKey === batch.batchId);
    expect(posts.map((c) => c.status)).toEqual([201, 400]);
    for (const order of batch.orders) expect(paidCount(order.payoutId)).toBe(1);
  });

  test('a send whose answer comes after the timeout throws retryable; status() finds it PAID, paid once', async () => {
    const credentials = standIns.paypal.credentials();
    const batch = batchOf(email());
    await standIns.paypal.answerNextPayments('late', { delayMs: 6_000 });
    const error = await provider.send(credentials, batch).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PayoutProviderError);
    expect((error as PayoutProviderError).retryable).toBe(true);
    expect((error as PayoutProviderError).code).toBe('timeout');
    const outcomes = await provider.status(credentials, batch, refsOf(batch));
    expect(outcomes).toEqual([
      expect.objectContaining({ payoutId: batch.orders[0]!.payoutId, state: 'PAID' }),
    ]);
    expect(paidCount(batch.orders[0]!.payoutId)).toBe(1);
  });

  test('a dropped connection after paying is retryable too, and found PAID once', async () => {
    const credentials = standIns.paypal.credentials();
    const batch = batchOf(email());
    await standIns.paypal.answerNextPayments('drop');
    const error = await provider.send(credentials, batch).catch((err: unknown) => err);
    expect(error).toMatchObject({ name: 'PayoutProviderError', retryable: true });
    const [outcome] = await provider.status(credentials, batch, refsOf(batch));
    expect(outcome).toMatchObject({ state: 'PAID' });
    expect(paidCount(batch.orders[0]!.payoutId)).toBe(1);
  });

  test('credentials PayPal refuses refuse the batch, not retryable, without the secret in the message', async () => {
    const credentials = standIns.paypal.credentials();
    await provider.send(credentials, batchOf(email()));
    await standIns.paypal.control('/_sandbox/apps/revoke', { clientId: credentials.clientId });
    const error = await provider.send(credentials, batchOf(email())).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PayoutProviderError', retryable: false, code: 'invalid_client' });
    expect((error as Error).message).toContain('401');
    expect((error as Error).message).not.toContain(credentials.secret);
  });

  test('PayPal unreachable is retryable', async () => {
    const offline = createPayPalPayouts({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    const error = await offline
      .send(standIns.paypal.credentials(), batchOf(email()))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PayoutProviderError', retryable: true });
  });
});

describe('item outcomes', () => {
  test('a failed item is FAILED with PayPal’s message, the others paid', async () => {
    const credentials = standIns.paypal.credentials();
    const [good, locked] = [email(), email()];
    await standIns.paypal.receiverRule(locked, 'FAILED', 'Receiver account is locked or inactive');
    const batch = batchOf(good, locked);
    const outcomes = await provider.send(credentials, batch);
    expect(outcomes.map((o) => [o.state, o.message])).toEqual([
      ['PAID', null],
      ['FAILED', 'Receiver account is locked or inactive'],
    ]);
    expect(paidCount(batch.orders[1]!.payoutId)).toBe(0);
  });

  test('an unclaimed item is UNCLAIMED, then RETURNED when PayPal returns it; status reads items by id', async () => {
    const credentials = standIns.paypal.credentials();
    const receiverEmail = email();
    await standIns.paypal.receiverRule(receiverEmail, 'UNCLAIMED');
    const batch = batchOf(receiverEmail);
    const [sent] = await provider.send(credentials, batch);
    expect(sent).toMatchObject({ state: 'UNCLAIMED', message: 'Receiver is unregistered' });
    await standIns.paypal.changeItem(sent!.providerRef!, 'RETURNED');
    const calls = standIns.paypal.calls().length;
    const [later] = await provider.status(credentials, batch, refsOf(batch, [sent!.providerRef]));
    expect(later).toMatchObject({ state: 'RETURNED', providerRef: sent!.providerRef });
    const reads = standIns.paypal
      .calls()
      .slice(calls)
      .map((c) => `${c.method} ${c.path}`);
    expect(reads).toEqual([`GET /v1/payments/payouts-item/${sent!.providerRef}`]);
  });

  test('a paid item refunded later is RETURNED', async () => {
    const credentials = standIns.paypal.credentials();
    const batch = batchOf(email());
    const [sent] = await provider.send(credentials, batch);
    await standIns.paypal.changeItem(sent!.providerRef!, 'REFUNDED', 'The receiver refunded the payout');
    const [later] = await provider.status(credentials, batch, refsOf(batch, [sent!.providerRef]));
    expect(later).toMatchObject({ state: 'RETURNED', message: 'The receiver refunded the payout' });
  });
});

describe('webhooks', () => {
  test('a genuine delivery is verified by PayPal and read; a tampered one is refused', async () => {
    const credentials = standIns.paypal.credentials();
    const path = `/paypal-${crypto.randomUUID()}`;
    const webhookId = await standIns.paypal.registerWebhook(credentials.clientId!, receiver.url(path));
    const batch = batchOf(email());
    const [sent] = await provider.send(credentials, batch);
    await standIns.paypal.changeItem(sent!.providerRef!, 'RETURNED');
    const deliveries = await until(
      () => receiver.at(path),
      (d) => d.length >= 2,
    );
    const returned = deliveries.find((d) => d.body.includes('PAYMENT.PAYOUTS-ITEM.RETURNED'))!;
    const webhook = await provider.parseWebhook(
      credentials,
      webhookId,
      returned.headers,
      Buffer.from(returned.body),
    );
    expect(webhook.eventId).toMatch(/^WH-/);
    expect(webhook.outcomes).toEqual([
      {
        payoutId: batch.orders[0]!.payoutId,
        state: 'RETURNED',
        providerRef: sent!.providerRef,
        message: expect.any(String),
      },
    ]);
    const succeeded = deliveries.find((d) => d.body.includes('PAYMENT.PAYOUTS-ITEM.SUCCEEDED'))!;
    const paid = await provider.parseWebhook(
      credentials,
      webhookId,
      succeeded.headers,
      Buffer.from(succeeded.body),
    );
    expect(paid.outcomes[0]).toMatchObject({ state: 'PAID' });

    const tampered = Buffer.from(returned.body.replace('"RETURNED"', '"SUCCESS"'));
    expect(tampered.equals(Buffer.from(returned.body))).toBe(false);
    await expect(
      provider.parseWebhook(credentials, webhookId, returned.headers, tampered),
    ).rejects.toMatchObject({
      retryable: false,
      code: 'signature',
    });
    await expect(
      provider.parseWebhook(credentials, 'ANOTHERWEBHOOK1', returned.headers, Buffer.from(returned.body)),
    ).rejects.toMatchObject({ retryable: false });
    const { ['paypal-transmission-sig']: _sig, ...unsigned } = returned.headers;
    await expect(
      provider.parseWebhook(credentials, webhookId, unsigned, Buffer.from(returned.body)),
    ).rejects.toMatchObject({ retryable: false, code: 'signature' });
  });
});
