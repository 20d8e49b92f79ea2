/**
 * Stripe events applied at the same time as themselves or as the lifecycle: the event's row lock and
 * status make concurrent applies of one event one apply, and a dispute won restoring the payment's
 * rewards while the lifecycle applies the dispute's reversal ends restored, whichever goes first. The
 * tenant's deliveries stay held, so the rows are stored here (as the webhook door stores them) and
 * applied by the use case the activity calls, against the stand-in's current objects.
 */
import type { Db } from '../../../shared/db/knex';
import { openBillingProcessor } from '../../../shared/domain/processors/billing-event-receipt';
import { applyBillingEvent } from '../../../shared/domain/processors/billing-event-effects';
import { reconcileReferral } from '../../../shared/domain/referrals/lifecycle';
import { createProcessorNotificationsRepo } from '../../../shared/repos/processor-notifications.repo';
import { applyStoredNotification } from '../../../shared/use-cases/apply-notification';
import { identifyReferrer, uid, type ReferralApi } from '../../helpers/referrals';
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
  await standIn.deliveries.hold(stripe.key);
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

/** Stores an event's row as the webhook door does (RECEIVED, keyed by a fresh event id). */
async function store(kind: string, subjectId: string, customerId: string | null) {
  const row = await createProcessorNotificationsRepo(db).record({
    tenant_id: api.tenantId,
    processor: 'STRIPE',
    notification_key: uid('evt').replace(/[^A-Za-z0-9_]/g, ''),
    kind,
    subject_id: subjectId,
    customer_id: customerId,
    notified_at: new Date(),
    signature: 't=0,v1=stored-by-the-test',
    payload: '{}',
    status: 'RECEIVED',
  });
  return row.id;
}

const processors = {
  braintree: async () => null,
  billing: () => openBillingProcessor(api.gw.deps, api.tenantId, { baseUrl: standIn.url, timeoutMs: 5000 }),
};
const applyStored = (notificationId: string) =>
  applyStoredNotification(api.gw.deps, processors, {
    tenantId: api.tenantId,
    tenantAlias: api.tenant.alias,
    notificationId,
  });
const ruleRewards = (accountId: string) =>
  db('rewards')
    .where({ tenant_id: api.tenantId, account_id: accountId })
    .whereNotNull('grant_key')
    .orderBy('grant_key')
    .select('id', 'status', 'amount_cents', 'payment_id', 'reversed_by', 'reverses_reward_id');

/** A friend who paid at Checkout, its checkout and invoice applied (rewards given). */
async function paidFriend() {
  const referrer = await identifyReferrer(api, 'Rosa');
  const paid = await checkoutFriend(api, standIn, stripe, referrer.code);
  await applyStored(await store('checkout.session.completed', paid.sessionId, paid.customerId));
  await applyStored(await store('invoice.paid', paid.invoiceId, paid.customerId));
  const given = await ruleRewards(referrer.accountId);
  expect(given.map((r) => r.status)).toEqual(['AVAILABLE', 'AVAILABLE']);
  return { referrer, paid, given };
}

test('one event applied four times at once is applied once; every apply answers the same outcome', async () => {
  const referrer = await identifyReferrer(api, 'Ines');
  const paid = await checkoutFriend(api, standIn, stripe, referrer.code);
  const id = await store('invoice.paid', paid.invoiceId, paid.customerId);
  const applied = await Promise.all([1, 2, 3, 4].map(() => applyStored(id)));
  for (const outcome of applied) expect(outcome).toEqual(applied[0]);
  expect(applied[0]).toMatchObject({ result: 'APPLIED' });
  const [row] = await db('processor_notifications').where({ id });
  expect(row).toMatchObject({ status: 'PROCESSED', outcome: applied[0] });
  expect(applied[0]).toMatchObject({ accountId: paid.friend, accountStatus: 'PAID' });
  const occurrences = await db('rule_occurrences').where({
    tenant_id: api.tenantId,
    occurrence_id: `stripe:${paid.chargeId}`,
  });
  expect(occurrences).toHaveLength(1);
  expect(await ruleRewards(referrer.accountId)).toHaveLength(2);
});

test('a dispute won restored while the lifecycle applies its reversal ends restored, whichever goes first', async () => {
  for (let round = 0; round < 3; round++) {
    const { paid, referrer, given } = await paidFriend();
    const dispute = await standIn.control(`/_sandbox/charges/${paid.chargeId}/dispute`, { key: stripe.key });
    // The reversal recorded, not applied yet (the lifecycle is not told).
    await applyBillingEvent(
      db,
      await processors.billing(),
      api.tenantId,
      await store('charge.dispute.created', dispute.id, null),
    );
    await standIn.control(`/_sandbox/disputes/${dispute.id}/close`, { key: stripe.key, status: 'won' });
    const closed = await store('charge.dispute.closed', dispute.id, null);
    const processor = await processors.billing();
    const reconcile = () =>
      reconcileReferral(db, { tenantId: api.tenantId, accountId: paid.friend }, { dayMs: 86_400_000 });
    const restore = () => applyBillingEvent(db, processor, api.tenantId, closed);
    await Promise.all(round % 2 === 0 ? [reconcile(), restore()] : [restore(), reconcile()]);
    await reconcile();
    const after = await ruleRewards(referrer.accountId);
    expect(after.filter((r) => !r.reverses_reward_id)).toEqual(given);
    expect(after.filter((r) => r.reverses_reward_id && r.status !== 'CANCELLED')).toEqual([]);
    expect(
      await db('rule_occurrences')
        .where({ tenant_id: api.tenantId, occurrence_id: `stripe:${paid.chargeId}` })
        .first(),
    ).toMatchObject({ reversed_at: null, reversal_kind: null });
  }
});

