/**
 * The portal's dashboard through the real gateway, with the page's own query: counters, daily series
 * and leaderboard of a range, from data written through the API today (referrals, conversions, credit
 * and its redemption, share-link visits) and rows dated in the past; another tenant sees none of it;
 * an operator's session sees what the API key sees; bad ranges are 400s naming the field.
 */
import { DASHBOARD } from '../../../clients/admin/src/pages/analytics/dashboard-query';
import { createOperator } from '../../../shared/domain/operators/operators';
import { formatDay } from '../../../shared/domain/common/calendar-days';
import { adminApi } from '../../helpers/admin-api';
import { basic, createTestTenant, eventually, postJson } from '../../helpers/harness';
import { insertClicks, insertReferral, insertReferrer, type PastReferrer } from '../../helpers/portal-data';
import { identifyReferrer, startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

type Json = Record<string, any>;

let api: ReferralApi;
let otherKey: string;
let otherAlias: string;

const MARCH = { from: '2024-03-01', to: '2024-03-31' };
const pat: PastReferrer = {
  accountId: 'pa-1',
  userId: 'pu-1',
  code: 'PASTONE',
  firstName: 'Pat',
  lastName: 'One',
};
const pam: PastReferrer = {
  accountId: 'pa-2',
  userId: 'pu-2',
  code: 'PASTTWO',
  firstName: 'Pam',
  lastName: 'Two',
};
const solo: PastReferrer = { accountId: 'pa-3', userId: 'pu-3', code: 'PASTTHREE', firstName: 'Solo' };
const anon: PastReferrer = { accountId: 'pa-4', userId: 'pu-4', code: 'PASTFOUR' };

async function dashboard(range: { from: string; to: string }, auth = api.auth, alias = api.tenant.alias) {
  const res = await postJson(
    `${api.gw.api(alias)}/graphql`,
    { query: DASHBOARD.toString(), variables: { range } },
    { authorization: auth },
  );
  return res.json as Json;
}

async function dashboardData(range: { from: string; to: string }) {
  const res = await dashboard(range);
  expect(res.errors).toBeUndefined();
  return res.data.dashboard as Json;
}

/** March 2024, written straight to the tables (the API dates everything now). */
async function seedMarch(db: ReferralApi['gw']['deps']['db'], tenantId: string) {
  for (const r of [pat, pam, solo, anon]) await insertReferrer(db, tenantId, r);
  const credit = (cents: number, unit = 'USD', redeemed = 0) => ({
    referrer: { type: 'CREDIT' as const, cents, unit, redeemed },
    referred: true,
  });
  const pct = { referrer: { type: 'PCT_DISCOUNT' as const }, referred: true };
  const add = (who: PastReferrer, started: string, more: Json = {}) =>
    insertReferral(db, tenantId, who, { referredAccountId: uid('m'), started, ...more });
  // Pam: 6 started, 3 converted in March (credit, 400 of one redeemed).
  await add(pam, '2024-03-02T08:00:00Z', { paid: '2024-03-03T09:00:00Z', rewards: credit(1000, 'USD', 400) });
  await add(pam, '2024-03-02T10:00:00Z');
  await add(pam, '2024-03-05T00:00:00Z', { paid: '2024-03-06T12:00:00Z', rewards: credit(1000) });
  await add(pam, '2024-03-05T23:59:59Z');
  await add(pam, '2024-03-10T12:00:00Z', { ended: '2024-03-11T12:00:00Z' });
  await add(pam, '2024-03-20T12:00:00Z', { paid: '2024-03-21T12:00:00Z', rewards: credit(1000) });
  // Pat: 4 started in March (one on its last second), 3 converted in March (one started in February),
  // one started on April 1st (outside).
  await add(pat, '2024-02-25T12:00:00Z', { paid: '2024-03-01T00:00:00Z', rewards: pct });
  await add(pat, '2024-03-02T01:00:00Z', { paid: '2024-03-03T01:00:00Z', rewards: credit(250, 'EUR') });
  await add(pat, '2024-03-02T02:00:00Z', { paid: '2024-03-15T02:00:00Z', rewards: pct });
  await add(pat, '2024-03-15T12:00:00Z');
  await add(pat, '2024-03-31T23:59:59Z');
  await add(pat, '2024-04-01T00:00:00Z', { paid: '2024-04-02T00:00:00Z', rewards: pct });
  // Solo: 9 started on March 12th, one converted whose rewards were cancelled since.
  await add(solo, '2024-03-12T06:00:00Z', {
    paid: '2024-03-12T18:00:00Z',
    ended: '2024-03-20T00:00:00Z',
    status: 'ENDED',
    rewards: { ...credit(700), cancelled: '2024-03-20T00:00:00Z' },
  });
  for (let i = 0; i < 8; i += 1) await add(solo, `2024-03-12T0${i}:30:00Z`);
  // Anon: 2 started, none converted.
  await add(anon, '2024-03-25T10:00:00Z');
  await add(anon, '2024-03-25T11:00:00Z');
  await insertClicks(db, tenantId, pam.code, '2024-03-02', 7);
  await insertClicks(db, tenantId, pat.code, '2024-03-15', 5);
  await insertClicks(db, tenantId, pat.code, '2024-03-15', 1);
  await insertClicks(db, tenantId, pam.code, '2024-02-29', 100);
  await insertClicks(db, tenantId, pat.code, '2024-04-01', 50);
}

/** July 2023: 12 referrers, referrer i with i referrals; 1, 2, then 3 conversions each (ties at the cut). */
async function seedJuly(db: ReferralApi['gw']['deps']['db'], tenantId: string) {
  for (let i = 1; i <= 12; i += 1) {
    const n = String(i).padStart(2, '0');
    const who = { accountId: `jul-${n}`, userId: `ju-${n}`, code: `JUL${n}` };
    await insertReferrer(db, tenantId, who);
    for (let k = 0; k < i; k += 1) {
      const paid = k < Math.min(i, 3) ? { paid: `2023-07-1${k}T12:00:00Z` } : {};
      await insertReferral(db, tenantId, who, {
        referredAccountId: uid('j'),
        started: `2023-07-0${1 + (k % 9)}T12:00:00Z`,
        ...paid,
      });
    }
  }
  // June 2023: 12 referrers, referrer i with i referrals, only the first three converting once.
  for (let i = 1; i <= 12; i += 1) {
    const n = String(i).padStart(2, '0');
    const who = { accountId: `jun-${n}`, userId: `jn-${n}`, code: `JUN${n}` };
    await insertReferrer(db, tenantId, who);
    for (let k = 0; k < i; k += 1) {
      await insertReferral(db, tenantId, who, {
        referredAccountId: uid('n'),
        started: '2023-06-10T12:00:00Z',
        ...(i <= 3 && k === 0 ? { paid: '2023-06-11T12:00:00Z' } : {}),
      });
    }
  }
}

beforeAll(async () => {
  api = await startReferralApi({ env: { CLICK_FLUSH_MS: '100' } });
  const db = api.gw.deps.db;
  await seedMarch(db, api.tenantId);
  await seedJuly(db, api.tenantId);
  const other = await createTestTenant(db, 'oth');
  otherKey = basic(other.apiKey);
  otherAlias = other.alias;
});

afterAll(async () => {
  await api?.close();
});

describe('a past range from stored rows', () => {
  test('counters, conversion rate and rewards count what happened in the range only', async () => {
    const d = await dashboardData(MARCH);
    expect(d).toMatchObject({
      from: '2024-03-01',
      to: '2024-03-31',
      clicks: 13,
      referralsStarted: 21,
      referralsConverted: 7,
      // Referred discounts at the start, referrers' rewards at the conversion: Pam 3 + 3, Pat 2 + 3
      // (one of its referrals started in February); Solo's were cancelled.
      rewardsGiven: 11,
    });
    expect(d.conversionRate).toBeCloseTo(7 / 21, 10);
  });

  test('the daily series has every day of the range, zeros included, ascending', async () => {
    const d = await dashboardData(MARCH);
    expect(d.daily).toHaveLength(31);
    expect(d.daily.map((p: Json) => p.date)).toEqual(
      Array.from({ length: 31 }, (_, i) => `2024-03-${String(i + 1).padStart(2, '0')}`),
    );
    const busy = Object.fromEntries(
      d.daily
        .filter((p: Json) => p.clicks + p.started + p.converted > 0)
        .map((p: Json) => [p.date, [p.clicks, p.started, p.converted]]),
    );
    expect(busy).toEqual({
      '2024-03-01': [0, 0, 1],
      '2024-03-02': [7, 4, 0],
      '2024-03-03': [0, 0, 2],
      '2024-03-05': [0, 2, 0],
      '2024-03-06': [0, 0, 1],
      '2024-03-10': [0, 1, 0],
      '2024-03-12': [0, 9, 1],
      '2024-03-15': [6, 1, 1],
      '2024-03-20': [0, 1, 0],
      '2024-03-21': [0, 0, 1],
      '2024-03-25': [0, 2, 0],
      '2024-03-31': [0, 1, 0],
    });
  });

  test('the leaderboard ranks by conversions, then referrals started, with names and codes', async () => {
    const d = await dashboardData(MARCH);
    expect(d.leaderboard).toEqual([
      {
        accountId: 'pa-2',
        userId: 'pu-2',
        name: 'Pam Two',
        shareCode: 'PASTTWO',
        referralsStarted: 6,
        referralsConverted: 3,
      },
      {
        accountId: 'pa-1',
        userId: 'pu-1',
        name: 'Pat One',
        shareCode: 'PASTONE',
        referralsStarted: 4,
        referralsConverted: 3,
      },
      {
        accountId: 'pa-3',
        userId: 'pu-3',
        name: 'Solo',
        shareCode: 'PASTTHREE',
        referralsStarted: 9,
        referralsConverted: 1,
      },
      {
        accountId: 'pa-4',
        userId: 'pu-4',
        name: null,
        shareCode: 'PASTFOUR',
        referralsStarted: 2,
        referralsConverted: 0,
      },
    ]);
  });

  test('top 10 only: ties on conversions go to more referrals started', async () => {
    const d = await dashboardData({ from: '2023-07-01', to: '2023-07-31' });
    expect(d.leaderboard.map((e: Json) => [e.accountId, e.referralsConverted, e.referralsStarted])).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => [`jul-${String(i).padStart(2, '0')}`, 3, i]),
    );
    expect(d).toMatchObject({ referralsStarted: 78, referralsConverted: 33, clicks: 0, rewardsGiven: 0 });
  });

  test('fewer than 10 referrers converted: the rest of the board by referrals started', async () => {
    const d = await dashboardData({ from: '2023-06-01', to: '2023-06-30' });
    expect(d.leaderboard.map((e: Json) => [e.accountId, e.referralsConverted, e.referralsStarted])).toEqual([
      ['jun-03', 1, 3],
      ['jun-02', 1, 2],
      ['jun-01', 1, 1],
      ...[12, 11, 10, 9, 8, 7, 6].map((i) => [`jun-${String(i).padStart(2, '0')}`, 0, i]),
    ]);
  });

  test('an empty range: zeros, an empty board, every day listed', async () => {
    const d = await dashboardData({ from: '2022-02-27', to: '2022-03-02' });
    expect(d).toMatchObject({
      clicks: 0,
      referralsStarted: 0,
      referralsConverted: 0,
      conversionRate: 0,
      rewardsGiven: 0,
      leaderboard: [],
    });
    expect(d.daily.map((p: Json) => p.date)).toEqual([
      '2022-02-27',
      '2022-02-28',
      '2022-03-01',
      '2022-03-02',
    ]);
  });
});

