import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../shared/config';
import type { Db } from '../../../shared/db/knex';
import { publishRuleVersion } from '../../../shared/domain/programs/rule-versions';
import { identifyReferrer, startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';
import { importClient } from '../../helpers/imports';
import { FRIEND_FIVE_OFF, ONBOARDED, RECURRING } from '../../helpers/program-rules';
import { until } from '../../helpers/wait';

let api: ReferralApi;
let db: Db;
const PUBLISHER = { publishedBy: 'test' };

beforeAll(async () => {
  api = await startReferralApi();
  db = api.gw.deps.db;
  await publishRuleVersion(db, api.tenantId, [RECURRING, FRIEND_FIVE_OFF, ONBOARDED], PUBLISHER);
  const set = await api.gql(
    'mutation { updateProgram(input: { paymentEventKey: "payment" }) { paymentEventKey } }',
  );
  expect(set).toEqual({ data: { updateProgram: { paymentEventKey: 'payment' } } });
});
afterAll(async () => {
  await api?.close();
});

/** A referrer and a friend attributed under the rules (a trial), answers both account ids. */
async function referredFriend(a: ReferralApi = api): Promise<{ referrer: string; friend: string }> {
  const r = await identifyReferrer(a, 'Paula');
  const friend = uid('acct-f');
  expect((await a.identify(friend, 'u-pay', { referredByCode: r.code })).status).toBe(200);
  return { referrer: r.accountId, friend };
}
const rewardsOf = (accountId: string, tenantId = api.tenantId, on: Db = db) =>
  on('rewards')
    .where({ tenant_id: tenantId, account_id: accountId })
    .orderBy([{ column: 'date_given' }, { column: 'id' }])
    .select('rule_id', 'type', 'amount_cents', 'unit', 'payment_id', 'grant_key', 'status', 'explanation');
const events = (accountId: string, list: { key: string; fields: Record<string, unknown> }[]) =>
  api.call('POST', `/open/account/${accountId}/user/u-pay/events`, {
    accountId,
    userId: 'u-pay',
    events: list,
  });

test('a PAID sync with a value pays 20 % in cash per billing period, once however often it repeats', async () => {
  const { referrer, friend } = await referredFriend();
  const paid = { id: friend, subscription: { status: 'PAID', value: 50, billingIntervalType: 'MONTH' } };
  expect((await api.sync(paid)).status).toBe(200);
  expect((await api.sync(paid)).status).toBe(200);

  const given = await rewardsOf(referrer);
  expect(given).toEqual([
    expect.objectContaining({
      rule_id: 'recurring',
      type: 'CASH',
      amount_cents: '1000',
      unit: 'USD',
      payment_id: `sync:${friend}:0`,
      grant_key: `rule:recurring:payment:sync:${friend}:0`,
      status: 'AVAILABLE',
    }),
  ]);
  expect(given[0]!.explanation).toMatch(
    /^"20 % of every payment for 12 months" gave the referrer 10.00 USD in cash: 20 % of the payment of 50.00 USD on \d{4}-\d\d-\d\d \(sync:/,
  );
  // The friend's rule: a fixed amount off at conversion.
  expect((await rewardsOf(friend)).filter((r) => r.rule_id !== null)).toEqual([
    expect.objectContaining({ rule_id: 'friend-five-off', type: 'FIXED_DISCOUNT', amount_cents: '500' }),
  ]);

  // The next billing period is the next payment: the first paid moment moved back a month and a day.
  await db('accounts')
    .where({ tenant_id: api.tenantId, id: friend })
    .update({ first_paid_at: db.raw("first_paid_at - interval '32 days'") });
  await db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: friend })
    .update({ date_paid: db.raw("date_paid - interval '32 days'") });
  expect((await api.sync({ ...paid, subscription: { ...paid.subscription, value: 60 } })).status).toBe(200);
  expect((await rewardsOf(referrer)).map((r) => [r.payment_id, r.amount_cents])).toEqual([
    [`sync:${friend}:0`, '1000'],
    [`sync:${friend}:1`, '1200'],
  ]);

  // Thirteen months on, the rule's twelve are over: the payment gives nothing, and says why.
  for (const [table, column, key] of [
    ['accounts', 'first_paid_at', 'id'],
    ['referrals', 'date_paid', 'referred_account_id'],
  ] as const) {
    await db(table)
      .where({ tenant_id: api.tenantId, [key]: friend })
      .update({ [column]: db.raw(`${column} - interval '365 days'`) });
  }
  expect((await api.sync(paid)).status).toBe(200);
  expect(await rewardsOf(referrer)).toHaveLength(2);
  const { id } = await db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: friend })
    .first('id');
  const explained = await api.gql(
    'query($id: ID!) { explainRewards(referralId: $id) { ruleId outcome text } }',
    {
      id,
    },
  );
  expect(explained.data.explainRewards.filter((e: { ruleId: string }) => e.ruleId === 'recurring')).toEqual([
    expect.objectContaining({ outcome: 'GRANTED' }),
    expect.objectContaining({ outcome: 'GRANTED' }),
    {
      ruleId: 'recurring',
      outcome: 'NOT_GRANTED',
      text: expect.stringMatching(
        new RegExp(
          `^"20 % of every payment for 12 months" gave nothing for the payment sync:${friend}:13: it rewards payments for 12 months after the conversion, which ended on \\d{4}-`,
        ),
      ),
    },
  ]);

  // The REST reward list shows CASH only to accounts that have it.
  const listed = await api.rewards(referrer);
  expect(JSON.stringify(listed.body)).toContain('"CASH"');
});

