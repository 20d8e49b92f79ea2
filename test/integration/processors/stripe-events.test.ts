/**
 * Stripe events applied (shared/domain/processors/billing-event-effects.ts), delivered signed by the
 * Stripe stand-in (localstripe and its front) to our webhook door, each applied once by the notification
 * workflow: a checkout's promotion code attributes, a paid invoice converts and is a payment for PAYMENT
 * rules, a subscription's end cancels, refunds and disputes reverse what the payment gave and a dispute
 * won restores it. Deliveries are held and released out of order and twice.
 */
import type { Db } from '../../../shared/db/knex';
import { identifyReferrer, type ReferralApi } from '../../helpers/referrals';
import { startStripeStandIn, type StripeStandIn } from '../../helpers/stripe-stand-in';
import {
  checkoutFriend,
  startStripeRulesApi,
  subscribeUntiedCustomer,
  type StripeTenant,
} from '../../helpers/stripe-tenant';
import { until } from '../../helpers/wait';

let standIn: StripeStandIn;
let api: ReferralApi;
let stripe: StripeTenant;
let db: Db;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  ({ api, stripe } = await startStripeRulesApi(standIn));
  db = api.gw.deps.db;
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

const ruleRewards = (accountId: string) =>
  db('rewards')
    .where({ tenant_id: api.tenantId, account_id: accountId })
    .whereNotNull('grant_key')
    .orderBy([{ column: 'date_given' }, { column: 'grant_no' }])
    .select('rule_id', 'type', 'amount_cents', 'status', 'payment_id', 'reversed_by', 'reverses_reward_id');

const accountRow = (id: string) => db('accounts').where({ tenant_id: api.tenantId, id }).first();

/** The referrer's rewards once they are `count` rows. */
const rewardsOnce = (accountId: string, count: number, test = (_: any[]) => true) =>
  until(
    () => ruleRewards(accountId),
    (rows) => rows.length === count && test(rows),
    30_000,
  );

test('a promotion code typed at Checkout attributes the friend; the paid invoice converts and pays the rules once', async () => {
  const referrer = await identifyReferrer(api, 'Jane');
  const paid = await checkoutFriend(api, standIn, stripe, referrer.code);
  const checkout = await stripe.applied('checkout.session.completed', paid.sessionId);
  expect(checkout.outcome).toMatchObject({ accountId: paid.friend, customerId: paid.customerId });
  const invoice = await stripe.applied('invoice.paid', paid.invoiceId, 'PROCESSED');
  expect(invoice.outcome).toMatchObject({ accountId: paid.friend, accountStatus: 'PAID' });
  const account = await accountRow(paid.friend);
  expect(account.payment_provider_id).toBe(paid.customerId);
  const referral = await db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: paid.friend })
    .first();
  expect(referral).toMatchObject({
    referral_code_used: referrer.code,
    referrer_account_id: referrer.accountId,
  });
  const rewards = await rewardsOnce(referrer.accountId, 2);
  expect(rewards.map((r) => [r.rule_id, r.type, r.amount_cents, r.payment_id, r.status])).toEqual([
    ['recurring', 'CASH', String(paid.amountPaid / 5), `stripe:${paid.chargeId}`, 'AVAILABLE'],
    ['per-payment', 'CREDIT', '300', `stripe:${paid.chargeId}`, 'AVAILABLE'],
  ]);
});

/** Held deliveries of the tenant's account, once each type is held: their ids by type. */
async function heldOf(types: string[]) {
  const list = await until(
    () => standIn.deliveries.list(stripe.key).filter((d) => d.state === 'held'),
    (held) => types.every((t) => held.some((d) => d.type === t)),
    15_000,
  );
  return (type: string) => list.filter((d) => d.type === type).map((d) => d.id);
}

const occurrence = (paymentId: string) =>
  db('rule_occurrences').where({ tenant_id: api.tenantId, occurrence_id: paymentId }).first();

