/**
 * The referral rules through HTTP, with the real gateway, worker, PostgreSQL and Temporal.
 */
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi();
});
afterAll(async () => {
  await api?.close();
});

/** A referrer with a share code; returns its ids and code. */
async function referrer(first = 'Jane', last = 'Doe') {
  const accountId = uid('acct-referrer');
  const userId = uid('user');
  const res = await api.identify(accountId, userId, {
    firstName: first,
    lastName: last,
    email: `${userId}@example.com`,
  });
  expect(res.status).toBe(200);
  return { accountId, userId, code: res.body.shareCode as string };
}

describe('rule 1: triggered attribution', () => {
  test('referredByCode creates an IN_PROGRESS referral attributed to the code owner; later codes change nothing', async () => {
    const r1 = await referrer();
    const r2 = await referrer('Other', 'Person');
    const accountId = uid('acct');
    const first = await api.identify(accountId, uid('user'), { referredByCode: r1.code.toLowerCase() });
    expect(first.status).toBe(200);
    expect(first.body.referredBy).toEqual({ code: r1.code, status: 'IN_PROGRESS' });

    const again = await api.identify(accountId, uid('user'), { referredByCode: r2.code });
    expect(again.status).toBe(200);
    expect(again.body.referredBy).toEqual({ code: r1.code, status: 'IN_PROGRESS' });

    const account = await api.account(accountId);
    expect(account!.referredBy).toMatchObject({
      status: 'IN_PROGRESS',
      referralCodeUsed: r1.code,
      attributionSource: 'CODE',
      referrerAccountId: r1.accountId,
      referrerUserId: r1.userId,
      referredAccountId: accountId,
      referrerReward: null,
      referredReward: {
        type: 'PCT_DISCOUNT',
        discountPercent: 10,
        rewardSource: 'REFERRED',
        status: 'AVAILABLE',
      },
    });
    const referrerView = await api.account(r1.accountId);
    expect(referrerView!.referrals.map((r: any) => r.referredAccountId)).toContain(accountId);
  });
});

describe('rule 3: conversion', () => {
  test('the first PAID converts the referral and the referrer reward is committed when the request returns', async () => {
    const r = await referrer();
    const accountId = uid('acct');
    const userId = uid('user');
    await api.identify(accountId, userId, { referredByCode: r.code, accountStatus: 'TRIAL' });
    const before = await api.rewards(r.accountId);
    expect(before.body.referrerDiscountPercent).toBe(0);

    const paid = await api.identify(accountId, userId, { accountStatus: 'PAID' });
    expect(paid.status).toBe(200);
    expect(paid.body.referredBy).toEqual({ code: r.code, status: 'CONVERTED' });
    const after = await api.rewards(r.accountId);
    expect(after.body).toMatchObject({ referrerDiscountPercent: 10, discountPercentage: 10 });
    const account = await api.account(accountId);
    expect(account!.referredBy.referrerReward).toMatchObject({
      rewardSource: 'FRIEND_SIGNUP',
      status: 'AVAILABLE',
    });
    expect(account!.referredBy.dateReferralPaid).toEqual(expect.any(Number));
  });

  test('a PAID account with no user converts when its first user is identified', async () => {
    const r = await referrer();
    const accountId = uid('acct');
    const synced = await api.sync({
      id: accountId,
      referral: { code: r.code },
      subscription: { status: 'PAID' },
    });
    expect(synced.status).toBe(200);
    expect(synced.body.referral).toEqual({ code: r.code, status: 'IN_PROGRESS' });
    expect((await api.rewards(r.accountId)).body.referrerDiscountPercent).toBe(0);

    const identified = await api.identify(accountId, uid('user'), {});
    expect(identified.body.referredBy).toEqual({ code: r.code, status: 'CONVERTED' });
    expect((await api.rewards(r.accountId)).body.referrerDiscountPercent).toBe(10);
  });
});

