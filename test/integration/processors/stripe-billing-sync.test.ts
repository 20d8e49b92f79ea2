/**
 * The discount sync of a tenant connected to Stripe (shared/domain/rewards/billing-sync.ts), through the
 * real gateway, worker and Temporal against the Stripe stand-in: coupons on subscriptions beside the
 * merchant's own, share codes as promotion codes, and credit as customer balance transactions, once.
 */
import type Stripe from 'stripe';
import { eventually } from '../../helpers/harness';
import { until } from '../../helpers/wait';
import { syncBillingAccount } from '../../../shared/domain/rewards/billing-sync';
import { ProcessorUnavailableError } from '../../../shared/processors/payment-processor';
import { createStripeProcessor } from '../../../shared/processors/stripe.processor';
import { createRewardReversalsRepo } from '../../../shared/repos/reward-reversals.repo';
import { requestSyncIfConnected } from '../../../shared/use-cases/discount-sync-request';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { uid } from '../../helpers/referrals';
import {
  couponsOn,
  customerAndPrice,
  startStripeBillingStack,
  type StripeBillingStack,
  type StripeTenant,
} from '../../helpers/stripe-billing';

let stack: StripeBillingStack;
let shop: StripeTenant;
beforeAll(async () => {
  stack = await startStripeBillingStack();
  shop = await stack.stripeTenant();
});
afterAll(async () => {
  await stack?.close();
});

const db = () => stack.ref.gw.deps.db;
const FRIEND_COUPON = 'referral-default-p10';
const CHANGE_CODE = `mutation C($accountId: ID!, $userId: ID!, $code: String!) {
  changeShareCode(accountId: $accountId, userId: $userId, code: $code, reason: "new code") { outcome } }`;
const CANCEL = `mutation ($id: ID!) { cancelReferral(id: $id, reason: "left") { outcome } }`;

async function referrer(t: StripeTenant = shop) {
  const accountId = uid('acct-r');
  const userId = uid('user');
  const res = await t.api.call('PUT', `/open/account/${accountId}/user/${userId}`, { firstName: 'Jane' });
  expect(res.status).toBe(200);
  return { accountId, userId, code: res.body.shareCode as string };
}

async function activePromotionCodes(code: string) {
  return (await shop.stripe.promotionCodes.list({ code, active: true })).data;
}

describe('coupons', () => {
  test("the friend's coupon goes on its subscription beside the merchant's own, and comes off when its referral ends", async () => {
    const jane = await referrer();
    const { customer, price } = await customerAndPrice(shop.stripe);
    await shop.stripe.coupons.create({ id: `spring-${customer.id}`, percent_off: 5, duration: 'forever' });
    const subscription = await shop.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      discounts: [{ coupon: `spring-${customer.id}` }],
    });
    const friend = uid('acct-f');
    const res = await shop.api.call('POST', '/discount', {
      accountId: friend,
      paymentProviderId: customer.id,
      couponCode: jane.code,
    });
    expect(res.status).toBe(200);
    const both = [FRIEND_COUPON, `spring-${customer.id}`].sort();
    await eventually('the friend coupon is on the subscription', async () =>
      couponsOn(shop.stripe, subscription.id).then((c) => JSON.stringify(c) === JSON.stringify(both)),
    );
    expect(await shop.stripe.coupons.retrieve(FRIEND_COUPON)).toMatchObject({
      percent_off: 10,
      duration: 'forever',
      metadata: { referral_program_id: 'default', referral_side: 'friend' },
    });

    const referral = await db()('referrals')
      .where({ tenant_id: shop.tenantId, referred_account_id: friend })
      .first();
    await shop.api.gqlOk(CANCEL, { id: referral.id });
    await eventually('only the merchant coupon is left', async () =>
      couponsOn(shop.stripe, subscription.id).then((c) => c.join() === `spring-${customer.id}`),
    );
  });
});