test('invoice.paid delivered before checkout.session.completed, each twice: attributed by the checkout it reads, applied once', async () => {
  const referrer = await identifyReferrer(api, 'Olga');
  await standIn.deliveries.hold(stripe.key);
  const paid = await checkoutFriend(api, standIn, stripe, referrer.code);
  const held = await heldOf(['invoice.paid', 'checkout.session.completed', 'customer.created']);
  await standIn.deliveries.release({
    key: stripe.key,
    order: held('invoice.paid'),
    times: 2,
    keepHolding: true,
  });
  const invoice = await stripe.applied('invoice.paid', paid.invoiceId, 'PROCESSED');
  expect(invoice.outcome).toMatchObject({ accountId: paid.friend, accountStatus: 'PAID', result: 'APPLIED' });
  expect(invoice.deliveries).toBe(2);
  await standIn.deliveries.release({ key: stripe.key, times: 2 });
  const checkout = await stripe.applied('checkout.session.completed', paid.sessionId);
  expect(checkout.outcome).toMatchObject({ accountId: paid.friend, result: 'UNCHANGED' });
  const rewards = await rewardsOnce(referrer.accountId, 2);
  expect(rewards.map((r) => [r.rule_id, r.payment_id])).toEqual([
    ['recurring', `stripe:${paid.chargeId}`],
    ['per-payment', `stripe:${paid.chargeId}`],
  ]);
  const referral = await db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: paid.friend })
    .first();
  expect(referral).toMatchObject({ status: 'CONVERTED', referral_code_used: referrer.code });
});

test('an invoice of a customer tied to no account waits; POST /discount ties and attributes it, and it is applied', async () => {
  const referrer = await identifyReferrer(api, 'Wanda');
  const { customerId, invoiceId } = await subscribeUntiedCustomer(stripe, {
    amountCents: 2500,
    product: 'Team',
    email: 'late@example.com',
  });
  const customer = { id: customerId };
  const waiting = await stripe.applied('invoice.paid', invoiceId, 'WAITING');
  expect(waiting.customer_id).toBe(customer.id);
  expect(waiting.outcome).toMatchObject({ result: 'WAITING', customerId: customer.id, accountId: null });
  const created = await stripe.applied('customer.created', customer.id);
  expect(created.outcome).toMatchObject({ result: 'NO_ACCOUNT' });

  const friend = `acct-late-${customer.id}`;
  await api.identify(friend, `user-${customer.id}`);
  const tied = await api.call('POST', '/discount', {
    accountId: friend,
    paymentProviderId: customer.id,
    couponCode: referrer.code,
  });
  expect(tied.status).toBe(200);
  const applied = await stripe.applied('invoice.paid', invoiceId, 'PROCESSED');
  expect(applied.outcome).toMatchObject({ accountId: friend, accountStatus: 'PAID', result: 'APPLIED' });
  const invoice = await stripe.stripe.invoices.retrieve(invoiceId);
  const rewards = await rewardsOnce(referrer.accountId, 2);
  expect(rewards.map((r) => [r.rule_id, r.amount_cents, r.payment_id])).toEqual([
    ['recurring', '500', `stripe:${String(invoice.charge)}`],
    ['per-payment', '300', `stripe:${String(invoice.charge)}`],
  ]);
});

