import * as braintree from 'braintree';
import { startProcessorSandbox, type ProcessorSandbox } from '../../../services/processor-sandbox/sandbox';
import { freePort } from '../../../shared/http';
import { createBraintreeProcessor } from '../../../shared/processors/braintree.processor';
import {
  InvalidSignatureError,
  ProcessorRejectedError,
  ProcessorUnavailableError,
  type PaymentProcessor,
  type ProcessorCredentials,
} from '../../../shared/processors/payment-processor';

/*
 * The Braintree adapter and the official SDK against the local gateway stand-in: everything here goes
 * over HTTP through the SDK's own http.js and XML parsing, as it would against Braintree.
 */

let sandbox: ProcessorSandbox;
let merchantSeq = 0;

beforeAll(async () => {
  sandbox = await startProcessorSandbox({ port: 0 });
});
afterEach(() => sandbox.recover());
afterAll(() => sandbox.close());

/** Each test gets a merchant of its own, so state and recorded calls never mix. */
function newMerchant(): ProcessorCredentials {
  merchantSeq += 1;
  const id = `merchant_${merchantSeq}_${Date.now()}`;
  return { environment: 'SANDBOX', merchantId: id, publicKey: `pub_${id}`, privateKey: `priv_${id}_secret` };
}

function sdk(credentials: ProcessorCredentials): braintree.BraintreeGateway {
  const url = new URL(sandbox.url);
  const { merchantId, publicKey, privateKey } = credentials;
  return new braintree.BraintreeGateway({
    environment: new braintree.Environment(url.hostname, url.port, sandbox.url, false),
    merchantId,
    publicKey,
    privateKey,
  });
}

function adapter(credentials: ProcessorCredentials, timeoutMs = 5_000): PaymentProcessor {
  return createBraintreeProcessor(credentials, { baseUrl: sandbox.url, timeoutMs });
}

function succeeded<T extends { success: boolean }>(result: T): Extract<T, { success: true }> {
  if (!result.success)
    throw new Error(`SDK call failed: ${(result as unknown as { message: string }).message}`);
  return result as Extract<T, { success: true }>;
}

async function seedCustomer(gateway: braintree.BraintreeGateway) {
  const { customer } = succeeded(
    await gateway.customer.create({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      customFields: { service_coupon: 'JANEDOE' },
      paymentMethodNonce: 'fake-valid-nonce',
    }),
  );
  return { customerId: customer.id, token: customer.paymentMethods[0].token };
}

async function subscribe(
  gateway: braintree.BraintreeGateway,
  token: string,
  price: string,
  discount?: string,
) {
  const discounts = discount
    ? { add: [{ inheritedFromId: 'service_discount', amount: discount }] }
    : undefined;
  const { subscription } = succeeded(
    await gateway.subscription.create({ paymentMethodToken: token, planId: 'monthly', price, discounts }),
  );
  return subscription;
}

/** The error a promise rejects with (Jest's toThrow(error) would also compare `cause`). */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => undefined,
    (err: unknown) => err as Error,
  );
  if (!outcome) throw new Error('expected a rejection');
  return outcome;
}

const callsTo = (merchantId: string, method: string, suffix: string) =>
  sandbox
    .calls()
    .filter((c) => c.merchantId === merchantId && c.method === method && c.path.endsWith(suffix));

