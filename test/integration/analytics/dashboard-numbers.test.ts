/**
 * The dashboard's operator numbers with exact figures, through the portal page's own query:
 * clicks apart from direct attributions (no share above 100 %), rewards per side, revenue of referred
 * customers per currency (first payment and total), reward cost given and pending, and the return.
 * Another tenant sees none of it.
 */
import { DASHBOARD } from '../../../clients/admin/src/pages/analytics/dashboard-query';
import { basic, createTestTenant, postJson } from '../../helpers/harness';
import { insertClicks, insertReferrer } from '../../helpers/portal-data';
import { startReferralApi, type ReferralApi } from '../../helpers/referrals';

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi();
});
afterAll(async () => {
  await api?.close();
});

const JUNE = { from: '2025-06-01', to: '2025-06-30' };
const REFERRER = { accountId: 'nr-1', userId: 'nu-1', code: 'NUMBERS' };

interface Friend {
  id: string;
  source: 'CODE' | 'COOKIE' | 'PROCESSOR';
  started: string;
  paid?: string;
  ended?: string;
  account?: { currency: string; value: number; interval: string };
}

async function addFriend(f: Friend) {
  const db = api.gw.deps.db;
  await db('accounts').insert({
    tenant_id: api.tenantId,
    id: f.id,
    currency: f.account?.currency ?? 'USD',
    subscription_value: f.account?.value ?? null,
    billing_interval_type: f.account?.interval ?? null,
    billing_interval_value: f.account ? 1 : null,
  });
  const [row] = await db('referrals')
    .insert({
      tenant_id: api.tenantId,
      referred_account_id: f.id,
      referrer_account_id: REFERRER.accountId,
      referrer_user_id: REFERRER.userId,
      referral_code_used: REFERRER.code,
      attribution_source: f.source,
      status: f.ended ? 'ENDED' : f.paid ? 'CONVERTED' : 'IN_PROGRESS',
      date_started: f.started,
      date_paid: f.paid ?? null,
      date_ended: f.ended ?? null,
    })
    .returning('id');
  return (row as { id: string }).id;
}

async function addReward(referralId: string, r: Record<string, unknown>) {
  await api.gw.deps.db('rewards').insert({ tenant_id: api.tenantId, referral_id: referralId, ...r });
}

async function dashboard(auth: string, alias: string) {
  const res = await postJson(
    `${api.gw.api(alias)}/graphql`,
    { query: DASHBOARD.toString(), variables: { range: JUNE } },
    { authorization: auth },
  );
  expect(res.json.errors).toBeUndefined();
  return res.json.data.dashboard;
}

test('exact revenue, cost per side, return, and clicks apart from direct attributions', async () => {
  const db = api.gw.deps.db;
  await insertReferrer(db, api.tenantId, REFERRER);
  await insertClicks(db, api.tenantId, REFERRER.code, '2025-06-02', 1);
  // A: through a click; pays 20 USD a month from June 3rd for three periods (ended August 3rd).
  const a = await addFriend({
    id: 'nf-a',
    source: 'COOKIE',
    started: '2025-06-02T10:00:00Z',
    paid: '2025-06-03T10:00:00Z',
    ended: '2025-08-03T10:00:00Z',
    account: { currency: 'USD', value: 20, interval: 'MONTH' },
  });
  await addReward(a, {
    account_id: REFERRER.accountId,
    user_id: REFERRER.userId,
    reward_source: 'FRIEND_SIGNUP',
    type: 'CREDIT',
    amount_cents: 1000,
    unit: 'USD',
    status: 'AVAILABLE',
    date_given: '2025-06-03T10:00:00Z',
  });
  await addReward(a, {
    account_id: 'nf-a',
    reward_source: 'REFERRED',
    type: 'PCT_DISCOUNT',
    discount_percent: 10,
    status: 'AVAILABLE',
    date_given: '2025-06-02T10:00:00Z',
  });
  // B: a code through the API; 50 EUR a year, ended after one period; both rewards still wait.
  const b = await addFriend({
    id: 'nf-b',
    source: 'CODE',
    started: '2025-06-05T10:00:00Z',
    paid: '2025-06-10T10:00:00Z',
    ended: '2025-07-10T10:00:00Z',
    account: { currency: 'EUR', value: 50, interval: 'YEAR' },
  });
  await addReward(b, {
    account_id: REFERRER.accountId,
    user_id: REFERRER.userId,
    reward_source: 'FRIEND_SIGNUP',
    type: 'CREDIT',
    amount_cents: 500,
    unit: 'EUR',
    status: 'PENDING',
    date_given: '2025-06-10T10:00:00Z',
  });
  await addReward(b, {
    account_id: 'nf-b',
    reward_source: 'REFERRED',
    type: 'PCT_DISCOUNT',
    discount_percent: 20,
    status: 'PENDING_REVIEW',
    date_given: '2025-06-05T10:00:00Z',
  });
  // C: the processor's coupon, never paid, its reward cancelled (costs nothing); D: an import, in May.
  const c = await addFriend({ id: 'nf-c', source: 'PROCESSOR', started: '2025-06-06T10:00:00Z' });
  await addReward(c, {
    account_id: 'nf-c',
    reward_source: 'REFERRED',
    type: 'PCT_DISCOUNT',
    discount_percent: 10,
    status: 'CANCELLED',
    date_given: '2025-06-06T10:00:00Z',
    date_cancelled: '2025-06-07T10:00:00Z',
  });
  await addFriend({ id: 'nf-d', source: 'CODE', started: '2025-05-31T23:59:59Z' });
  await addFriend({ id: 'nf-e', source: 'CODE', started: '2025-06-30T23:59:59Z' });

  const board = await dashboard(api.auth, api.tenant.alias);
  expect(board).toMatchObject({ clicks: 1, referralsStarted: 4, referralsConverted: 2, rewardsGiven: 4 });
  expect(board.numbers).toEqual({
    referralsFromClicks: 1,
    referralsDirect: 3,
    clickShare: 1,
    rewardsToReferrers: 1,
    rewardsToReferred: 1,
    revenue: [
      { currency: 'EUR', customers: 1, firstPayment: 50, total: 50 },
      { currency: 'USD', customers: 1, firstPayment: 20, total: 60 },
    ],
    rewardCost: [
      {
        side: 'REFERRED',
        currency: 'EUR',
        rewardsGiven: 0,
        rewardsPending: 1,
        costGiven: 0,
        costPending: 10,
      },
      { side: 'REFERRED', currency: 'USD', rewardsGiven: 1, rewardsPending: 0, costGiven: 2, costPending: 0 },
      { side: 'REFERRER', currency: 'EUR', rewardsGiven: 0, rewardsPending: 1, costGiven: 0, costPending: 5 },
      {
        side: 'REFERRER',
        currency: 'USD',
        rewardsGiven: 1,
        rewardsPending: 0,
        costGiven: 10,
        costPending: 0,
      },
    ],
    returnOnRewards: [
      { currency: 'EUR', ratio: 3.33 },
      { currency: 'USD', ratio: 5 },
    ],
  });

  // Another tenant's dashboard of the same range shows none of it.
  const other = await createTestTenant(api.gw.deps.db, 'nums');
  const theirs = await dashboard(basic(other.apiKey), other.alias);
  expect(theirs.numbers).toEqual({
    referralsFromClicks: 0,
    referralsDirect: 0,
    clickShare: null,
    rewardsToReferrers: 0,
    rewardsToReferred: 0,
    revenue: [],
    rewardCost: [],
    returnOnRewards: [],
  });
});