describe('today, through the API', () => {
  test('referrals, conversions, rewards, redeemed credit and share-link visits', async () => {
    const setProgram = async (input: Json) => {
      const res = await api.gql(
        'mutation U($input: ProgramInput!) { updateProgram(input: $input) { name } }',
        {
          input,
        },
      );
      expect(res.errors).toBeUndefined();
    };
    await setProgram({ referrerReward: { type: 'CREDIT', amountCents: 500, unit: 'USD' } });
    const r = await identifyReferrer(api, 'Live', 'Referrer');
    for (const status of ['PAID', 'PAID', 'TRIAL']) {
      const res = await api.identify(uid('acct'), uid('user'), {
        referredByCode: r.code,
        accountStatus: status,
      });
      expect(res.body.referredBy.status).toBe(status === 'PAID' ? 'CONVERTED' : 'IN_PROGRESS');
    }
    const redeem = await api.gql(
      'mutation R($a: String!) { redeemRewardBalance(accountId: $a, unit: "USD", amount: 300) { available } }',
      { a: r.accountId },
    );
    expect(redeem.data.redeemRewardBalance.available).toBe(700);
    for (let i = 0; i < 4; i += 1) {
      const visit = await fetch(`${api.gw.url}/r/${api.tenant.alias}/${r.code}`, { redirect: 'manual' });
      expect(visit.status).toBe(200);
    }
    const now = new Date();
    const range = { from: formatDay(new Date(now.getTime() - 86_400_000)), to: formatDay(now) };
    await eventually('the visits are flushed', async () => (await dashboardData(range)).clicks === 4);
    const d = await dashboardData(range);
    // Every referred friend's discount (at attribution) and the two conversions' referrer credit.
    expect(d).toMatchObject({ referralsStarted: 3, referralsConverted: 2, rewardsGiven: 5 });
    expect(d.conversionRate).toBeCloseTo(2 / 3, 10);
    expect(d.daily.reduce((n: number, p: Json) => n + p.started, 0)).toBe(3);
    expect(d.leaderboard).toEqual([
      {
        accountId: r.accountId,
        userId: r.userId,
        name: 'Live Referrer',
        shareCode: r.code,
        referralsStarted: 3,
        referralsConverted: 2,
      },
    ]);
    // The whole tenant, now: 2 × 500 - 300 today; March: 3 × 1000 - 400 USD and 250 EUR (Solo's cancelled).
    expect(d.creditOutstanding).toEqual([
      { unit: 'EUR', amount: 250 },
      { unit: 'USD', amount: 3300 },
    ]);
    await setProgram({ referrerReward: { type: 'PCT_DISCOUNT', discountPercent: 10 } });
  });
});