test('a partial refund reverses its share; the rest of the refund reverses the whole payment once', async () => {
  const referrer = await identifyReferrer(api, 'Rhea');
  const paid = await checkoutFriend(api, standIn, stripe, referrer.code);
  await rewardsOnce(referrer.accountId, 2);
  const partial = await stripe.stripe.refunds.create({ charge: paid.chargeId, amount: 500 });
  const first = await stripe.applied('charge.refunded', paid.chargeId);
  expect(first.outcome).toMatchObject({ accountId: paid.friend, result: 'APPLIED' });
  const shared = await rewardsOnce(referrer.accountId, 4);
  // 500 of 1,500 refunded: a third of each amount reward.
  expect(shared.filter((r) => r.reverses_reward_id).map((r) => r.amount_cents)).toEqual(['-100', '-100']);
  expect(shared.filter((r) => !r.reverses_reward_id).every((r) => r.status === 'AVAILABLE')).toBe(true);

  const rest = await stripe.stripe.refunds.create({ charge: paid.chargeId });
  const reversed = await rewardsOnce(referrer.accountId, 4, (rows) =>
    rows.filter((r) => !r.reverses_reward_id).every((r) => r.status === 'CANCELLED'),
  );
  // By the charge's latest refund (the stand-in lists a charge's refunds in the order Stripe does not).
  const by = reversed.filter((r) => !r.reverses_reward_id).map((r) => r.reversed_by);
  expect([`refund:${rest.id}`, `refund:${partial.id}`]).toContain(by[0]);
  expect(by).toEqual([by[0], by[0]]);
  expect(await occurrence(`stripe:${paid.chargeId}`)).toMatchObject({ reversal_kind: 'REFUND' });
  // Every refund event again: nothing more.
  for (const row of await stripe.rows('charge.refunded')) {
    await standIn.deliveries.resend(stripe.key, row.notification_key);
  }
  await standIn.deliveries.settled();
  expect(await ruleRewards(referrer.accountId)).toEqual(reversed);
});

test('a dispute reverses the payment while open; won, the rewards are restored as they were, once', async () => {
  const referrer = await identifyReferrer(api, 'Dora');
  const paid = await checkoutFriend(api, standIn, stripe, referrer.code);
  const given = await rewardsOnce(referrer.accountId, 2);
  const dispute = await standIn.control(`/_sandbox/charges/${paid.chargeId}/dispute`, { key: stripe.key });
  const opened = await stripe.applied('charge.dispute.created', dispute.id);
  expect(opened.outcome).toMatchObject({ accountId: paid.friend, result: 'APPLIED' });
  const reversed = await rewardsOnce(referrer.accountId, 2, (rows) =>
    rows.every((r) => r.status === 'CANCELLED'),
  );
  expect(reversed.map((r) => r.reversed_by)).toEqual([
    `chargeback:${dispute.id}`,
    `chargeback:${dispute.id}`,
  ]);
  expect((await accountRow(paid.friend)).charged_back_at).toBeNull();

  await standIn.control(`/_sandbox/disputes/${dispute.id}/close`, { key: stripe.key, status: 'won' });
  const closed = await stripe.applied('charge.dispute.closed', dispute.id);
  expect(closed.outcome).toMatchObject({ accountId: paid.friend, result: 'APPLIED' });
  const restored = await rewardsOnce(referrer.accountId, 2, (rows) =>
    rows.every((r) => r.status === 'AVAILABLE'),
  );
  expect(restored).toEqual(given);
  expect(await occurrence(`stripe:${paid.chargeId}`)).toMatchObject({
    reversed_at: null,
    reversal_kind: null,
  });
  // Both events again: the restore is not undone, nor applied twice.
  for (const row of await stripe.rows()) {
    if (row.subject_id === dispute.id) await standIn.deliveries.resend(stripe.key, row.notification_key);
  }
  await standIn.deliveries.settled();
  expect(await ruleRewards(referrer.accountId)).toEqual(given);
});

test('a dispute closed won delivered before it was created (each twice) never reverses anything', async () => {
  const referrer = await identifyReferrer(api, 'Gwen');
  const paid = await checkoutFriend(api, standIn, stripe, referrer.code);
  const given = await rewardsOnce(referrer.accountId, 2);
  await standIn.deliveries.hold(stripe.key);
  const dispute = await standIn.control(`/_sandbox/charges/${paid.chargeId}/dispute`, { key: stripe.key });
  await standIn.control(`/_sandbox/disputes/${dispute.id}/close`, { key: stripe.key, status: 'won' });
  const held = await heldOf(['charge.dispute.created', 'charge.dispute.closed']);
  await standIn.deliveries.release({
    key: stripe.key,
    order: [...held('charge.dispute.closed'), ...held('charge.dispute.created')],
    times: 2,
  });
  const closed = await stripe.applied('charge.dispute.closed', dispute.id);
  const created = await stripe.applied('charge.dispute.created', dispute.id);
  expect(closed.outcome).toMatchObject({ accountId: paid.friend, result: 'UNCHANGED' });
  expect(created.outcome).toMatchObject({ accountId: paid.friend });
  expect(created.outcome).not.toMatchObject({ result: 'APPLIED' });
  expect(await ruleRewards(referrer.accountId)).toEqual(given);
  expect(await occurrence(`stripe:${paid.chargeId}`)).toMatchObject({ reversed_at: null });
  await standIn.deliveries.release({ key: stripe.key });
});