describe('customers and subscriptions', () => {
  test('what the SDK creates is read back through the adapter, mapped', async () => {
    const creds = newMerchant();
    const gateway = sdk(creds);
    const processor = adapter(creds);
    const { customerId, token } = await seedCustomer(gateway);
    const second = succeeded(
      await gateway.paymentMethod.create({ customerId, paymentMethodNonce: 'fake-valid-mastercard-nonce' }),
    ).paymentMethod;

    const discounted = await subscribe(gateway, token, '10.00', '2.50');
    const plain = await subscribe(gateway, second.token, '12.34');
    // The SDK sends snake_case JSON; the sandbox records it as received.
    expect(callsTo(creds.merchantId, 'POST', '/subscriptions')[0].body).toEqual({
      subscription: {
        payment_method_token: token,
        plan_id: 'monthly',
        price: '10.00',
        discounts: { add: [{ inherited_from_id: 'service_discount', amount: '2.50' }] },
      },
    });

    const withDiscount = await processor.findSubscription(discounted.id);
    expect(withDiscount).toEqual({
      id: discounted.id,
      status: 'Active',
      priceCents: 1000,
      paymentMethodToken: token,
      customerId,
      discounts: [{ id: 'service_discount', amountCents: 250 }],
      transactions: [
        {
          id: discounted.transactions[0].id,
          status: 'submitted_for_settlement',
          amountCents: 750,
          createdAt: expect.any(Date),
          customerId,
          discountIds: ['service_discount'],
          refundIds: [],
        },
      ],
    });
    expect(Math.abs(withDiscount!.transactions[0].createdAt.getTime() - Date.now())).toBeLessThan(10_000);

    const withoutDiscount = await processor.findSubscription(plain.id);
    expect(withoutDiscount).toMatchObject({ priceCents: 1234, discounts: [], customerId });
    expect(withoutDiscount!.transactions).toMatchObject([{ amountCents: 1234, discountIds: [] }]);

    const customer = await processor.findCustomer(customerId);
    expect(customer).toEqual({
      id: customerId,
      customFields: { service_coupon: 'JANEDOE' },
      subscriptionIds: expect.arrayContaining([discounted.id, plain.id]),
    });
    expect(customer!.subscriptionIds).toHaveLength(2);

    expect(await processor.findSubscription('no_such_subscription')).toBeNull();
    expect(await processor.findCustomer('no_such_customer')).toBeNull();
  });

  test('custom fields are updated by API name, whichever spelling the merchant used', async () => {
    const creds = newMerchant();
    const gateway = sdk(creds);
    const { customerId } = await seedCustomer(gateway);
    succeeded(
      await gateway.customer.update(customerId, {
        customFields: { serviceCoupon: 'NEWCODE', plan_tier: 'gold' },
      }),
    );
    expect(await adapter(creds).findCustomer(customerId)).toMatchObject({
      customFields: { service_coupon: 'NEWCODE', plan_tier: 'gold' },
    });
  });

  test('transactions come oldest first, even within one second; billing applies the current discounts', async () => {
    const creds = newMerchant();
    const gateway = sdk(creds);
    const { token } = await seedCustomer(gateway);
    const sub = await subscribe(gateway, token, '20.00', '5.00');
    const second = sandbox.charge(creds.merchantId, sub.id);
    const third = sandbox.charge(creds.merchantId, sub.id);
    const found = await adapter(creds).findSubscription(sub.id);
    expect(found!.transactions.map((t) => t.id)).toEqual([sub.transactions[0].id, second!.id, third!.id]);
    expect(found!.transactions.map((t) => t.amountCents)).toEqual([1500, 1500, 1500]);
  });

  test('without transactions the customer is resolved through the payment method', async () => {
    const creds = newMerchant();
    const gateway = sdk(creds);
    const { customerId, token } = await seedCustomer(gateway);
    // A $0 cycle makes no transaction in Braintree.
    const sub = await subscribe(gateway, token, '0.00');
    expect(sub.transactions).toEqual([]);
    const found = await adapter(creds).findSubscription(sub.id);
    expect(found).toMatchObject({ customerId, transactions: [] });
    expect(callsTo(creds.merchantId, 'GET', `/payment_methods/any/${token}`)).toHaveLength(1);
  });

  test('unknown discounts are validation errors (success: false) and create nothing', async () => {
    const creds = newMerchant();
    const gateway = sdk(creds);
    const { token } = await seedCustomer(gateway);
    const result = await gateway.subscription.create({
      paymentMethodToken: token,
      planId: 'monthly',
      price: '10.00',
      discounts: { add: [{ inheritedFromId: 'mystery_discount', amount: '1.00' }] },
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.message).toBe('Inherited From ID is invalid.');
    expect(result.errors.deepErrors()).toEqual([expect.objectContaining({ code: '92013' })]);
    expect(sandbox.state(creds.merchantId)!.subscriptions).toEqual([]);

    sandbox.addDiscount(creds.merchantId, { id: 'mystery_discount', amount: '1.00' });
    const sub = await subscribe(gateway, token, '10.00');
    await adapter(creds).setSubscriptionDiscount(sub.id, 'mystery_discount', 100);
    expect((await adapter(creds).findSubscription(sub.id))!.discounts).toEqual([
      { id: 'mystery_discount', amountCents: 100 },
    ]);
  });

  test('canceling through the SDK; a canceled subscription refuses edits', async () => {
    const creds = newMerchant();
    const gateway = sdk(creds);
    const { token } = await seedCustomer(gateway);
    const sub = await subscribe(gateway, token, '10.00');
    expect(succeeded(await gateway.subscription.cancel(sub.id)).subscription.status).toBe('Canceled');
    const error = await rejection(adapter(creds).setSubscriptionDiscount(sub.id, 'service_discount', 100));
    expect(error).toBeInstanceOf(ProcessorRejectedError);
    expect(error.message).toBe(
      `Braintree discount update on subscription ${sub.id} was refused: Cannot edit a canceled subscription.`,
    );
    await expect(gateway.subscription.find('missing')).rejects.toMatchObject({ type: 'notFoundError' });
  });
});

describe('setSubscriptionDiscount', () => {
  test('adds, updates, leaves an equal amount alone, removes', async () => {
    const creds = newMerchant();
    const gateway = sdk(creds);
    const processor = adapter(creds);
    const { token } = await seedCustomer(gateway);
    const sub = await subscribe(gateway, token, '10.00');
    const writes = () => callsTo(creds.merchantId, 'PUT', `/subscriptions/${sub.id}`);
    const discounts = async () => (await processor.findSubscription(sub.id))!.discounts;

    await processor.setSubscriptionDiscount(sub.id, 'service_discount', 300);
    expect(writes().at(-1)!.body).toEqual({
      subscription: { discounts: { add: [{ inherited_from_id: 'service_discount', amount: '3.00' }] } },
    });
    expect(await discounts()).toEqual([{ id: 'service_discount', amountCents: 300 }]);

    await processor.setSubscriptionDiscount(sub.id, 'service_discount', 450);
    expect(writes().at(-1)!.body).toEqual({
      subscription: { discounts: { update: [{ existing_id: 'service_discount', amount: '4.50' }] } },
    });
    expect(await discounts()).toEqual([{ id: 'service_discount', amountCents: 450 }]);
    expect(sandbox.charge(creds.merchantId, sub.id)!.amountCents).toBe(550);

    await processor.setSubscriptionDiscount(sub.id, 'service_discount', 450);
    expect(writes()).toHaveLength(2);

    await processor.setSubscriptionDiscount(sub.id, 'service_discount', null);
    expect(writes().at(-1)!.body).toEqual({ subscription: { discounts: { remove: ['service_discount'] } } });
    expect(await discounts()).toEqual([]);

    await processor.setSubscriptionDiscount(sub.id, 'service_discount', null);
    expect(writes()).toHaveLength(3);
  });

  test('an unknown discount or subscription is rejected', async () => {
    const creds = newMerchant();
    const processor = adapter(creds);
    const { token } = await seedCustomer(sdk(creds));
    const sub = await subscribe(sdk(creds), token, '10.00');
    await expect(processor.setSubscriptionDiscount(sub.id, 'mystery', 100)).rejects.toThrow(
      /refused: Inherited From ID is invalid\./,
    );
    await expect(
      processor.setSubscriptionDiscount('missing', 'service_discount', 100),
    ).rejects.toBeInstanceOf(ProcessorRejectedError);
  });
});

describe('refundTransaction', () => {
  test('partial refunds until the amount is used up', async () => {
    const creds = newMerchant();
    const gateway = sdk(creds);
    const processor = adapter(creds);
    const { token } = await seedCustomer(gateway);
    const charge = (await subscribe(gateway, token, '10.00')).transactions[0];

    // As in Braintree, a sale is refundable only once settled (the sandbox settles on request).
    const unsettled = await rejection(processor.refundTransaction(charge.id, 400));
    expect(unsettled).toBeInstanceOf(ProcessorRejectedError);
    expect(unsettled.message).toMatch(/Cannot refund transaction unless it is settled/);
    expect((await gateway.testing.settle(charge.id)).transaction).toMatchObject({ status: 'settled' });
    expect((await gateway.testing.settle(charge.id)).apiErrorResponse).toBeDefined();

    const { refundId } = await processor.refundTransaction(charge.id, 400);
    const refund = await gateway.transaction.find(refundId);
    expect(refund).toMatchObject({ type: 'credit', amount: '4.00', refundedTransactionId: charge.id });
    expect((await gateway.transaction.find(charge.id)).refundIds).toEqual([refundId]);

    const tooLarge = await rejection(processor.refundTransaction(charge.id, 700));
    expect(tooLarge).toBeInstanceOf(ProcessorRejectedError);
    expect(tooLarge.message).toBe(
      `Braintree refund of transaction ${charge.id} was refused: Refund amount is too large.`,
    );
    const second = await processor.refundTransaction(charge.id, 600);
    const sub = await processor.findSubscription(charge.subscriptionId!);
    expect(sub!.transactions[0].refundIds).toEqual([refundId, second.refundId]);

    const fullyRefunded = await rejection(processor.refundTransaction(charge.id, 100));
    expect(fullyRefunded).toBeInstanceOf(ProcessorRejectedError);
    expect(fullyRefunded.message).toMatch(/Transaction has already been fully refunded/);
    await expect(processor.refundTransaction('missing', 100)).rejects.toBeInstanceOf(ProcessorRejectedError);
  });
});

describe('failures', () => {
  let creds: ProcessorCredentials;
  let subscriptionId: string;
  let chargeId: string;

  beforeEach(async () => {
    creds = newMerchant();
    const { token } = await seedCustomer(sdk(creds));
    const sub = await subscribe(sdk(creds), token, '10.00');
    subscriptionId = sub.id;
    chargeId = sub.transactions[0].id;
  });

  test.each([503, 500, 429] as const)(
    'HTTP %i is ProcessorUnavailableError, without effect',
    async (status) => {
      const processor = adapter(creds);
      sandbox.failWith({ mode: 'error', status, count: 1 });
      await expect(
        processor.setSubscriptionDiscount(subscriptionId, 'service_discount', 100),
      ).rejects.toBeInstanceOf(ProcessorUnavailableError);
      expect(sandbox.calls().at(-1)).toMatchObject({ status, fault: 'error', applied: false });
      // count: 1 is used up; the write had not happened, so the retry adds the discount.
      await processor.setSubscriptionDiscount(subscriptionId, 'service_discount', 100);
      expect(sandbox.state(creds.merchantId)!.subscriptions[0].discounts).toMatchObject([
        { amountCents: 100 },
      ]);
    },
  );

  test('a timeout is ProcessorUnavailableError after timeoutMs', async () => {
    sandbox.failWith({ mode: 'timeout' });
    const started = Date.now();
    const error = await rejection(adapter(creds, 300).findSubscription(subscriptionId));
    expect(error).toBeInstanceOf(ProcessorUnavailableError);
    expect(error.message).toMatch(/Request timed out/);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(sandbox.calls().at(-1)).toMatchObject({ status: null, fault: 'timeout' });
    sandbox.recover();
    expect(await adapter(creds, 300).findSubscription(subscriptionId)).not.toBeNull();
  });

  test('forMs ends the fault by itself', async () => {
    sandbox.failWith({ mode: 'error', forMs: 200 });
    await expect(adapter(creds).findCustomer('x')).rejects.toBeInstanceOf(ProcessorUnavailableError);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await adapter(creds).findCustomer('x')).toBeNull();
  });

  test('applyBeforeFailing: the write happened, and a retry sees it', async () => {
    const processor = adapter(creds, 300);
    sandbox.failWith({ mode: 'error', status: 503, count: 1, applyBeforeFailing: true, method: 'PUT' });
    await expect(
      processor.setSubscriptionDiscount(subscriptionId, 'service_discount', 200),
    ).rejects.toBeInstanceOf(ProcessorUnavailableError);
    expect(sandbox.calls().at(-1)).toMatchObject({ method: 'PUT', status: 503, applied: true });
    const putsBefore = callsTo(creds.merchantId, 'PUT', `/subscriptions/${subscriptionId}`).length;
    await processor.setSubscriptionDiscount(subscriptionId, 'service_discount', 200);
    expect(callsTo(creds.merchantId, 'PUT', `/subscriptions/${subscriptionId}`)).toHaveLength(putsBefore);

    await sdk(creds).testing.settle(chargeId);
    sandbox.failWith({ mode: 'timeout', count: 1, applyBeforeFailing: true });
    await expect(processor.refundTransaction(chargeId, 300)).rejects.toBeInstanceOf(
      ProcessorUnavailableError,
    );
    const seen = await processor.findSubscription(subscriptionId);
    expect(seen!.transactions[0].refundIds).toHaveLength(1);
  });

  test('nothing listening is ProcessorUnavailableError', async () => {
    const processor = createBraintreeProcessor(creds, {
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      timeoutMs: 2_000,
    });
    await expect(processor.findSubscription(subscriptionId)).rejects.toThrow(ProcessorUnavailableError);
  });

  test('wrong keys are ProcessorRejectedError, and the message has no private key', async () => {
    const wrong = { ...creds, privateKey: 'wrong_private_key_value' };
    const error = await rejection(adapter(wrong).findSubscription(subscriptionId));
    expect(error).toBeInstanceOf(ProcessorRejectedError);
    expect(error.message).toMatch(/Authentication/);
    expect(error.message).not.toContain('wrong_private_key_value');
    expect(sandbox.calls().at(-1)).toMatchObject({ status: 401 });
    await expect(adapter({ ...creds, publicKey: 'other' }).findCustomer('x')).rejects.toBeInstanceOf(
      ProcessorRejectedError,
    );
  });
});