describe('promotion codes', () => {
  test("a referrer's share code becomes a promotion code for the friend coupon, re-pointed when the code changes; a friend typing it at Checkout gets the coupon", async () => {
    const jane = await referrer();
    expect((await shop.api.call('GET', `/account/${jane.accountId}/reward`)).status).toBe(200);
    const promo = () =>
      db()('processor_promotion_codes')
        .where({ tenant_id: shop.tenantId, account_id: jane.accountId })
        .first();
    const row = await until(promo, (r) => r !== undefined);
    expect(row).toMatchObject({ code: jane.code, coupon_id: FRIEND_COUPON });
    expect((await activePromotionCodes(jane.code)).map((p) => [p.id, p.coupon.id])).toEqual([
      [row.promotion_code_id, FRIEND_COUPON],
    ]);

    const renamed = `JD${Date.now().toString(36).toUpperCase()}`;
    await shop.api.gqlOk(CHANGE_CODE, { accountId: jane.accountId, userId: jane.userId, code: renamed });
    const moved = await until(promo, (r) => r?.code === renamed);
    expect(moved.code).toBe(renamed);
    expect(moved.promotion_code_id).not.toBe(row.promotion_code_id);
    expect(await activePromotionCodes(jane.code)).toEqual([]);
    expect((await activePromotionCodes(renamed)).map((p) => p.id)).toEqual([moved.promotion_code_id]);

    // A friend types the code at Stripe Checkout: the subscription carries the friend coupon.
    const { price } = await customerAndPrice(shop.stripe);
    const session = await shop.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      allow_promotion_codes: true,
      success_url: 'https://merchant.example/thanks',
    });
    await stack.standIn.control(`/_sandbox/checkout/sessions/${session.id}/complete`, {
      key: shop.key,
      promotion_code: renamed.toLowerCase(),
    });
    const done = await shop.stripe.checkout.sessions.retrieve(session.id);
    expect(await couponsOn(shop.stripe, String(done.subscription))).toEqual([FRIEND_COUPON]);
    expect(done.amount_total).toBe(1800);
  });
});

describe('answers', () => {
  test("GET /code, POST /discount and GET /account/{id}/reward name Stripe's coupon and promotion code", async () => {
    const jane = await referrer();
    const first = await shop.api.call('GET', `/code/${jane.code.toLowerCase()}`);
    expect(first.status).toBe(200);
    // Asked for by this answer: the promotion code comes with the sync it started.
    expect(first.body).toMatchObject({ discountId: 'service_discount', couponId: FRIEND_COUPON });
    const promo = () =>
      db()('processor_promotion_codes')
        .where({ tenant_id: shop.tenantId, account_id: jane.accountId })
        .first();
    const row = await until(promo, (r) => r !== undefined);
    expect((await shop.api.call('GET', `/code/${jane.code}`)).body).toMatchObject({
      couponId: FRIEND_COUPON,
      promotionCodeId: row.promotion_code_id,
    });
    expect((await shop.api.call('GET', `/account/${jane.accountId}/reward`)).body).toMatchObject({
      discountId: 'service_discount',
      couponIds: [],
      promotionCodeId: row.promotion_code_id,
    });

    const friend = uid('acct-f');
    const { customer } = await customerAndPrice(shop.stripe);
    const associated = await shop.api.call('POST', '/discount', {
      accountId: friend,
      paymentProviderId: customer.id,
      couponCode: jane.code,
    });
    expect(associated.body).toEqual({
      accountId: friend,
      paymentProviderId: customer.id,
      couponCode: jane.code,
      referredDiscountPercent: 10,
      discountId: 'service_discount',
      couponId: FRIEND_COUPON,
      promotionCodeId: row.promotion_code_id,
    });
    expect((await shop.api.call('GET', `/account/${friend}/reward`)).body).toMatchObject({
      couponIds: [FRIEND_COUPON],
      promotionCodeId: null,
    });
  });
});

const ADJUST = `mutation A($accountId: ID!, $amountCents: Int!, $unit: String) {
  adjustCredit(accountId: $accountId, amountCents: $amountCents, unit: $unit, reason: "thanks") { reward { id } } }`;

// localstripe's customers are billed in EUR until they say otherwise: the credit tests' currency.
const EUR = 'EUR';

async function grant(t: StripeTenant, accountId: string, cents: number, unit = EUR): Promise<string> {
  const { adjustCredit } = await t.api.gqlOk(ADJUST, { accountId, amountCents: cents, unit });
  return adjustCredit.reward.id as string;
}

