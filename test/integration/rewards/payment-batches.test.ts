/**
 * Many payments of a referral at once: a door that hears of several (a notification listing a
 * subscription's charges) records them in one statement, and the lifecycle's reconcile gives all that
 * are due with one INSERT of rewards and one of their `reward.created` events. The limits are decided in
 * the domain, each reward counting in the next decision, so the batch gives exactly what one payment at a
 * time would: the same amounts, the same cap, each payment once. A grant key already taken (here a
 * reversed reward's, which the limits no longer count) sends the reconcile back to one reward at a time.
 */
import { createDb, type Db } from '../../../shared/db/knex';
import { publishRuleVersion } from '../../../shared/domain/programs/rule-versions';
import {
  recordRuleOccurrences,
  type OccurrenceReport,
} from '../../../shared/domain/programs/rule-occurrences';
import { reconcileReferral } from '../../../shared/domain/referrals/lifecycle';
import { createAccountsRepo } from '../../../shared/repos/accounts.repo';
import { createReferralsRepo } from '../../../shared/repos/referrals.repo';
import { createTestTenant } from '../../helpers/harness';

/** 20 % of every payment, at most 25.00 USD a year. */
const CAPPED_AMOUNT = {
  id: 'capped-amount',
  name: '20 % of every payment, up to $25 a year',
  trigger: { type: 'PAYMENT', forMonths: 12 },
  recipient: 'REFERRER',
  reward: { type: 'CASH', percentOfPayment: 20, currency: 'USD' },
  limits: [{ period: 'YEAR', maxAmountCents: 2500 }],
};
/** $3 per payment, at most two a year. */
const TWO_A_YEAR = {
  id: 'two-a-year',
  name: '$3 per payment, two a year',
  trigger: { type: 'PAYMENT', forMonths: null },
  recipient: 'REFERRER',
  reward: { type: 'CASH', amountCents: 300, currency: 'USD' },
  limits: [{ period: 'YEAR', maxCount: 2 }],
};
const DAY_MS = 86_400_000;

let db: Db;
beforeAll(() => {
  db = createDb({ url: process.env.TEST_DATABASE_URL!, poolMax: 4 });
});
afterAll(async () => {
  await db?.destroy();
});

/** A tenant with the rules, a referrer `r` and a converted friend `f` attributed under them. */
async function tenantWithFriend(rules: unknown[]): Promise<string> {
  const { alias } = await createTestTenant(db, 'paybatch');
  const { id: tenant } = (await db('tenants').where({ alias }).first('id')) as { id: string };
  await publishRuleVersion(db, tenant, rules, { publishedBy: 'test' });
  await db('accounts').insert([
    { tenant_id: tenant, id: 'r' },
    { tenant_id: tenant, id: 'f', subscription_status: 'PAID', first_paid_at: db.fn.now() },
  ]);
  await db('users').insert({ tenant_id: tenant, account_id: 'r', id: 'u-r' });
  await db('referrals').insert({
    tenant_id: tenant,
    referred_account_id: 'f',
    referrer_account_id: 'r',
    referrer_user_id: 'u-r',
    referral_code_used: 'CODE',
    attribution_source: 'CODE',
    status: 'CONVERTED',
    date_started: db.raw("now() - interval '1 day'"),
    date_paid: db.raw("now() - interval '1 hour'"),
    rule_version: 1,
  });
  return tenant;
}

/** Payments `p1`… of 50.00 USD, a minute apart, oldest first. */
const payments = (count: number): Extract<OccurrenceReport, { kind: 'PAYMENT' }>[] =>
  Array.from({ length: count }, (_, i) => ({
    kind: 'PAYMENT' as const,
    paymentId: `p${i + 1}`,
    source: 'PROCESSOR' as const,
    amountCents: 5000,
    currency: 'USD',
    at: new Date(Date.now() - (count - i) * 60_000),
  }));

/** The door: the account locked, its referral read, the reports recorded; answers the new ones' ids. */
const door = (tenant: string, reports: OccurrenceReport[]) =>
  db.transaction(async (trx) => {
    await createAccountsRepo(trx).lock(tenant, 'f', trx);
    const referral = (await createReferralsRepo(trx).findByReferredAccount(tenant, 'f', trx)) ?? null;
    return recordRuleOccurrences(trx, referral, reports);
  });
const reconcile = (tenant: string) =>
  reconcileReferral(db, { tenantId: tenant, accountId: 'f' }, { dayMs: DAY_MS });