describe('webhooks', () => {
  const creds = newMerchant();

  test.each([
    ['subscription_charged_successfully', 'sub_1', { subjectId: 'sub_1', subscriptionId: 'sub_1' }],
    ['subscription_went_past_due', 'sub_2', { subjectId: 'sub_2', subscriptionId: 'sub_2' }],
    ['subscription_canceled', 'sub_3', { subjectId: 'sub_3', subscriptionId: 'sub_3' }],
    ['transaction_settled', 'txn_1', { subjectId: 'txn_1', subscriptionId: null }],
    ['dispute_opened', 'dsp_1', { subjectId: 'dsp_1', subscriptionId: null }],
    ['check', 'ignored', { subjectId: null, subscriptionId: null }],
  ])('%s is parsed and mapped', async (kind, id, expected) => {
    const { bt_signature, bt_payload } = sdk(creds).webhookTesting.sampleNotification(kind, id);
    const notification = await adapter(creds).parseWebhook(bt_signature, bt_payload);
    expect(notification).toEqual({ kind, timestamp: expect.any(Date), customerId: null, ...expected });
    expect(Math.abs(notification.timestamp.getTime() - Date.now())).toBeLessThan(5_000);
  });

  test('tampered payloads and other keys are InvalidSignatureError', async () => {
    const processor = adapter(creds);
    const { bt_signature, bt_payload } = sdk(creds).webhookTesting.sampleNotification(
      'subscription_canceled',
      's',
    );
    const tampered = Buffer.from(
      Buffer.from(bt_payload, 'base64').toString('utf8').replace('<id>s</id>', '<id>t</id>'),
    ).toString('base64');
    await expect(processor.parseWebhook(bt_signature, tampered)).rejects.toBeInstanceOf(
      InvalidSignatureError,
    );
    await expect(processor.parseWebhook(bt_signature, `${bt_payload}!`)).rejects.toBeInstanceOf(
      InvalidSignatureError,
    );
    await expect(processor.parseWebhook('', bt_payload)).rejects.toBeInstanceOf(InvalidSignatureError);

    for (const other of [
      { ...creds, privateKey: 'another_private_key' },
      { ...creds, publicKey: 'another_public_key' },
    ]) {
      const sample = sdk(other).webhookTesting.sampleNotification('subscription_canceled', 's');
      await expect(processor.parseWebhook(sample.bt_signature, sample.bt_payload)).rejects.toBeInstanceOf(
        InvalidSignatureError,
      );
    }
  });

  test('answerChallenge answers as the SDK does', () => {
    const challenge = '20f9f8ed05f77439fe955c977e4c8a53';
    const answer = adapter(creds).answerChallenge(challenge);
    expect(answer).toBe(sdk(creds).webhookNotification.verify(challenge));
    expect(answer).toMatch(new RegExp(`^${creds.publicKey}\\|[0-9a-f]{40}$`));
    expect(adapter({ ...creds, privateKey: 'other' }).answerChallenge(challenge)).not.toBe(answer);
    expect(() => adapter(creds).answerChallenge('not hex!')).toThrow(InvalidSignatureError);
  });
});