/** A referrer who is a Stripe customer (EUR) of `t`; with `cents` of credit granted by hand when given. */
async function customerAccount(t: StripeTenant, customer?: Stripe.Customer) {
  const jane = await referrer(t);
  const paying = customer ?? (await customerAndPrice(t.stripe)).customer;
  const path = `/open/account/${jane.accountId}/user/${jane.userId}`;
  expect((await t.api.call('PUT', path, { paymentProviderId: paying.id })).status).toBe(200);
  const synced = await t.api.call('POST', '/accountsync', { id: jane.accountId, currency: EUR });
  expect(synced.status).toBe(200);
  return { ...jane, customer: paying };
}

const balanceCalls = (key: string, idempotencyKey?: string) =>
  stack.standIn
    .calls(key)
    .filter((c) => c.method === 'POST' && /\/balance_transactions$/.test(c.path))
    .filter((c) => !idempotencyKey || c.idempotencyKey === idempotencyKey);

const BALANCE = `query B($id: String!) { rewardBalance(accountId: $id) { unit available } }`;
async function available(t: StripeTenant, accountId: string, unit = EUR): Promise<number> {
  const { rewardBalance } = await t.api.gqlOk(BALANCE, { id: accountId });
  return (rewardBalance as { unit: string; available: number }[]).find((b) => b.unit === unit)!.available;
}

/** The credits recorded with the processor's answer (a reservation's transaction id is empty until then). */
const answered = (n: number) => (rows: { transaction_id: string }[]) =>
  rows.length === n && rows.every((r) => r.transaction_id !== '');
const creditRows = (tenantId: string, rewardIds: string[]) =>
  db()('processor_credits').where({ tenant_id: tenantId }).whereIn('reward_id', rewardIds);
const customerBalance = async (t: StripeTenant, id: string) =>
  ((await t.stripe.customers.retrieve(id)) as Stripe.Customer).balance;
const stripeOf = (t: StripeTenant) =>
  createStripeProcessor(
    { environment: 'SANDBOX', secretKey: t.key, webhookSecret: null },
    { baseUrl: stack.standIn.url, timeoutMs: 10_000 },
  );
const requestSync = (t: StripeTenant, accountId: string) =>
  requestSyncIfConnected(
    stack.ref.gw.deps,
    { tenantId: t.tenantId, tenantAlias: t.alias, accountId },
    'test',
  );

