/**
 * A charge-back during a reward hold through the real gateway, worker, PostgreSQL, Temporal
 * and the Braintree stand-in: the SDK's `dispute_opened` / `dispute_lost` notifications name the disputed
 * charge, whose customer is the referred account's; the account records the charge-back once and the
 * referral's lifecycle cancels the referrer's reward still held, leaving it no timer to release it by. A
 * charge-back dated after the hold's end leaves the reward to its hold; another tenant's notifications
 * cannot reach this tenant's accounts. Days are REWARD_DAY_MS = 20 s, so each step lands inside the hold;
 * no test waits for it to end (reward-hold.test.ts runs a hold to its end, and the lifecycle's timers are
 * workflow tests: test/workflows/referral-lifecycle-timers.test.ts).
 */
import { sandboxGateway, subscribeCustomer } from '../../../services/processor-sandbox/merchant';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { basic, createTestTenant, eventually } from '../../helpers/harness';
import { merchantKeys, startProcessorApi, type Delivery, type ProcessorApi } from '../../helpers/processor';
import { identifyReferrer, uid } from '../../helpers/referrals';

const DAY_MS = 20_000;
let api: ProcessorApi;
beforeAll(async () => {
  api = await startProcessorApi({ REWARD_DAY_MS: String(DAY_MS) });
  const res = await api.gql(
    `mutation { updateProgram(input: {
      referrerReward: { type: CREDIT, amountCents: 500, unit: "USD" }, rewardHoldDays: 1 }) { rewardHoldDays } }`,
  );
  expect(res.errors).toBeUndefined();
});
afterAll(async () => {
  await api?.close();
});

const REWARD = 'id status holdUntil dateCancelled';

/**
 * A referrer, and a friend it referred whose processor customer pays (the SDK's charge notification):
 * the referrer's reward is granted then, held for a day.
 */
async function heldReferral(customerId?: string) {
  const referrer = await identifyReferrer(api);
  const friend = uid('acct-f');
  await api.identify(friend, uid('user'));
  const sub = await api.subscribe({ customerId });
  const attributed = await api.call('POST', '/discount', {
    accountId: friend,
    paymentProviderId: sub.customerId,
    couponCode: referrer.code,
  });
  expect(attributed.status).toBe(200);
  const paid = await deliverAndProcess(api.sample('subscription_charged_successfully', sub.subscriptionId));
  expect(paid.outcome).toMatchObject({ result: 'APPLIED', accountId: friend, accountStatus: 'PAID' });
  const held = await referrerReward(friend);
  expect(held.status).toBe('PENDING');
  expect(held.holdUntil).toBeGreaterThan(Date.now());
  return { friend, held, ...sub };
}

async function deliverAndProcess(delivery: Delivery) {
  const res = await api.deliver(delivery);
  expect(res.status).toBe(200);
  return api.processed(res.body.notificationId);
}

async function referrerReward(friend: string) {
  const res = await api.gql(
    `query A($id: String!) { account(id: $id) { referredBy { referrerReward { ${REWARD} } } } }`,
    { id: friend },
  );
  expect(res.errors).toBeUndefined();
  return res.data.account.referredBy.referrerReward;
}

async function eventCount(type: string, rewardId: string): Promise<number> {
  const rows = await api.gw.deps.db('webhook_events').where({ tenant_id: api.tenantId, type });
  return rows.filter((r: { payload: { data: { id: string } } }) => r.payload.data.id === rewardId).length;
}

const chargedBackAt = async (tenantId: string, accountId: string): Promise<Date | null> =>
  (await api.gw.deps.db('accounts').where({ tenant_id: tenantId, id: accountId }).first()).charged_back_at;

test('a dispute during the hold cancels the held reward, which the hold’s end never releases', async () => {
  const s = await heldReferral();
  const row = await deliverAndProcess(api.sample('dispute_opened', s.transactionId));
  expect(row).toMatchObject({ status: 'PROCESSED', kind: 'dispute_opened', subject_id: s.transactionId });
  expect(row.outcome).toMatchObject({
    result: 'APPLIED',
    accountId: s.friend,
    customerId: s.customerId,
    accountStatus: null,
  });
  expect(await referrerReward(s.friend)).toMatchObject({
    id: s.held.id,
    status: 'CANCELLED',
    dateCancelled: expect.any(Number),
  });
  expect(await chargedBackAt(api.tenantId, s.friend)).toEqual(row.notified_at);
  // The account itself is still paying: a charge-back is about the charge, not the subscription.
  expect((await api.account(s.friend))!.subscription.status).toBe('PAID');

  expect(await eventCount('reward.available', s.held.id)).toBe(0);
  expect(await eventCount('reward.cancelled', s.held.id)).toBe(1);
  // Nothing is due any more: the lifecycle keeps no timer for the hold's end.
  const lifecycle = api.gw.deps.temporal.client.workflow.getHandle(
    workflowIds.referral(api.tenant.alias, s.friend),
  );
  const events = (await lifecycle.fetchHistory()).events ?? [];
  const started = events.filter((e) => e.timerStartedEventAttributes).length;
  const ended = events.filter((e) => e.timerFiredEventAttributes || e.timerCanceledEventAttributes).length;
  expect(started).toBeGreaterThan(0);
  expect(ended).toBe(started);
});

