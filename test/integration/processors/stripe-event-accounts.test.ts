/**
 * Stripe events and accounts (billing-event-accounts.ts): a customer's metadata ties it to an account
 * (created if absent), a customer tied elsewhere is an outcome and not a crash, a code typed at Checkout
 * without a client reference makes the account of the customer's id, a subscription's end cancels, and
 * another tenant's events never touch this tenant's accounts. Signed deliveries from the stand-in.
 */
import type { Db } from '../../../shared/db/knex';
import { identifyReferrer, uid, type ReferralApi } from '../../helpers/referrals';
import { startStripeStandIn, type StripeStandIn } from '../../helpers/stripe-stand-in';
import {
  checkoutFriend,
  otherStripeTenant,
  startStripeRulesApi,
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

const accountOf = (tenantId: string, id: string) => db('accounts').where({ tenant_id: tenantId, id }).first();

test("a customer's metadata ties it to the account it names, created if absent; a redelivery changes nothing", async () => {
  const accountId = uid('acct-meta');
  const customer = await stripe.stripe.customers.create({
    email: 'meta@example.com',
    metadata: { referral_account_id: accountId },
  });
  const created = await stripe.applied('customer.created', customer.id);
  expect(created.outcome).toMatchObject({ accountId, customerId: customer.id, result: 'APPLIED' });
  expect(await accountOf(api.tenantId, accountId)).toMatchObject({ payment_provider_id: customer.id });
  await standIn.deliveries.resend(stripe.key, created.notification_key);
  await standIn.deliveries.settled();
  const [again] = (await stripe.rows('customer.created')).filter((r) => r.subject_id === customer.id);
  expect(again).toMatchObject({ deliveries: 2, status: 'PROCESSED', outcome: created.outcome });
});

test('a customer naming an account while tied to another here is CUSTOMER_IN_USE, and nothing changes', async () => {
  const first = uid('acct-a');
  const second = uid('acct-b');
  const customer = await stripe.stripe.customers.create({ metadata: { referral_account_id: first } });
  await stripe.applied('customer.created', customer.id);
  await stripe.stripe.customers.update(customer.id, { metadata: { referral_account_id: second } });
  const updated = await stripe.applied('customer.updated', customer.id);
  expect(updated.status).toBe('PROCESSED');
  expect(updated.outcome).toMatchObject({
    result: 'CUSTOMER_IN_USE',
    accountId: second,
    customerId: customer.id,
  });
  expect(await accountOf(api.tenantId, first)).toMatchObject({ payment_provider_id: customer.id });
  expect(await accountOf(api.tenantId, second)).toBeUndefined();
});

test('a code typed at Checkout with no client reference attributes the account of the customer id', async () => {
  const referrer = await identifyReferrer(api, 'Cora');
  const paid = await checkoutFriend(api, standIn, stripe, referrer.code, { clientReference: false });
  const checkout = await stripe.applied('checkout.session.completed', paid.sessionId);
  expect(checkout.outcome).toMatchObject({
    accountId: paid.customerId,
    customerId: paid.customerId,
    attributedBy: referrer.code,
  });
  expect(await accountOf(api.tenantId, paid.customerId)).toMatchObject({
    payment_provider_id: paid.customerId,
  });
  const referral = await db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: paid.customerId })
    .first();
  expect(referral).toMatchObject({
    referrer_account_id: referrer.accountId,
    attribution_source: 'PROCESSOR',
  });
});

test("a subscription's end cancels the account once; an update that ends nothing is UNCHANGED", async () => {
  const referrer = await identifyReferrer(api, 'Sara');
  const paid = await checkoutFriend(api, standIn, stripe, referrer.code);
  await stripe.applied('invoice.paid', paid.invoiceId, 'PROCESSED');
  await stripe.stripe.subscriptions.update(paid.subscriptionId, { metadata: { plan: 'pro' } });
  // Every update event of the subscription at Stripe (Checkout's discount makes one too), all applied
  // before it is cancelled: each read an active subscription.
  const updates = await until(
    async () =>
      (await stripe.stripe.events.list({ type: 'customer.subscription.updated', limit: 100 })).data.filter(
        (e) => (e.data.object as { id: string }).id === paid.subscriptionId,
      ),
    (events) => events.some((e) => JSON.stringify(e.data.previous_attributes ?? {}).includes('metadata')),
  );
  const updated = await until(
    async () =>
      (await stripe.rows('customer.subscription.updated')).filter((r) =>
        updates.some((e) => e.id === r.notification_key),
      ),
    (rows) => rows.length === updates.length && rows.every((r) => r.status === 'PROCESSED'),
  );
  expect(updated).toHaveLength(updates.length);
  for (const row of updated) {
    // (Checkout's own update may be applied before the invoice made the account PAID.)
    expect(row.outcome).toMatchObject({ accountId: paid.friend, result: 'UNCHANGED' });
    expect(row.outcome).not.toMatchObject({ accountStatus: 'CANCELLED' });
  }
  await stripe.stripe.subscriptions.cancel(paid.subscriptionId);
  const deleted = await stripe.applied('customer.subscription.deleted', paid.subscriptionId);
  expect(deleted.outcome).toMatchObject({ accountId: paid.friend, accountStatus: 'CANCELLED' });
  // The cancellation is applied once: by the deletion, or by the update (status canceled) the stand-in
  // may send with it and the workflows may apply first; then the deletion changes nothing.
  const cancelledBy = [
    deleted,
    ...(await stripe.rows('customer.subscription.updated')).filter(
      (r) => r.subject_id === paid.subscriptionId && !updates.some((e) => e.id === r.notification_key),
    ),
  ].filter((r) => {
    const outcome = r.outcome as { result?: string; accountStatus?: string } | null;
    return outcome?.result === 'APPLIED' && outcome.accountStatus === 'CANCELLED';
  });
  expect(cancelledBy).toHaveLength(1);
  expect(await accountOf(api.tenantId, paid.friend)).toMatchObject({ subscription_status: 'CANCELLED' });
  await standIn.deliveries.resend(stripe.key, deleted.notification_key);
  await standIn.deliveries.settled();
  const [again] = (await stripe.rows('customer.subscription.deleted')).filter(
    (r) => r.subject_id === paid.subscriptionId,
  );
  expect(again).toMatchObject({ deliveries: 2, outcome: deleted.outcome });
});

test("another tenant's events tie and change only that tenant's accounts", async () => {
  const other = await otherStripeTenant(api, standIn);
  const shared = uid('acct-shared');
  await api.identify(shared, uid('user'));
  const customer = await other.stripe.customers.create({ metadata: { referral_account_id: shared } });
  const created = await other.applied('customer.created', customer.id);
  expect(created.outcome).toMatchObject({ accountId: shared, result: 'APPLIED' });
  expect(await accountOf(other.tenantId, shared)).toMatchObject({ payment_provider_id: customer.id });
  expect(await accountOf(api.tenantId, shared)).toMatchObject({ payment_provider_id: null });
  expect((await stripe.rows()).filter((r) => r.subject_id === customer.id)).toEqual([]);
});