describe('credit', () => {
  test('a credit is one balance transaction even when the answer to the first request was lost (the activity retried)', async () => {
    const jane = await customerAccount(shop);
    stack.proxy.loseNext(
      (method, path) =>
        method === 'POST' && path === `/v1/customers/${jane.customer.id}/balance_transactions`,
    );
    const rewardId = await grant(shop, jane.accountId, 500);
    const [recorded] = await until(() => creditRows(shop.tenantId, [rewardId]), answered(1));
    const key = `referral-credit-${rewardId}`;
    // The first request was applied and its answer lost; the retry got Stripe's stored answer.
    expect(balanceCalls(shop.key, key).map((c) => [c.status, c.replayed])).toEqual([
      [200, false],
      [200, true],
    ]);
    expect(recorded).toMatchObject({ amount_cents: '-500', currency: EUR, idempotency_key: key });
    const transactions = await shop.stripe.customers.listBalanceTransactions(jane.customer.id);
    expect(transactions.data.map((t) => [t.id, t.amount])).toEqual([[recorded.transaction_id, -500]]);
    expect(await customerBalance(shop, jane.customer.id)).toBe(-500);
    expect(await db()('rewards').where({ id: rewardId }).first()).toMatchObject({
      status: 'REDEEMED',
      redeemed_cents: '500',
      fulfilment_reference: recorded.transaction_id,
    });
    expect(await available(shop, jane.accountId)).toBe(0);
  });

  test('a credit Stripe refuses for good goes back to the balance, and a later sync applies it', async () => {
    const jane = await customerAccount(shop);
    // Refused once, as for a customer deleted meanwhile: the reservation is released.
    stack.proxy.refuseNext(
      (method, path) =>
        method === 'POST' && path === `/v1/customers/${jane.customer.id}/balance_transactions`,
    );
    const rewardId = await grant(shop, jane.accountId, 100);
    // The refusal fails the sync (ProcessorRejectedError is permanent): its workflow run ends failed.
    const run = stack.ref.gw.deps.temporal.client.workflow.getHandle(
      workflowIds.discountSync(shop.alias, jane.accountId),
    );
    await eventually('the refused sync failed', async () => (await run.describe()).status.name === 'FAILED');
    expect(stack.proxy.refusing()).toBe(false);
    expect(await db()('rewards').where({ id: rewardId }).first()).toMatchObject({ status: 'AVAILABLE' });
    expect(await creditRows(shop.tenantId, [rewardId])).toEqual([]);
    expect(await available(shop, jane.accountId)).toBe(100);
    await requestSync(shop, jane.accountId);
    await until(() => creditRows(shop.tenantId, [rewardId]), answered(1));
    expect(balanceCalls(shop.key, `referral-credit-${rewardId}`).map((c) => c.replayed)).toEqual([false]);
    expect(await customerBalance(shop, jane.customer.id)).toBe(-100);
    expect(await available(shop, jane.accountId)).toBe(0);
  });

  test("a partial refund's share and the debt of a full reversal are taken back once each, never more than Stripe was given", async () => {
    const jane = await customerAccount(shop);
    const rewardId = await grant(shop, jane.accountId, 1000);
    await until(() => creditRows(shop.tenantId, [rewardId]), answered(1));
    // A partial refund's share of the reward (reward-reversals.ts), then the full reversal that cancels
    // the share and leaves the used credit as a debt.
    const reversals = createRewardReversalsRepo();
    const reward = await db()('rewards').where({ id: rewardId }).first();
    const share = (await db().transaction((trx) => reversals.insertShare(reward, 300, 3000, 'share', trx)))!;
    await requestSync(shop, jane.accountId);
    await until(() => creditRows(shop.tenantId, [share.id]), answered(1));
    expect(await customerBalance(shop, jane.customer.id)).toBe(-700);
    const debt = (await db().transaction(async (trx) => {
      await reversals.cancelShares([share.id], trx);
      const closed = await reversals.markReversed(rewardId, 'refund:re_1', trx);
      return reversals.insertDebt(closed, 1000, 'debt', trx);
    }))!;
    await requestSync(shop, jane.accountId);
    const [taken] = await until(() => creditRows(shop.tenantId, [debt.id]), answered(1));
    // 300 came back with the share: the debt takes back the other 700, and is settled in full.
    expect(taken).toMatchObject({ amount_cents: '700', idempotency_key: `referral-credit-${debt.id}` });
    expect(await customerBalance(shop, jane.customer.id)).toBe(0);
    expect(await db()('rewards').where({ id: debt.id }).first()).toMatchObject({
      status: 'REDEEMED',
      redeemed_cents: '-1000',
    });
    expect(await available(shop, jane.accountId)).toBe(0);
    await requestSync(shop, jane.accountId);
    await requestSync(shop, jane.accountId);
    await new Promise((r) => setTimeout(r, 1500));
    expect(balanceCalls(shop.key, `referral-credit-${debt.id}`)).toHaveLength(1);
    expect(balanceCalls(shop.key, `referral-credit-${share.id}`)).toHaveLength(1);
    expect(await customerBalance(shop, jane.customer.id)).toBe(0);
  });

  test('a debt of credit Stripe was never given (redeemed through the API before) is not taken back there', async () => {
    const jane = await referrer();
    const rewardId = await grant(shop, jane.accountId, 400);
    const REDEEM = `mutation R($accountId: ID!) {
      redeemCredit(accountId: $accountId, amountCents: 400, unit: "EUR", reason: "paid by cheque") { outcome } }`;
    await shop.api.gqlOk(REDEEM, { accountId: jane.accountId });
    const debt = (await db().transaction(async (trx) => {
      const reversals = createRewardReversalsRepo();
      const closed = await reversals.markReversed(rewardId, 'chargeback:dp_1', trx);
      return reversals.insertDebt(closed, 400, 'debt', trx);
    }))!;
    const { customer } = await customerAndPrice(shop.stripe);
    const path = `/open/account/${jane.accountId}/user/${jane.userId}`;
    expect((await shop.api.call('PUT', path, { paymentProviderId: customer.id })).status).toBe(200);
    const result = await syncBillingAccount(db(), stripeOf(shop), {
      tenantId: shop.tenantId,
      accountId: jane.accountId,
    });
    expect(result.billing!.credits).toEqual([
      { rewardId: debt.id, unit: EUR, amountCents: 0, transactionId: null, outcome: 'NOT_GIVEN_HERE' },
    ]);
    expect(balanceCalls(shop.key, `referral-credit-${debt.id}`)).toHaveLength(0);
    expect(await customerBalance(shop, customer.id)).toBe(0);
    expect(await available(shop, jane.accountId)).toBe(-400);
  });

  test('two syncs of one account at once make one transaction per reward; credit in another currency is left', async () => {
    const jane = await referrer();
    const euros = [await grant(shop, jane.accountId, 100), await grant(shop, jane.accountId, 200)];
    const dollars = await grant(shop, jane.accountId, 300, 'USD');
    const { customer } = await customerAndPrice(shop.stripe);
    const path = `/open/account/${jane.accountId}/user/${jane.userId}`;
    expect((await shop.api.call('PUT', path, { paymentProviderId: customer.id })).status).toBe(200);
    const processor = createStripeProcessor(
      { environment: 'SANDBOX', secretKey: shop.key, webhookSecret: null },
      { baseUrl: stack.standIn.url, timeoutMs: 10_000 },
    );
    const target = { tenantId: shop.tenantId, accountId: jane.accountId };
    const racing = await Promise.allSettled([
      syncBillingAccount(db(), processor, target),
      syncBillingAccount(db(), processor, target),
      syncBillingAccount(db(), processor, target),
    ]);
    // A sync that met another's request in flight (Stripe's 409 for the key) fails to be retried.
    for (const r of racing) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ProcessorUnavailableError);
    }
    const last = await syncBillingAccount(db(), processor, target);
    for (const rewardId of euros) {
      const calls = balanceCalls(shop.key, `referral-credit-${rewardId}`);
      expect(calls.filter((c) => c.status === 200 && !c.replayed)).toHaveLength(1);
    }
    const rows = await creditRows(shop.tenantId, euros);
    expect(rows.map((r) => r.transaction_id)).toEqual([
      expect.stringMatching(/^cbtxn_/),
      expect.stringMatching(/^cbtxn_/),
    ]);
    expect(await creditRows(shop.tenantId, [...euros, dollars])).toHaveLength(2);
    expect(await customerBalance(shop, customer.id)).toBe(-300);
    expect(last.billing!.credits.find((c) => c.rewardId === dollars)).toMatchObject({
      outcome: 'OTHER_CURRENCY',
      unit: 'USD',
    });
    expect(await available(shop, jane.accountId, 'USD')).toBe(300);
    expect(balanceCalls(shop.key, `referral-credit-${dollars}`)).toHaveLength(0);
  });

  test("another tenant's rewards never reach this tenant's customer", async () => {
    const jane = await customerAccount(shop);
    const other = await stack.stripeTenant();
    // localstripe keeps one set of coupon ids for all accounts (Stripe keeps one per account), so the
    // other tenant's program gives the friend nothing here: no coupon of the same id to create.
    await other.api.gqlOk('mutation { updateProgram(input: { referredDiscountPercent: 0 }) { id } }');
    // The other tenant's account names this tenant's Stripe customer, and has credit of its own.
    const intruder = await customerAccount(other, jane.customer);
    const intruding = await grant(other, intruder.accountId, 900);
    const processor = createStripeProcessor(
      { environment: 'SANDBOX', secretKey: other.key, webhookSecret: null },
      { baseUrl: stack.standIn.url, timeoutMs: 10_000 },
    );
    const result = await syncBillingAccount(db(), processor, {
      tenantId: other.tenantId,
      accountId: intruder.accountId,
    });
    expect(result.skipped).toBe('NO_CUSTOMER');
    // And this tenant's sync of the same account id finds nothing of the other's.
    const mine = await syncBillingAccount(
      db(),
      createStripeProcessor(
        { environment: 'SANDBOX', secretKey: shop.key, webhookSecret: null },
        { baseUrl: stack.standIn.url, timeoutMs: 10_000 },
      ),
      { tenantId: shop.tenantId, accountId: intruder.accountId },
    );
    expect(mine.skipped).toBe('NO_ACCOUNT');
    expect(balanceCalls(other.key)).toHaveLength(0);
    expect(await customerBalance(shop, jane.customer.id)).toBe(0);
    expect(await creditRows(other.tenantId, [intruding])).toHaveLength(0);
    expect(await available(other, intruder.accountId)).toBe(900);
  });
});
