/**
 * Reward holds and credit expiry with the real gateway, worker, PostgreSQL and Temporal, on
 * short days (REWARD_DAY_MS = 3 s), one real timer each: a hold that ends releases the referrer's reward
 * on the lifecycle workflow's durable timer (visible in its history), its credit then counted to expire
 * from the hold's end; unused credit expires on time while what was redeemed stays redeemed. A hold cut by
 * a cancellation cancels the reward; a program change affects later rewards only. The timers' other
 * cases (woken early, set again, none left after a cancellation, outliving a worker, days long) are
 * workflow tests on the time-skipping server: test/workflows/referral-lifecycle-timers.test.ts.
 * reward-hold-kill.test.ts kills the worker during a hold.
 */
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';
import { until } from '../../helpers/wait';

const DAY_MS = 3000;
let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi({ env: { REWARD_DAY_MS: String(DAY_MS) } });
});
afterAll(async () => {
  await api?.close();
});

const REWARD = 'id status amountCents redeemedCents holdUntil expiresAt dateExpired dateCancelled';
const BALANCE = `query B($a: String!) { rewardBalance(accountId: $a) {
  unit totalAssigned totalRedeemed available pending expired nextExpiry } }`;

async function setProgram(input: string) {
  const res = await api.gql(
    `mutation { updateProgram(input: { ${input} }) { rewardHoldDays creditExpiryDays } }`,
  );
  expect(res.errors).toBeUndefined();
  return res.data.updateProgram;
}

/** A referrer and a friend it referred who then pays: the referrer's reward is granted at that moment. */
async function convertedReferral() {
  const referrer = await api.identify(uid('acct-r'), uid('user'), { firstName: 'Rita' });
  const friend = uid('acct-f');
  await api.identify(friend, uid('user'), { referredByCode: referrer.body.shareCode });
  const convertedAt = Date.now();
  const paid = await api.sync({ id: friend, subscription: { status: 'PAID' } });
  expect(paid.status).toBe(200);
  return { friend, referrer: referrer.body.accountId as string, convertedAt };
}

async function referrerReward(friend: string) {
  const res = await api.gql(
    `query A($id: String!) { account(id: $id) { referredBy { status referrerReward { ${REWARD} } } } }`,
    { id: friend },
  );
  expect(res.errors).toBeUndefined();
  return res.data.account.referredBy.referrerReward;
}

async function eventCount(type: string, rewardId: string): Promise<number> {
  const rows = await api.gw.deps.db('webhook_events').where({ tenant_id: api.tenantId, type });
  return rows.filter((r: { payload: { data: { id: string } } }) => r.payload.data.id === rewardId).length;
}