describe('control API over HTTP', () => {
  test('state, calls, charge, fail and recover', async () => {
    const creds = newMerchant();
    const { token } = await seedCustomer(sdk(creds));
    const sub = await subscribe(sdk(creds), token, '9.99');
    const api = (path: string, body?: unknown) =>
      fetch(`${sandbox.url}/__sandbox${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const charged = await api(`/subscriptions/${sub.id}/charge`, {});
    expect(charged.status).toBe(200);
    expect(await charged.json()).toMatchObject({
      merchantId: creds.merchantId,
      transaction: { amountCents: 999, subscriptionId: sub.id },
    });
    const state: any = await (await api(`/state?merchantId=${creds.merchantId}`)).json();
    expect(state.merchants[creds.merchantId].subscriptions[0].transactionIds).toHaveLength(2);
    expect(state.merchants[creds.merchantId].customers[0].customFields).toEqual({
      service_coupon: 'JANEDOE',
    });
    const calls: any = await (await api(`/calls?merchantId=${creds.merchantId}`)).json();
    expect(calls.map((c: { method: string }) => c.method)).toEqual(['POST', 'POST']);

    expect((await api('/fail', { mode: 'bogus' })).status).toBe(400);
    expect((await api('/fail', { mode: 'error', status: 500 })).status).toBe(200);
    await expect(adapter(creds).findSubscription(sub.id)).rejects.toBeInstanceOf(ProcessorUnavailableError);
    expect((await api('/recover', {})).status).toBe(200);
    expect(await adapter(creds).findSubscription(sub.id)).not.toBeNull();
    expect((await api('/subscriptions/missing/charge', {})).status).toBe(404);
  });
});