test('a dispute lost reverses the payment and charges the account back', async () => {
  const referrer = await identifyReferrer(api, 'Lena');
  const paid = await checkoutFriend(api, standIn, stripe, referrer.code);
  await rewardsOnce(referrer.accountId, 2);
  const dispute = await standIn.control(`/_sandbox/charges/${paid.chargeId}/dispute`, { key: stripe.key });
  await standIn.control(`/_sandbox/disputes/${dispute.id}/close`, { key: stripe.key, status: 'lost' });
  const closed = await stripe.applied('charge.dispute.closed', dispute.id);
  expect(closed.outcome).toMatchObject({ accountId: paid.friend });
  await until(
    () => accountRow(paid.friend),
    (a) => a.charged_back_at !== null,
  );
  expect((await accountRow(paid.friend)).charged_back_at).not.toBeNull();
  const reversed = await rewardsOnce(referrer.accountId, 2, (rows) =>
    rows.every((r) => r.status === 'CANCELLED'),
  );
  expect(reversed.map((r) => r.reversed_by)).toEqual([
    `chargeback:${dispute.id}`,
    `chargeback:${dispute.id}`,
  ]);
});

test('a refund delivered before the checkout tied its customer waits, then reverses the payment, which gives nothing', async () => {
  const referrer = await identifyReferrer(api, 'Fern');
  await standIn.deliveries.hold(stripe.key);
  const paid = await checkoutFriend(api, standIn, stripe, referrer.code);
  await stripe.stripe.refunds.create({ charge: paid.chargeId });
  const held = await heldOf(['invoice.paid', 'charge.refunded', 'checkout.session.completed']);
  await standIn.deliveries.release({
    key: stripe.key,
    order: held('charge.refunded'),
    times: 2,
    keepHolding: true,
  });
  // No account is tied to its customer yet: it waits, with the customer it concerns.
  const waiting = await stripe.applied('charge.refunded', paid.chargeId, 'WAITING');
  expect(waiting).toMatchObject({ customer_id: paid.customerId, deliveries: 2 });
  await standIn.deliveries.release({ key: stripe.key, times: 2 });
  await stripe.applied('invoice.paid', paid.invoiceId, 'PROCESSED');
  // The checkout's tie received it again, and its workflow ran again. Whichever of it and invoice.paid
  // (which reverses by its charge's refunds) ran first recorded the reversal; the other finds it: UNCHANGED.
  const refunded = await stripe.applied('charge.refunded', paid.chargeId, 'PROCESSED');
  expect(refunded.outcome).toMatchObject({ accountId: paid.friend });
  expect(['APPLIED', 'UNCHANGED']).toContain((refunded.outcome as { result: string }).result);
  expect(await occurrence(`stripe:${paid.chargeId}`)).toMatchObject({ reversal_kind: 'REFUND' });
  const referral = await until(
    () => db('referrals').where({ tenant_id: api.tenantId, referred_account_id: paid.friend }).first(),
    (r) => r?.status === 'CONVERTED',
  );
  expect(referral.status).toBe('CONVERTED');
  // Whichever ran first, the payment gives nothing in the end: never granted, or granted then reversed.
  await until(
    () => occurrence(`stripe:${paid.chargeId}`),
    (o) => o.applied_at !== null && o.reversal_applied_at !== null,
  );
  const left = await until(
    () => ruleRewards(referrer.accountId),
    (rows) => rows.every((r) => r.status === 'CANCELLED'),
  );
  expect(left.filter((r) => r.status !== 'CANCELLED')).toEqual([]);
});
