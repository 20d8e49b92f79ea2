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
import { checkoutFriend, startStripeRulesApi, type StripeTenant } from '../../helpers/stripe-tenant';

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
  stripe: () => openBillingProcessor(api.gw.deps, api.tenantId, { baseUrl: standIn.url, timeoutMs: 5000 }),
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
      await processors.stripe(),
      api.tenantId,
      await store('charge.dispute.created', dispute.id, null),
    );
    await standIn.control(`/_sandbox/disputes/${dispute.id}/close`, { key: stripe.key, status: 'won' });
    const closed = await store('charge.dispute.closed', dispute.id, null);
    const processor = await processors.stripe();
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