test('the same payment delivered twice at once is granted once', async () => {
  const { referrer, friend } = await referredFriend();
  expect((await api.sync({ id: friend, subscription: { status: 'PAID' } })).status).toBe(200);
  const payment = { key: 'payment', fields: { revenue: 80, currency: 'USD', order_id: 'o-1' } };
  const answers = await Promise.all([
    events(friend, [payment]),
    events(friend, [payment]),
    events(friend, [payment]),
  ]);
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  const given = await rewardsOf(referrer);
  expect(given.map((r) => [r.payment_id, r.amount_cents])).toEqual([[`event:${friend}:o-1`, '1600']]);
  const occurrences = await db('rule_occurrences').where({ tenant_id: api.tenantId, kind: 'PAYMENT' });
  expect(occurrences.filter((o) => o.occurrence_id === `event:${friend}:o-1`)).toHaveLength(1);
});

test("one request's payment events of several friends: each friend's payment recorded and given once", async () => {
  const r = await identifyReferrer(api, 'Bea');
  const friends = [uid('acct-f'), uid('acct-f'), uid('acct-f')];
  for (const friend of friends) {
    expect((await api.identify(friend, 'u-pay', { referredByCode: r.code })).status).toBe(200);
    expect((await api.sync({ id: friend, subscription: { status: 'PAID' } })).status).toBe(200);
  }
  const log = (key: string) =>
    api.gql(
      'mutation($inputs: [UserEventInput!]!, $key: String) { logUserEvents(userEventInput: $inputs, idempotencyKey: $key) { accountId } }',
      {
        key,
        inputs: friends.map((accountId, i) => ({
          accountId,
          userId: 'u-pay',
          events: [{ key: 'payment', fields: { revenue: 10 * (i + 1), currency: 'USD', order_id: 'o-1' } }],
        })),
      },
    );
  expect((await log(`batch-${uid('k')}`)).errors).toBeUndefined();
  // The same payments again under another key: recorded already, nothing more.
  expect((await log(`batch-${uid('k')}`)).errors).toBeUndefined();
  const given = await until(
    () => rewardsOf(r.accountId),
    (rows) => rows.length >= 3,
  );
  expect(given.map((g) => [g.payment_id, g.amount_cents]).sort()).toEqual(
    friends.map((f, i) => [`event:${f}:o-1`, String(200 * (i + 1))]).sort(),
  );
  const occurrences = await db('rule_occurrences')
    .where({ tenant_id: api.tenantId, kind: 'PAYMENT' })
    .whereIn(
      'occurrence_id',
      friends.map((f) => `event:${f}:o-1`),
    );
  expect(occurrences).toHaveLength(3);
});