describe('who sees it', () => {
  test("another tenant's key sees none of it", async () => {
    const res = await dashboard(MARCH, otherKey, otherAlias);
    expect(res.errors).toBeUndefined();
    expect(res.data.dashboard).toMatchObject({
      clicks: 0,
      referralsStarted: 0,
      referralsConverted: 0,
      rewardsGiven: 0,
      creditOutstanding: [],
      leaderboard: [],
    });
  });

  test("an operator's session (a VIEWER too) sees what the API key sees", async () => {
    const admin = adminApi(api.gw);
    const email = `viewer@${api.tenant.alias.replace(/_/g, '-')}.test`;
    await createOperator(api.gw.deps.db, {
      tenantId: api.tenantId,
      email,
      password: 'viewer pass phrase',
      role: 'VIEWER',
    });
    const session = await admin.signIn(api.tenant.alias, email, 'viewer pass phrase');
    const res = await admin.graphql(session, DASHBOARD.toString(), { range: MARCH });
    expect(res.status).toBe(200);
    expect(res.json.errors).toBeUndefined();
    expect(res.json.data.dashboard).toEqual(await dashboardData(MARCH));
  });
});

describe('bad ranges', () => {
  const cases: [string, { from: string; to: string }, string, RegExp][] = [
    ['a day that does not exist', { from: '2023-02-29', to: '2023-03-01' }, 'range.from', /YYYY-MM-DD/],
    ['a date not written YYYY-MM-DD', { from: '2024-03-01', to: '2024-3-31' }, 'range.to', /YYYY-MM-DD/],
    ['from after to', { from: '2024-03-02', to: '2024-03-01' }, 'range.from', /after/],
    ['more than 366 days', { from: '2023-01-01', to: '2024-01-02' }, 'range.to', /367 days.*366/],
  ];
  test.each(cases)('%s: 400 VALIDATION_FAILED naming the field', async (_, range, path, message) => {
    const res = await dashboard(range);
    expect(res.data ?? null).toBeNull();
    expect(res.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(res.errors[0].extensions.validationErrors).toEqual([
      { path, message: expect.stringMatching(message) },
    ]);
  });

  test('366 days (a leap year) is allowed', async () => {
    const d = await dashboardData({ from: '2024-01-01', to: '2024-12-31' });
    expect(d.daily).toHaveLength(366);
    // March's 21, Pat's February and April ones.
    expect(d.referralsStarted).toBe(23);
  });
});