describe('rule 2: automatic attribution by cookie', () => {
  test('a first-time user on a never-paid account is attributed by the cookie (COOKIE)', async () => {
    const r = await referrer();
    const accountId = uid('acct');
    const res = await api.identify(accountId, uid('user'), { cookieCode: r.code });
    expect(res.body.referredBy).toEqual({ code: r.code, status: 'IN_PROGRESS' });
    expect((await api.account(accountId))!.referredBy.attributionSource).toBe('COOKIE');
  });

  test('the cookie is ignored for a user seen before', async () => {
    const r = await referrer();
    const accountId = uid('acct');
    const userId = uid('user');
    await api.identify(accountId, userId, {});
    const res = await api.identify(accountId, userId, { cookieCode: r.code });
    expect(res.status).toBe(200);
    expect(res.body.referredBy).toBeNull();
  });

  test('the cookie is ignored for an account that was ever PAID, even for a new user', async () => {
    const r = await referrer();
    const accountId = uid('acct');
    await api.sync({ id: accountId, subscription: { status: 'PAID' } });
    await api.sync({ id: accountId, subscription: { status: 'CANCELLED' } });
    const res = await api.identify(accountId, uid('user'), { cookieCode: r.code });
    expect(res.status).toBe(200);
    expect(res.body.referredBy).toBeNull();
  });

  test('an unknown cookie is ignored; an unknown typed code is 400 INVALID_REFERRAL_CODE and nothing is stored', async () => {
    const accountId = uid('acct');
    const userId = uid('user');
    const cookie = await api.identify(accountId, userId, { cookieCode: 'NOSUCHCODE1', firstName: 'Kim' });
    expect(cookie.status).toBe(200);
    expect(cookie.body.referredBy).toBeNull();

    const other = uid('acct');
    const otherUser = uid('user');
    const typed = await api.identify(other, otherUser, { referredByCode: 'NOSUCHCODE2', firstName: 'Lee' });
    expect(typed.status).toBe(400);
    expect(typed.body).toMatchObject({ apiErrorCode: 'INVALID_REFERRAL_CODE' });
    expect((await api.call('GET', `/open/account/${other}/user/${otherUser}`)).status).toBe(404);
    expect(await api.account(other)).toBeNull();

    const synced = await api.sync({ id: other, referral: { code: 'NOSUCHCODE3' } });
    expect(synced.status).toBe(400);
    expect(synced.body.apiErrorCode).toBe('INVALID_REFERRAL_CODE');
    expect(await api.account(other)).toBeNull();
  });
});

describe('rule 4: not referable after a first PAID without a referral', () => {
  test('codes sent after the first PAID are ignored', async () => {
    const r = await referrer();
    const accountId = uid('acct');
    const userId = uid('user');
    await api.identify(accountId, userId, { accountStatus: 'PAID' });
    const later = await api.identify(accountId, userId, { referredByCode: r.code });
    expect(later.status).toBe(200);
    expect(later.body.referredBy).toBeNull();
    const synced = await api.sync({ id: accountId, referral: { code: r.code } });
    expect(synced.status).toBe(200);
    expect(synced.body.referral).toBeNull();
    expect((await api.account(r.accountId))!.referrals).toEqual([]);
  });
});

describe('rule 5: self-referral', () => {
  test('a code of the same account is 400 SELF_REFERRAL and nothing changes', async () => {
    const r = await referrer();
    const newUser = uid('user');
    const res = await api.identify(r.accountId, newUser, { referredByCode: r.code, accountStatus: 'PAID' });
    expect(res.status).toBe(400);
    expect(res.body.apiErrorCode).toBe('SELF_REFERRAL');
    expect((await api.call('GET', `/open/account/${r.accountId}/user/${newUser}`)).status).toBe(404);
    const account = await api.account(r.accountId);
    expect(account!.referredBy).toBeNull();
    expect(account!.subscription).toBeNull();

    const synced = await api.sync({ id: r.accountId, referral: { code: r.code } });
    expect(synced.status).toBe(400);
    expect(synced.body.apiErrorCode).toBe('SELF_REFERRAL');
  });
});