test('an EVENT rule rewards its event once per friend, and only at its threshold', async () => {
  const { referrer, friend } = await referredFriend();
  expect((await events(friend, [{ key: 'onboarded', fields: { seats: 2 } }])).status).toBe(200);
  expect(await rewardsOf(referrer)).toEqual([]);
  // An event no rule waits for is stored as any event, and recorded for no rule.
  expect((await events(friend, [{ key: 'pageview', fields: {} }])).status).toBe(200);
  const { id: referralId } = await db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: friend })
    .first('id');
  const recorded = await db('rule_occurrences').where({ tenant_id: api.tenantId, referral_id: referralId });
  expect(recorded.map((o) => o.event_key)).toEqual(['onboarded']);
  expect((await events(friend, [{ key: 'onboarded', fields: { seats: 4 } }])).status).toBe(200);
  expect((await events(friend, [{ key: 'onboarded', fields: { seats: 9 } }])).status).toBe(200);
  const given = await rewardsOf(referrer);
  expect(given).toEqual([
    expect.objectContaining({ rule_id: 'onboarded', type: 'CREDIT', amount_cents: '1500' }),
  ]);
  expect(given[0]!.explanation).toMatch(/gave the referrer 15.00 USD of credit: the event onboarded on/);
  const { id } = await db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: friend })
    .first('id');
  const explained = await api.gql(
    'query($id: ID!) { explainRewards(referralId: $id) { ruleId outcome text } }',
    {
      id,
    },
  );
  expect(explained.data.explainRewards).toEqual([
    {
      ruleId: 'recurring',
      outcome: 'NOT_GRANTED',
      text: '"20 % of every payment for 12 months" gave nothing yet: no payment of the friend has been reported.',
    },
    expect.objectContaining({ ruleId: 'friend-five-off', outcome: 'NOT_GRANTED' }),
    expect.objectContaining({ ruleId: 'onboarded', outcome: 'GRANTED' }),
  ]);
});

test('imported user events feed the rules as the API does: a payment and a rewarded event, once each', async () => {
  const { referrer, friend } = await referredFriend();
  expect((await api.sync({ id: friend, subscription: { status: 'PAID' } })).status).toBe(200);
  const csv = [
    'userId,accountId,event.key,event.fields.revenue,event.fields.currency,event.fields.order_id,event.fields.seats',
    `u-pay,${friend},payment,45,USD,o-imp,`,
    `u-pay,${friend},pageview,,,,`,
    `u-pay,${friend},onboarded,,,,5`,
    `u-pay,${friend},payment,45,USD,o-imp,`,
    `u-pay,${friend},payment,lots,,o-bad,`,
  ].join('\n');
  const jobs = importClient({ base: api.gw.api(api.tenant.alias), auth: api.auth });
  const run = async () => {
    const job = await jobs.run('events.csv', csv, 'MUTATION/USER_EVENT');
    expect(job.status).toBe('COMPLETED');
    // The payment without revenue is refused with its field named, as through the API.
    expect((await jobs.results(job)).filter(([, status]) => status !== 'SUCCESS')).toEqual([
      ['6', 'FAILED', expect.stringContaining('(event.fields.revenue: ')],
    ]);
  };
  await run();
  const expected = [
    ['onboarded', null, '1500'],
    ['recurring', `event:${friend}:o-imp`, '900'],
  ];
  const given = async () =>
    (await rewardsOf(referrer)).map((r) => [r.rule_id, r.payment_id, r.amount_cents]).sort();
  expect(await until(given, (g) => g.length === 2)).toEqual(expected);
  // The same file again: every payment and event id is known, nothing more is given.
  await run();
  const { id: referralId } = await db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: friend })
    .first('id');
  const recorded = await db('rule_occurrences').where({ tenant_id: api.tenantId, referral_id: referralId });
  expect(recorded.filter((o) => o.kind === 'PAYMENT')).toHaveLength(1);
  expect(await given()).toEqual(expected);
});