test('an invoice waiting for its customer while POST /discount ties it is never lost, whichever commits first', async () => {
  const referrer = await identifyReferrer(api, 'Tess');
  for (let round = 0; round < 3; round++) {
    const { customerId, invoiceId } = await subscribeUntiedCustomer(stripe, {
      amountCents: 1000,
      product: 'Solo',
    });
    const customer = { id: customerId };
    const friend = uid('acct-race');
    await api.identify(friend, uid('user'));
    const id = await store('invoice.paid', invoiceId, customer.id);
    const tie = () =>
      api.call('POST', '/discount', {
        accountId: friend,
        paymentProviderId: customer.id,
        couponCode: referrer.code,
      });
    // Started in either order; both run at once.
    const [applied, tied] =
      round % 2 === 0
        ? await Promise.all([applyStored(id), tie()])
        : await Promise.all([tie(), applyStored(id)]).then(([t, a]) => [a, t] as const);
    expect(tied.status).toBe(200);
    expect(['APPLIED', 'WAITING']).toContain(applied.result);
    // Applied at once (the tie was seen), or parked and started again by the tie's commit.
    const row = await until(
      () => db('processor_notifications').where({ id }).first(),
      (r) => r.status === 'PROCESSED',
    );
    expect(row.outcome).toMatchObject({ accountId: friend, accountStatus: 'PAID' });
  }
});

test('a dispute won after its reversal left a debt of used credit: the debt is cancelled; a later refund owes it again', async () => {
  const { paid, referrer } = await paidFriend();
  const credit = () =>
    db('rewards')
      .where({
        tenant_id: api.tenantId,
        account_id: referrer.accountId,
        type: 'CREDIT',
        payment_id: `stripe:${paid.chargeId}`,
      })
      .whereNull('reverses_reward_id')
      .first();
  // 100 of the $3 credit used (as a redemption records it).
  await db('rewards')
    .where({ id: (await credit()).id })
    .update({ redeemed_cents: 100 });
  const debtOf = async () =>
    db('rewards')
      .where({ tenant_id: api.tenantId, reverses_reward_id: (await credit()).id })
      .whereNull('reversed_through_cents');
  const reconcile = () =>
    reconcileReferral(db, { tenantId: api.tenantId, accountId: paid.friend }, { dayMs: 86_400_000 });

  const dispute = await standIn.control(`/_sandbox/charges/${paid.chargeId}/dispute`, { key: stripe.key });
  await applyBillingEvent(
    db,
    await processors.billing(),
    api.tenantId,
    await store('charge.dispute.created', dispute.id, null),
  );
  await reconcile();
  expect(await credit()).toMatchObject({ status: 'CANCELLED', reversed_by: `chargeback:${dispute.id}` });
  expect((await debtOf()).map((d) => [d.amount_cents, d.status])).toEqual([['-100', 'AVAILABLE']]);

  await standIn.control(`/_sandbox/disputes/${dispute.id}/close`, { key: stripe.key, status: 'won' });
  const closed = await store('charge.dispute.closed', dispute.id, null);
  for (let i = 0; i < 2; i++) await applyBillingEvent(db, await processors.billing(), api.tenantId, closed);
  await reconcile();
  expect(await credit()).toMatchObject({ status: 'AVAILABLE', reversed_by: null, redeemed_cents: '100' });
  // Told once as usable again (the two applies of the closing are one).
  const told = await db('webhook_events').where({ tenant_id: api.tenantId, type: 'reward.available' });
  const creditId = (await credit()).id as string;
  expect(told.filter((e) => JSON.stringify(e.payload).includes(creditId))).toHaveLength(1);
  expect((await debtOf()).map((d) => [d.amount_cents, d.status])).toEqual([['-100', 'CANCELLED']]);

  // Refunded later in full: reversed again, and the used part owed again through the same debt row.
  await stripe.stripe.refunds.create({ charge: paid.chargeId });
  await applyBillingEvent(
    db,
    await processors.billing(),
    api.tenantId,
    await store('charge.refunded', paid.chargeId, paid.customerId),
  );
  await reconcile();
  expect(await credit()).toMatchObject({
    status: 'CANCELLED',
    reversed_by: expect.stringMatching(/^refund:/),
  });
  expect((await debtOf()).map((d) => [d.amount_cents, d.status])).toEqual([['-100', 'AVAILABLE']]);
});