describe('rule 6: cancellation after conversion', () => {
  test('CANCELLED ends the referral, cancels both rewards and drops the referrer discount', async () => {
    const r = await referrer();
    const accountId = uid('acct');
    const userId = uid('user');
    await api.identify(accountId, userId, { referredByCode: r.code, accountStatus: 'PAID' });
    expect((await api.rewards(r.accountId)).body.referrerDiscountPercent).toBe(10);
    expect((await api.rewards(accountId)).body.referredDiscountPercent).toBe(10);

    const cancelled = await api.sync({ id: accountId, subscription: { status: 'CANCELLED' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.referral).toEqual({ code: r.code, status: 'ENDED' });
    expect((await api.rewards(r.accountId)).body).toMatchObject({
      referrerDiscountPercent: 0,
      discountPercentage: 0,
    });
    expect((await api.rewards(accountId)).body).toMatchObject({
      referredDiscountPercent: 0,
      discountPercentage: 0,
    });
    const referral = (await api.account(accountId))!.referredBy;
    expect(referral).toMatchObject({
      status: 'ENDED',
      referrerReward: { status: 'CANCELLED', dateCancelled: expect.any(Number) },
      referredReward: { status: 'CANCELLED', dateCancelled: expect.any(Number) },
      dateReferralEnded: expect.any(Number),
    });

    // Paying again later does not bring an ended referral back.
    const again = await api.sync({ id: accountId, subscription: { status: 'PAID' } });
    expect(again.body.referral.status).toBe('ENDED');
    expect((await api.rewards(r.accountId)).body.referrerDiscountPercent).toBe(0);
  });

  test('CANCELLED before conversion leaves the referral in progress', async () => {
    const r = await referrer();
    const accountId = uid('acct');
    await api.identify(accountId, uid('user'), { referredByCode: r.code, accountStatus: 'TRIAL' });
    const res = await api.sync({ id: accountId, subscription: { status: 'CANCELLED' } });
    expect(res.body.referral.status).toBe('IN_PROGRESS');
  });
});

describe('rule 7: at most once, under concurrency', () => {
  test('concurrent attributions with different codes create exactly one referral', async () => {
    const referrers = await Promise.all(Array.from({ length: 6 }, (_, i) => referrer('Con', `Current${i}`)));
    const accountId = uid('acct');
    const results = await Promise.all(
      referrers.map((r, i) => api.identify(accountId, uid(`user${i}`), { referredByCode: r.code })),
    );
    expect(results.map((r) => r.status)).toEqual(referrers.map(() => 200));
    const codes = new Set(results.map((r) => r.body.referredBy.code));
    expect(codes.size).toBe(1);
    const count = await api.gw.deps
      .db('referrals')
      .where({ tenant_id: api.tenantId, referred_account_id: accountId })
      .count<{ count: string }[]>('* as count');
    expect(Number(count[0]!.count)).toBe(1);
  });

  test('concurrent conversions unlock the referrer reward once', async () => {
    const r = await referrer();
    const accountId = uid('acct');
    const userId = uid('user');
    await api.identify(accountId, userId, { referredByCode: r.code });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? api.identify(accountId, userId, { accountStatus: 'PAID' })
          : api.sync({ id: accountId, subscription: { status: 'PAID' } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const rewards = await api.gw.deps
      .db('rewards')
      .where({ tenant_id: api.tenantId, account_id: r.accountId });
    expect(rewards).toHaveLength(1);
    expect((await api.rewards(r.accountId)).body.referrerDiscountPercent).toBe(10);
  });
});

describe('rule 8: referrerReward after referral.code', () => {
  test('the referred reward exists from attribution; the referrer reward appears with the next update that converts', async () => {
    const r = await referrer();
    const accountId = uid('acct');
    await api.identify(accountId, uid('user'), {});
    const attributed = await api.sync({
      id: accountId,
      referral: { code: r.code },
      subscription: { status: 'TRIAL' },
    });
    expect(attributed.status).toBe(200);
    let referral = (await api.account(accountId))!.referredBy;
    expect(referral.referrerReward).toBeNull();
    expect(referral.referredReward).toMatchObject({
      type: 'PCT_DISCOUNT',
      discountPercent: 10,
      status: 'AVAILABLE',
    });
    expect((await api.rewards(accountId)).body).toMatchObject({
      referredDiscountPercent: 10,
      discountPercentage: 10,
    });

    await api.sync({
      id: accountId,
      subscription: { status: 'PAID', billingIntervalType: 'MONTH', billingIntervalValue: 1, value: 49.5 },
    });
    referral = (await api.account(accountId))!.referredBy;
    expect(referral.status).toBe('CONVERTED');
    expect(referral.referrerReward).toMatchObject({ rewardSource: 'FRIEND_SIGNUP', status: 'AVAILABLE' });
  });
});