test('a payment event key that is not a key is refused naming the field', async () => {
  const res = await api.gql('mutation { updateProgram(input: { paymentEventKey: "" }) { paymentEventKey } }');
  expect(res.errors[0].extensions).toMatchObject({
    code: 'VALIDATION_FAILED',
    validationErrors: [expect.objectContaining({ path: 'input.paymentEventKey' })],
  });
  expect((await api.gql('{ program { paymentEventKey } }')).data.program.paymentEventKey).toBe('payment');
});

test('a payment event without revenue or currency is refused naming the field', async () => {
  const { friend } = await referredFriend();
  const res = await events(friend, [{ key: 'payment', fields: { revenue: 'lots' } }]);
  expect(res.status).toBe(400);
  expect(JSON.stringify(res.body)).toContain('events.0.fields.revenue');
  expect(JSON.stringify(res.body)).toContain('events.0.fields.currency');
});

test("another tenant's payments and rules neither see nor touch this tenant's", async () => {
  const other = await startReferralApi();
  try {
    const { referrer, friend } = await referredFriend(other);
    const paid = { id: friend, subscription: { status: 'PAID', value: 50 } };
    expect((await other.sync(paid)).status).toBe(200);
    // No rules there: the program's fixed reward only, and no payment recorded.
    const theirs = await rewardsOf(referrer, other.tenantId, other.gw.deps.db);
    expect(theirs).toEqual([expect.objectContaining({ rule_id: null, payment_id: null })]);
    expect(await other.gw.deps.db('rule_occurrences').where({ tenant_id: other.tenantId })).toEqual([]);
    // The same account id synced here is another account: this tenant's rules see nothing of it.
    expect((await api.sync(paid)).status).toBe(200);
    expect(
      await db('rule_occurrences').where({ tenant_id: api.tenantId, occurrence_id: `sync:${friend}:0` }),
    ).toEqual([]);
    // This tenant's referrer with cash owed: unknown to the other tenant.
    const mine = await referredFriend();
    expect((await api.sync({ id: mine.friend, subscription: { status: 'PAID', value: 10 } })).status).toBe(
      200,
    );
    const cash = 'query($id: String!) { cashBalance(accountId: $id) { unit available } }';
    expect((await api.gql(cash, { id: mine.referrer })).data.cashBalance).toEqual([
      { unit: 'USD', available: 200 },
    ]);
    expect((await other.gql(cash, { id: mine.referrer })).data.cashBalance).toBeNull();
    const program = await other.gql('{ program { paymentEventKey } }');
    expect(program).toEqual({ data: { program: { paymentEventKey: null } } });
  } finally {
    await other.close();
  }
});

test("docs/programs.md's recurring example, published through GraphQL, pays 20 % of a synced payment", async () => {
  const guide = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'programs.md'), 'utf8');
  const recurring = JSON.parse(/```json rules\n([\s\S]*?)```/.exec(guide)![1]!) as unknown;
  const published = await api.gqlOk(
    'mutation ($input: ProgramInput!) { updateProgram(input: $input) { ruleVersion } }',
    { input: { rules: recurring } },
  );
  expect(published.updateProgram.ruleVersion).toBeGreaterThan(1);
  const { referrer, friend } = await referredFriend();
  expect((await api.sync({ id: friend, subscription: { status: 'PAID', value: 49.99 } })).status).toBe(200);
  expect((await rewardsOf(referrer)).map((r) => [r.rule_id, r.type, r.amount_cents])).toEqual([
    ['recurring', 'CASH', '999'],
  ]);
});
