/**
 * Braintree webhooks through the real gateway, PostgreSQL, Temporal and the local stand-in: verification,
 * storage, the workflow per notification and each kind's effect, exactly once.
 */
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { startProcessorApi, type ProcessorApi } from '../../helpers/processor';
import { identifyReferrer, uid } from '../../helpers/referrals';

let api: ProcessorApi;
beforeAll(async () => {
  api = await startProcessorApi();
});
afterAll(async () => {
  await api?.close();
});

const stored = () => api.gw.deps.db('processor_notifications').where({ tenant_id: api.tenantId });

/** A referrer, and an account it referred whose processor customer has a live subscription. */
async function referredSubscriber() {
  const referrer = await identifyReferrer(api);
  const accountId = uid('acct');
  // The customer signed up in the merchant's app first (a referral converts once a user is identified).
  await api.identify(accountId, uid('user'));
  const sub = await api.subscribe({ discountCents: 200 });
  const res = await api.call('POST', '/discount', {
    accountId,
    paymentProviderId: sub.customerId,
    couponCode: referrer.code,
  });
  expect(res.status).toBe(200);
  return { referrer, accountId, ...sub };
}

async function deliverAndProcess(kind: string, subjectId: string, at?: Date) {
  const res = await api.deliver(api.sample(kind, subjectId, at));
  expect(res.status).toBe(200);
  return api.processed(res.body.notificationId);
}