test('the same dispute delivered twice, then lost: one charge-back, one cancellation', async () => {
  const s = await heldReferral();
  const delivery = api.sample('dispute_opened', s.transactionId);
  const [first, second] = await Promise.all([api.deliver(delivery), api.deliver(delivery)]);
  expect(second.body.notificationId).toBe(first.body.notificationId);
  const row = await api.processed(first.body.notificationId);
  expect(row).toMatchObject({ deliveries: 2, status: 'PROCESSED' });
  expect(row.outcome.result).toBe('APPLIED');
  // Delivered again after it was applied: the stored outcome, nothing applied again.
  const late = await api.deliver(delivery);
  expect(late.body).toMatchObject({ notificationId: row.id, duplicate: true, status: 'PROCESSED' });

  const lost = await deliverAndProcess(
    api.sample('dispute_lost', s.transactionId, new Date(Date.now() + 2000)),
  );
  expect(lost.outcome).toMatchObject({ result: 'UNCHANGED', accountId: s.friend });
  // The first charge-back's time stays.
  expect(await chargedBackAt(api.tenantId, s.friend)).toEqual(row.notified_at);
  expect((await referrerReward(s.friend)).status).toBe('CANCELLED');
  expect(await eventCount('reward.cancelled', s.held.id)).toBe(1);
});

test('a dispute dated after the hold’s end leaves the reward to its hold', async () => {
  const s = await heldReferral();
  // The charge-back happened after the hold ended (the reward is PENDING only until its timer fires): the
  // reward was no longer held at that moment, so it is released as if there had been no dispute.
  const row = await deliverAndProcess(
    api.sample('dispute_lost', s.transactionId, new Date(s.held.holdUntil + 1000)),
  );
  // The fact is recorded (the lifecycle was told, and settled), but the reward had left its hold.
  expect(row.outcome).toMatchObject({ result: 'APPLIED', accountId: s.friend });
  expect(await chargedBackAt(api.tenantId, s.friend)).not.toBeNull();
  const referral = await api.gw.deps
    .db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: s.friend })
    .first();
  expect(referral.lifecycle_pending_since).toBeNull();
  expect(await referrerReward(s.friend)).toMatchObject({
    id: s.held.id,
    status: 'PENDING',
    holdUntil: s.held.holdUntil,
  });
  expect(await eventCount('reward.cancelled', s.held.id)).toBe(0);
});

test('another tenant’s disputes cannot touch this tenant’s account', async () => {
  const customerId = uid('cust');
  const s = await heldReferral(customerId);

  // Another tenant, connected to a merchant account of its own that has a customer of the same id.
  const other = await createTestTenant(api.gw.deps.db, 'cbother');
  const otherKeys = merchantKeys('other');
  const base = api.gw.api(other.alias);
  const connected = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { authorization: basic(other.apiKey), 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'mutation C($i: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $i) { webhookUrl } }',
      variables: { i: { processor: 'BRAINTREE', ...otherKeys } },
    }),
  });
  expect(connected.status).toBe(200);
  const otherSub = await subscribeCustomer(sandboxGateway(api.sandbox.url, otherKeys), { customerId });
  const otherWebhook = `${base}/processor/braintree/webhook`;
  const deliverOther = async (delivery: Delivery) => {
    const res = await fetch(otherWebhook, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...delivery }).toString(),
    });
    expect(res.status).toBe(200);
    const { notificationId } = (await res.json()) as { notificationId: string };
    const stored = () => api.gw.deps.db('processor_notifications').where({ id: notificationId }).first();
    await eventually('dispatched', async () => (await stored()).dispatched_at !== null, 400);
    const key = (await stored()).notification_key;
    await api.gw.deps.temporal.client.workflow
      .getHandle(workflowIds.processorNotification(other.alias, 'braintree', key))
      .result();
    return stored();
  };

  // Its own charge of a customer with the same id: its tenant has no such account.
  const own = await deliverOther(api.sample('dispute_opened', otherSub.transactionId, undefined, otherKeys));
  expect(own.outcome).toMatchObject({ result: 'NO_ACCOUNT', customerId, accountId: null });
  // This tenant's charge id, signed with its own keys: its processor has no such transaction.
  const foreign = await deliverOther(api.sample('dispute_lost', s.transactionId, undefined, otherKeys));
  expect(foreign.outcome).toMatchObject({ result: 'NO_CUSTOMER', accountId: null });
  // Its keys' signature at this tenant's webhook: 401, nothing stored.
  const before = await api.gw.deps.db('processor_notifications').where({ tenant_id: api.tenantId });
  const forged = await api.deliver(api.sample('dispute_opened', s.transactionId, undefined, otherKeys));
  expect(forged.status).toBe(401);
  expect(await api.gw.deps.db('processor_notifications').where({ tenant_id: api.tenantId })).toHaveLength(
    before.length,
  );

  expect(await chargedBackAt(api.tenantId, s.friend)).toBeNull();
  expect((await referrerReward(s.friend)).status).toBe('PENDING');
  expect(await eventCount('reward.cancelled', s.held.id)).toBe(0);
});