const given = (tenant: string) =>
  db('rewards')
    .where({ tenant_id: tenant, account_id: 'r', reward_source: 'FRIEND_SIGNUP' })
    .whereNull('reversed_by')
    .orderBy('grant_no')
    .select('payment_id', 'amount_cents', 'grant_no', 'id');
const createdEvents = async (tenant: string) =>
  (
    (await db('webhook_events').where({ tenant_id: tenant, type: 'reward.created' }).orderBy('id')) as {
      payload: { data: { id: string } };
    }[]
  ).map((e) => e.payload.data.id);

test('ten payments, a repeat among them, recorded in one call and given in one reconcile, up to the cap', async () => {
  const tenant = await tenantWithFriend([CAPPED_AMOUNT]);
  const reports = payments(10);
  expect(await door(tenant, [...reports, reports[3]!])).toEqual(reports.map((r) => r.paymentId));
  expect(await door(tenant, reports)).toEqual([]);
  const occurrences = await db('rule_occurrences')
    .where({ tenant_id: tenant })
    .count<{ n: string }[]>('* as n');
  expect(Number(occurrences[0]!.n)).toBe(10);
  const marked = await db('referrals').where({ tenant_id: tenant }).first('lifecycle_pending_since');
  expect(marked.lifecycle_pending_since).toBeInstanceOf(Date);

  const snapshot = await reconcile(tenant);
  expect(snapshot).toMatchObject({ rewardsGranted: 3 });
  // 10.00, 10.00, then what the cap leaves (5.00); the seven after it are capped.
  const rows = await given(tenant);
  expect(rows.map((r) => [r.payment_id, r.amount_cents, r.grant_no])).toEqual([
    ['p1', '1000', 0],
    ['p2', '1000', 1],
    ['p3', '500', 2],
  ]);
  expect(await createdEvents(tenant)).toEqual(rows.map((r) => r.id));
  const applied = await db('rule_occurrences').where({ tenant_id: tenant }).whereNull('applied_at');
  expect(applied).toEqual([]);
  const cleared = await db('referrals').where({ tenant_id: tenant }).first('lifecycle_pending_since');
  expect(cleared.lifecycle_pending_since).toBeNull();

  // Everything again: nothing more.
  expect(await door(tenant, payments(10))).toEqual([]);
  expect(await reconcile(tenant)).toMatchObject({ rewardsGranted: 0 });
  expect(await given(tenant)).toHaveLength(3);
  expect(await createdEvents(tenant)).toHaveLength(3);
});

test('another tenant with the same accounts, payment ids and grant keys is neither blocked nor touched', async () => {
  const first = await tenantWithFriend([CAPPED_AMOUNT]);
  const second = await tenantWithFriend([CAPPED_AMOUNT]);
  await door(first, payments(2));
  await reconcile(first);
  expect(await door(second, payments(2))).toEqual(['p1', 'p2']);
  expect(await reconcile(second)).toMatchObject({ rewardsGranted: 2 });
  for (const tenant of [first, second]) {
    expect((await given(tenant)).map((r) => [r.payment_id, r.amount_cents])).toEqual([
      ['p1', '1000'],
      ['p2', '1000'],
    ]);
    expect(await createdEvents(tenant)).toHaveLength(2);
  }
});

test('a grant key already taken: the other payments are given one at a time, counted as stored', async () => {
  const tenant = await tenantWithFriend([TWO_A_YEAR]);
  await door(tenant, payments(4));
  // p2's key taken by a reversed reward: the yearly count leaves it out, the key stays taken.
  const { id: referralId } = await db('referrals').where({ tenant_id: tenant }).first('id');
  await db('rewards').insert({
    tenant_id: tenant,
    account_id: 'r',
    user_id: 'u-r',
    referral_id: referralId,
    reward_source: 'FRIEND_SIGNUP',
    type: 'CASH',
    amount_cents: 300,
    unit: 'USD',
    status: 'CANCELLED',
    grant_no: 0,
    rule_id: 'two-a-year',
    rule_version: 1,
    grant_key: 'rule:two-a-year:payment:p2',
    payment_id: 'p2',
    reversed_by: 'refund:x',
    date_reversed: db.fn.now(),
  });

  expect(await reconcile(tenant)).toMatchObject({ rewardsGranted: 2 });
  // p2 gives nothing (its key is taken) and so does not count: p3 is the year's second, p4 is capped.
  expect((await given(tenant)).map((r) => [r.payment_id, r.grant_no])).toEqual([
    ['p1', 1],
    ['p3', 2],
  ]);
  expect(await createdEvents(tenant)).toHaveLength(2);
});