describe('verification', () => {
  test('the challenge is answered as the SDK does it', async () => {
    const challenge = '38b1a5c2f1e4d7a9b0c3';
    const res = await fetch(`${api.webhookUrl}?bt_challenge=${challenge}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(api.bt.webhookNotification.verify(challenge));
    expect((await fetch(`${api.webhookUrl}?bt_challenge=not-hex!`)).status).toBe(401);
  });

  test.each([
    [
      'a tampered payload',
      (d: any) => ({ ...d, bt_payload: d.bt_payload.replace(/^./, (c: string) => (c === 'P' ? 'Q' : 'P')) }),
    ],
    [
      'a signature made with other keys',
      () =>
        api.sample('subscription_went_active', 'sub-x', undefined, {
          ...api.keys,
          privateKey: 'someone_else',
        }),
    ],
    [
      'another public key',
      () =>
        api.sample('subscription_went_active', 'sub-x', undefined, { ...api.keys, publicKey: 'other_pub' }),
    ],
    ['no signature', (d: any) => ({ bt_payload: d.bt_payload })],
    ['no payload', (d: any) => ({ bt_signature: d.bt_signature })],
  ])('%s is 401 INVALID_SIGNATURE and nothing is stored', async (_, make) => {
    const before = (await stored()).length;
    const res = await api.deliver(make(api.sample('subscription_went_active', 'sub-x')));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, apiErrorCode: 'INVALID_SIGNATURE' });
    expect(await stored()).toHaveLength(before);
  });

  test('an unknown tenant is the same 401', async () => {
    const res = await fetch(api.webhookUrl.replace(`/${api.tenant.alias}/`, '/no_such_tenant/'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(api.sample('check', 'x') as any).toString(),
    });
    expect(res.status).toBe(401);
  });

  test('a JSON body is 415', async () => {
    const res = await fetch(api.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(api.sample('check', 'x')),
    });
    expect(res.status).toBe(415);
  });
});

describe('notification kinds', () => {
  test.each(['subscription_charged_successfully', 'subscription_went_active'])(
    '%s makes the account PAID and converts its referral',
    async (kind) => {
      const s = await referredSubscriber();
      const row = await deliverAndProcess(kind, s.subscriptionId);
      expect(row.status).toBe('PROCESSED');
      expect(row.outcome).toMatchObject({
        result: 'APPLIED',
        accountId: s.accountId,
        customerId: s.customerId,
        accountStatus: 'PAID',
      });
      const account = (await api.account(s.accountId))!;
      expect(account.subscription.status).toBe('PAID');
      expect(account.referredBy.status).toBe('CONVERTED');
      expect(account.referredBy.referrerReward.status).toBe('AVAILABLE');
      // Its workflow is the notification's, derived from kind, subject and timestamp.
      const handle = api.gw.deps.temporal.client.workflow.getHandle(
        workflowIds.processorNotification(api.tenant.alias, 'braintree', row.notification_key),
      );
      expect((await handle.describe()).status.name).toBe('COMPLETED');
      expect(row.notification_key).toMatch(new RegExp(`^${kind}:${s.subscriptionId}:\\d{4}-\\d\\d-\\d\\dT`));
    },
  );

  test.each(['subscription_canceled', 'subscription_expired'])(
    '%s makes the account CANCELLED and ends its referral',
    async (kind) => {
      const s = await referredSubscriber();
      await deliverAndProcess(
        'subscription_charged_successfully',
        s.subscriptionId,
        new Date(Date.now() - 60_000),
      );
      const row = await deliverAndProcess(kind, s.subscriptionId);
      expect(row.outcome).toMatchObject({ result: 'APPLIED', accountStatus: 'CANCELLED' });
      const account = (await api.account(s.accountId))!;
      expect(account.subscription.status).toBe('CANCELLED');
      expect(account.referredBy.status).toBe('ENDED');
      expect(account.referredBy.referrerReward.status).toBe('CANCELLED');
    },
  );

  test.each([
    'subscription_charged_unsuccessfully',
    'subscription_went_past_due',
    'subscription_trial_ended',
  ])('%s is recorded without a state change or a workflow', async (kind) => {
    const s = await referredSubscriber();
    const res = await api.deliver(api.sample(kind, s.subscriptionId));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('RECORDED');
    const row = await api.notification(res.body.notificationId);
    expect(row).toMatchObject({ status: 'RECORDED', kind, subject_id: s.subscriptionId });
    expect(row.payload).toBe(api.sample(kind, s.subscriptionId).bt_payload.length > 0 ? row.payload : null);
    const account = (await api.account(s.accountId))!;
    expect(account.subscription).toBeNull();
    expect(account.referredBy.status).toBe('IN_PROGRESS');
  });

  test('an unknown kind is 200 and recorded as ignored', async () => {
    const res = await api.deliver(api.sample('check', 'anything'));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('IGNORED');
    expect(await api.notification(res.body.notificationId)).toMatchObject({
      status: 'IGNORED',
      kind: 'check',
    });
  });

  test('a customer whose service_coupon carries a code is attributed by it (PROCESSOR) and converted', async () => {
    const referrer = await identifyReferrer(api);
    const customerId = uid('cust');
    const sub = await api.subscribe({ customerId, coupon: referrer.code });
    const row = await deliverAndProcess('subscription_went_active', sub.subscriptionId);
    expect(row.outcome).toMatchObject({
      result: 'APPLIED',
      accountId: customerId,
      attributedBy: referrer.code,
    });
    const account = (await api.account(customerId))!;
    expect(
      await api.gw.deps.db('accounts').where({ tenant_id: api.tenantId, id: customerId }).first(),
    ).toMatchObject({
      payment_provider_id: customerId,
    });
    expect(account.subscription.status).toBe('PAID');
    expect(account.referredBy).toMatchObject({
      attributionSource: 'PROCESSOR',
      referrerAccountId: referrer.accountId,
      status: 'IN_PROGRESS',
    });
    // As through the API, the referral converts once a user of the account is identified.
    const identified = await api.identify(customerId, uid('user'));
    expect(identified.body.referredBy.status).toBe('CONVERTED');
  });

  test('an unknown customer without a coupon is recorded as NO_ACCOUNT and creates nothing', async () => {
    const customerId = uid('cust');
    const sub = await api.subscribe({ customerId });
    const row = await deliverAndProcess('subscription_went_active', sub.subscriptionId);
    expect(row.outcome).toMatchObject({ result: 'NO_ACCOUNT', customerId });
    expect(await api.account(customerId))!.toBeNull();
  });
});

describe('exactly one effect', () => {
  test('the same notification delivered 10 times at once is stored once, run once, converts once', async () => {
    const s = await referredSubscriber();
    const delivery = api.sample('subscription_charged_successfully', s.subscriptionId);
    const results = await Promise.all(Array.from({ length: 10 }, () => api.deliver(delivery)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const ids = new Set(results.map((r) => r.body.notificationId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => !r.body.duplicate)).toHaveLength(1);
    const row = await api.processed([...ids][0]);
    expect(row.deliveries).toBe(10);
    expect(row.outcome.result).toBe('APPLIED');
    const referrer = (await api.account(s.referrer.accountId))!;
    expect(referrer.rewards.filter((r: any) => r.rewardSource === 'FRIEND_SIGNUP')).toHaveLength(1);
    // Delivered again after it was processed: still one row, nothing applied again.
    const late = await api.deliver(delivery);
    expect(late.body).toMatchObject({ notificationId: row.id, duplicate: true, status: 'PROCESSED' });
    expect((await api.notification(row.id)).deliveries).toBe(11);
  });

  test('an older notification delivered after a newer one changes nothing', async () => {
    const s = await referredSubscriber();
    const now = Date.now();
    await deliverAndProcess('subscription_charged_successfully', s.subscriptionId, new Date(now - 120_000));
    await deliverAndProcess('subscription_canceled', s.subscriptionId, new Date(now - 10_000));
    const late = await deliverAndProcess(
      'subscription_charged_successfully',
      s.subscriptionId,
      new Date(now - 60_000),
    );
    expect(late.outcome.result).toBe('STALE');
    expect((await api.account(s.accountId))!.subscription.status).toBe('CANCELLED');
  });
});
