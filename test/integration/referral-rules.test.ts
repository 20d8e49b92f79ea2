/**
 * The referral rules of issue 3 through HTTP, with the real gateway, worker, PostgreSQL and Temporal.
 */
import { startReferralApi, uid, type ReferralApi } from '../helpers/referrals';

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