describe('credit rewards', () => {
  beforeAll(async () => {
    await setProgram('referrerReward: { type: CREDIT, amountCents: 500, unit: "USD" }');
  });

  test('a hold that ends: PENDING until holdUntil, then AVAILABLE once, on the workflow timer', async () => {
    expect(await setProgram('rewardHoldDays: 2, creditExpiryDays: 30')).toEqual({
      rewardHoldDays: 2,
      creditExpiryDays: 30,
    });
    const { friend, referrer, convertedAt } = await convertedReferral();
    const held = await referrerReward(friend);
    expect(held).toMatchObject({ status: 'PENDING', amountCents: 500, expiresAt: null });
    expect(held.holdUntil).toBeGreaterThanOrEqual(convertedAt + 2 * DAY_MS - 1000);
    expect(held.holdUntil).toBeLessThanOrEqual(Date.now() + 2 * DAY_MS + 1000);
    const pending = await api.gql(BALANCE, { a: referrer });
    expect(pending.data.rewardBalance).toEqual([
      {
        unit: 'USD',
        totalAssigned: 0,
        totalRedeemed: 0,
        available: 0,
        pending: 500,
        expired: 0,
        nextExpiry: null,
      },
    ]);

    const released = await until(
      () => referrerReward(friend),
      (r) => r.status === 'AVAILABLE',
      3 * DAY_MS + 15_000,
    );
    expect(released.status).toBe('AVAILABLE');
    expect(Date.now()).toBeGreaterThanOrEqual(held.holdUntil);
    // Its credit expires counting from the end of the hold, not from the conversion.
    expect(released.expiresAt).toBeGreaterThanOrEqual(held.holdUntil + 30 * DAY_MS);
    const balance = await api.gql(BALANCE, { a: referrer });
    expect(balance.data.rewardBalance[0]).toMatchObject({ available: 500, pending: 0 });
    expect(await eventCount('reward.available', held.id)).toBe(1);

    const id = (
      await api.gql(`query A($id: String!) { account(id: $id) { referredBy { id } } }`, { id: friend })
    ).data.account.referredBy.id;
    const detail = await api.gql(
      `query D($id: ID!) { referral(id: $id) { timeline { kind description } } }`,
      { id },
    );
    expect(detail.data.referral.timeline).toContainEqual({
      kind: 'REWARD_GIVEN',
      description: expect.stringMatching(
        /^Referrer reward given to account .*: 5\.00 USD credit, held until 20\d\d-/,
      ),
    });

    // The operator sees the hold in the Temporal UI: a timer in the lifecycle workflow's history.
    const handle = api.gw.deps.temporal.client.workflow.getHandle(`referral/${api.tenant.alias}/${friend}`);
    const events = (await handle.fetchHistory()).events ?? [];
    expect(events.some((e) => e.timerStartedEventAttributes)).toBe(true);
    expect(events.some((e) => e.timerFiredEventAttributes)).toBe(true);
  });

  test('a hold cut by a cancellation: the reward is cancelled and never released', async () => {
    await setProgram('rewardHoldDays: 3, creditExpiryDays: null');
    const { friend, referrer } = await convertedReferral();
    const held = await referrerReward(friend);
    expect(held.status).toBe('PENDING');
    const cancelled = await api.sync({ id: friend, subscription: { status: 'CANCELLED' } });
    expect(cancelled.status).toBe(200);
    expect(await referrerReward(friend)).toMatchObject({
      status: 'CANCELLED',
      dateCancelled: expect.any(Number),
    });
    // The lifecycle has no timer left to wake it at the hold's end (referral-lifecycle-timers.test.ts).
    expect(await eventCount('reward.available', held.id)).toBe(0);
    expect(await eventCount('reward.cancelled', held.id)).toBe(1);
    const balance = await api.gql(BALANCE, { a: referrer });
    expect(balance.data.rewardBalance).toEqual([]);
  });

  test('credit expiry with a partial redemption: the rest expires on time, the redeemed part stays', async () => {
    await setProgram('rewardHoldDays: 0, creditExpiryDays: 2');
    const { friend, referrer } = await convertedReferral();
    const reward = await referrerReward(friend);
    expect(reward.status).toBe('AVAILABLE');
    expect(reward.expiresAt).toBeGreaterThan(Date.now());
    const redeem = await api.gql(
      `mutation { redeemRewardBalance(accountId: "${referrer}", unit: "USD", amount: 200) { available nextExpiry } }`,
    );
    expect(redeem.errors).toBeUndefined();
    expect(redeem.data.redeemRewardBalance).toEqual({ available: 300, nextExpiry: reward.expiresAt });

    const expired = await until(
      () => referrerReward(friend),
      (r) => r.status === 'EXPIRED',
      3 * DAY_MS + 15_000,
    );
    expect(expired).toMatchObject({ status: 'EXPIRED', redeemedCents: 200, dateExpired: expect.any(Number) });
    expect(expired.dateExpired).toBeGreaterThanOrEqual(reward.expiresAt);
    const balance = await api.gql(BALANCE, { a: referrer });
    expect(balance.data.rewardBalance).toEqual([
      {
        unit: 'USD',
        totalAssigned: 200,
        totalRedeemed: 200,
        available: 0,
        pending: 0,
        expired: 300,
        nextExpiry: null,
      },
    ]);
    const spend = await api.gql(
      `mutation { redeemRewardBalance(accountId: "${referrer}", unit: "USD", amount: 1) { available } }`,
    );
    expect(spend.errors[0].extensions.code).toBe('INSUFFICIENT_BALANCE');
    expect(await eventCount('reward.expired', reward.id)).toBe(1);
    const referral = await api.gql(`query A($id: String!) { account(id: $id) { referredBy { id } } }`, {
      id: friend,
    });
    const detail = await api.gql(
      `query D($id: ID!) { referral(id: $id) { timeline { kind description } } }`,
      {
        id: referral.data.account.referredBy.id,
      },
    );
    expect(detail.data.referral.timeline).toContainEqual({
      kind: 'REWARD_EXPIRED',
      description: 'Referrer reward expired: 3.00 USD unredeemed',
    });
  });
});

test('changing the program affects later rewards only', async () => {
  await setProgram(
    'referrerReward: { type: PCT_DISCOUNT, discountPercent: 10 }, rewardHoldDays: 0, creditExpiryDays: null',
  );
  const before = await convertedReferral();
  expect((await referrerReward(before.friend)).status).toBe('AVAILABLE');
  await setProgram('rewardHoldDays: 30');
  const after = await convertedReferral();
  expect((await referrerReward(after.friend)).status).toBe('PENDING');
  expect((await referrerReward(before.friend)).status).toBe('AVAILABLE');
  // A held percent discount is not the referrer's yet.
  const rewards = await api.rewards(after.referrer);
  expect(rewards.body.referrerDiscountPercent).toBe(0);
  await setProgram('rewardHoldDays: 0');
});

test('hold and expiry settings are validated, naming the field', async () => {
  for (const [input, path] of [
    ['rewardHoldDays: -1', 'input.rewardHoldDays'],
    ['rewardHoldDays: 366', 'input.rewardHoldDays'],
    ['creditExpiryDays: 0', 'input.creditExpiryDays'],
  ]) {
    const res = await api.gql(`mutation { updateProgram(input: { ${input} }) { rewardHoldDays } }`);
    expect(res.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(res.errors[0].extensions.validationErrors[0].path).toBe(path);
  }
});
