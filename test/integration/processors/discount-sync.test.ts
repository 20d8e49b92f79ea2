/**
 * POST /discount and the discount-sync workflow against the local stand-in: the referred discount, the
 * refund of a first charge made without it (once), the referrer's credit, and convergence after an outage.
 * The workflow's timers (the quiet minutes, the hourly refund retry, the retry backoff) are workflow tests
 * on the time-skipping server: test/workflows/discount-sync.test.ts.
 */
import { eventually } from '../../helpers/harness';
import { startProcessorApi, type ProcessorApi } from '../../helpers/processor';
import { FRIEND_FIVE_OFF } from '../../helpers/program-rules';
import { identifyReferrer, uid } from '../../helpers/referrals';

let api: ProcessorApi;
beforeAll(async () => {
  api = await startProcessorApi();
});
afterAll(async () => {
  await api?.close();
});

const subscriptionAt = (id: string) =>
  api.sandbox.state(api.keys.merchantId)!.subscriptions.find((s) => s.id === id)!;
const discountOf = (id: string) =>
  subscriptionAt(id).discounts.find((d) => d.id === 'service_discount')?.amountCents ?? 0;
const refundsOf = (transactionId: string) =>
  api.sandbox
    .state(api.keys.merchantId)!
    .transactions.filter((t) => t.refundedTransactionId === transactionId);
const writes = (path: RegExp) => api.sandbox.calls().filter((c) => c.method !== 'GET' && path.test(c.path));

async function discountSettled(subscriptionId: string, cents: number) {
  await eventually(
    `${subscriptionId} carries a ${cents}-cent discount`,
    async () => discountOf(subscriptionId) === cents,
    600,
  );
}

async function associate(accountId: string, paymentProviderId: string, couponCode: string) {
  return api.call('POST', '/discount', { accountId, paymentProviderId, couponCode });
}

describe('POST /discount', () => {
  test('ties the customer to a new account, attributes it and answers the referred discount', async () => {
    const referrer = await identifyReferrer(api);
    const accountId = uid('acct');
    const res = await associate(accountId, 'cust-new-1', referrer.code.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      accountId,
      paymentProviderId: 'cust-new-1',
      couponCode: referrer.code.toLowerCase(),
      referredDiscountPercent: 10,
      discountId: 'service_discount',
    });
    const account = (await api.account(accountId))!;
    expect(account.referredBy).toMatchObject({
      referrerAccountId: referrer.accountId,
      attributionSource: 'CODE',
    });
    expect(
      await api.gw.deps.db('accounts').where({ tenant_id: api.tenantId, id: accountId }).first(),
    ).toMatchObject({
      payment_provider_id: 'cust-new-1',
    });
  });

  test('an account already attributed keeps its referral; the call is idempotent', async () => {
    const first = await identifyReferrer(api);
    const second = await identifyReferrer(api, 'Sam', 'Second');
    const accountId = uid('acct');
    await associate(accountId, 'cust-keep', first.code);
    const again = await associate(accountId, 'cust-keep', second.code);
    expect(again.status).toBe(200);
    expect((await api.account(accountId))!.referredBy.referrerAccountId).toBe(first.accountId);
    expect(
      await api.gw.deps.db('referrals').where({ tenant_id: api.tenantId, referred_account_id: accountId }),
    ).toHaveLength(1);
  });

  test.each([
    ['accountId', { paymentProviderId: 'c', couponCode: 'X' }],
    ['paymentProviderId', { accountId: 'a', couponCode: 'X' }],
    ['couponCode', { accountId: 'a', paymentProviderId: 'c' }],
  ])('without %s it is 400 naming the field', async (field, body) => {
    const res = await api.call('POST', '/discount', body);
    expect(res.status).toBe(400);
    expect(res.body.apiErrorCode).toBe('VALIDATION_FAILED');
    expect(res.body.validationErrors.map((v: { path: string }) => v.path)).toContain(field);
  });

  test('an unknown code is 404 and changes nothing', async () => {
    const accountId = uid('acct');
    const res = await associate(accountId, 'cust-unknown-code', 'NOSUCHCODE');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      apiErrorCode: 'REFERRAL_CODE_NOT_FOUND',
      validationErrors: [{ path: 'couponCode' }],
    });
    expect(await api.gw.deps.db('accounts').where({ tenant_id: api.tenantId, id: accountId })).toHaveLength(
      0,
    );
  });

  test('a code of the same account is 400 SELF_REFERRAL', async () => {
    const referrer = await identifyReferrer(api);
    const res = await associate(referrer.accountId, 'cust-self', referrer.code);
    expect(res.status).toBe(400);
    expect(res.body.apiErrorCode).toBe('SELF_REFERRAL');
  });

  test('a customer tied to another account is 409 PAYMENT_PROVIDER_ID_IN_USE', async () => {
    const referrer = await identifyReferrer(api);
    await associate(uid('acct'), 'cust-taken', referrer.code);
    const res = await associate(uid('acct'), 'cust-taken', referrer.code);
    expect(res.status).toBe(409);
    expect(res.body.apiErrorCode).toBe('PAYMENT_PROVIDER_ID_IN_USE');
  });
});

describe('discount sync', () => {
  test('a referred subscription gets the discount at the referred percent of its price; a second sync writes nothing', async () => {
    const referrer = await identifyReferrer(api);
    const sub = await api.subscribe({ priceCents: 4999 });
    const accountId = uid('acct');
    await associate(accountId, sub.customerId, referrer.code);
    await discountSettled(sub.subscriptionId, 500); // 10% of 49.99, rounded to the cent
    const path = new RegExp(`/subscriptions/${sub.subscriptionId}$`);
    expect(writes(path)).toHaveLength(1);
    const reads = api.sandbox.calls().length;
    await associate(accountId, sub.customerId, referrer.code);
    await eventually('the second sync read the subscription', async () => api.sandbox.calls().length > reads);
    await new Promise((r) => setTimeout(r, 1000));
    expect(writes(path)).toHaveLength(1);
    expect(subscriptionAt(sub.subscriptionId).discounts).toHaveLength(1);
  });

  test('a first charge made without the discount is refunded that amount once, after it settles', async () => {
    const referrer = await identifyReferrer(api);
    const sub = await api.subscribe({ priceCents: 2000 });
    const accountId = uid('acct');
    await associate(accountId, sub.customerId, referrer.code);
    await discountSettled(sub.subscriptionId, 200);
    expect(refundsOf(sub.transactionId)).toHaveLength(0); // not settled yet: nothing refunded
    await api.bt.testing.settle(sub.transactionId);
    await associate(accountId, sub.customerId, referrer.code); // the next sync request
    await eventually('the first charge refunded', async () => refundsOf(sub.transactionId).length === 1, 600);
    expect(refundsOf(sub.transactionId)[0]!.amountCents).toBe(200);
    for (let i = 0; i < 3; i += 1) await associate(accountId, sub.customerId, referrer.code);
    await new Promise((r) => setTimeout(r, 1500));
    expect(refundsOf(sub.transactionId)).toHaveLength(1);
    expect(
      await api.gw.deps
        .db('processor_refunds')
        .where({ tenant_id: api.tenantId, transaction_id: sub.transactionId }),
    ).toEqual([expect.objectContaining({ account_id: accountId, amount_cents: '200' })]);
  });

  test('a charge made with the discount is not refunded', async () => {
    const referrer = await identifyReferrer(api);
    const sub = await api.subscribe({ priceCents: 2000, discountCents: 200 });
    await api.bt.testing.settle(sub.transactionId);
    await associate(uid('acct'), sub.customerId, referrer.code);
    await discountSettled(sub.subscriptionId, 200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(refundsOf(sub.transactionId)).toHaveLength(0);
  });

  test('the referrer’s discount follows its credit: two conversions, then one cancellation', async () => {
    const referrer = await identifyReferrer(api);
    const own = await api.subscribe({ priceCents: 3000 });
    await api.identify(referrer.accountId, referrer.userId, { paymentProviderId: own.customerId });
    const friends = [];
    for (let i = 0; i < 2; i += 1) {
      const accountId = uid('acct-f');
      await api.identify(accountId, uid('user'));
      const sub = await api.subscribe({ discountCents: 200 });
      await associate(accountId, sub.customerId, referrer.code);
      friends.push({ accountId, ...sub });
    }
    expect(discountOf(own.subscriptionId)).toBe(0);
    await api.deliver(api.sample('subscription_charged_successfully', friends[0]!.subscriptionId));
    await discountSettled(own.subscriptionId, 300); // 10% of 30.00
    await api.deliver(api.sample('subscription_charged_successfully', friends[1]!.subscriptionId));
    await discountSettled(own.subscriptionId, 600); // 20%
    await api.deliver(
      api.sample('subscription_canceled', friends[0]!.subscriptionId, new Date(Date.now() + 1000)),
    );
    await discountSettled(own.subscriptionId, 300); // back to 10%
    const rewards = await api.rewards(referrer.accountId);
    expect(rewards.body.referrerDiscountPercent).toBe(10);
  });

  test("a rule's amount off for the friend joins the percentage at the processor once the referral converts", async () => {
    // A program of its own, so its rules touch no other test's referrals.
    const { createProgram } = await api.gqlOk(
      'mutation ($input: ProgramInput!) { createProgram(input: $input) { id } }',
      { input: { name: 'Fixed off', referredDiscountPercent: 10, rules: [FRIEND_FIVE_OFF] } },
    );
    const shared = await api.identify(uid('acct-r'), uid('user'), { programId: createProgram.id });
    const friend = uid('acct-f');
    await api.identify(friend, uid('user'));
    const sub = await api.subscribe({ priceCents: 2000, discountCents: 200 });
    await associate(friend, sub.customerId, shared.body.shareCode);
    await discountSettled(sub.subscriptionId, 200); // 10 % of 20.00 until the conversion
    await api.deliver(api.sample('subscription_charged_successfully', sub.subscriptionId));
    await discountSettled(sub.subscriptionId, 700); // and 5.00 off from the rule after it
    const synced = await api.gw.deps
      .db('rewards')
      .where({ tenant_id: api.tenantId, account_id: friend, rule_id: 'friend-five-off' });
    expect(synced).toEqual([
      expect.objectContaining({ type: 'FIXED_DISCOUNT', amount_cents: '500', unit: 'USD' }),
    ]);
  });

  test('a sync during a processor outage converges after it: one discount, at most one refund', async () => {
    // A short outage, waited out in real time; how the retries space out over a long one (1 s doubling to
    // 10 s, for as long as it lasts) is a workflow test: test/workflows/discount-sync.test.ts.
    const OUTAGE_MS = 5000;
    const referrer = await identifyReferrer(api);
    const sub = await api.subscribe({ priceCents: 2500 });
    await api.bt.testing.settle(sub.transactionId);
    const accountId = uid('acct');
    api.sandbox.failWith({ mode: 'error', status: 503, forMs: OUTAGE_MS });
    const started = Date.now();
    const res = await associate(accountId, sub.customerId, referrer.code);
    expect(res.status).toBe(200); // our side is saved; the sync retries in its workflow
    await new Promise((r) => setTimeout(r, 1500));
    expect(discountOf(sub.subscriptionId)).toBe(0);
    await eventually(
      'converged after the outage',
      async () => discountOf(sub.subscriptionId) === 250 && refundsOf(sub.transactionId).length === 1,
      600,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(OUTAGE_MS - 1000);
    expect(
      subscriptionAt(sub.subscriptionId).discounts.filter((d) => d.id === 'service_discount'),
    ).toHaveLength(1);
    expect(api.sandbox.calls().some((c) => c.fault === 'error')).toBe(true);
    await associate(accountId, sub.customerId, referrer.code);
    await new Promise((r) => setTimeout(r, 1500));
    expect(refundsOf(sub.transactionId)).toHaveLength(1);
  }, 60_000);

  test('a refund whose answer was lost is not issued again', async () => {
    const referrer = await identifyReferrer(api);
    const sub = await api.subscribe({ priceCents: 1000 });
    await api.bt.testing.settle(sub.transactionId);
    const accountId = uid('acct');
    // Every call from here on takes effect but its answer is withheld until the adapter times out (2 s).
    api.sandbox.failWith({ mode: 'timeout', applyBeforeFailing: true, count: 3 });
    await associate(accountId, sub.customerId, referrer.code);
    await eventually(
      'converged',
      async () => discountOf(sub.subscriptionId) === 100 && refundsOf(sub.transactionId).length >= 1,
      600,
    );
    await new Promise((r) => setTimeout(r, 3000));
    expect(refundsOf(sub.transactionId)).toHaveLength(1);
    expect(
      subscriptionAt(sub.subscriptionId).discounts.filter((d) => d.id === 'service_discount'),
    ).toHaveLength(1);
  }, 60_000);
});
