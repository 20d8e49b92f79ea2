import type { Db } from '../../../shared/db/knex';
import { AppError } from '../../../shared/errors';
import { publishRuleVersion, listRuleVersions } from '../../../shared/domain/programs/rule-versions';
import { reconcileReferral } from '../../../shared/domain/referrals/lifecycle';
import { identifyReferrer, startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';
import { until } from '../../helpers/wait';
import { PER_FRIEND, THREE_FRIENDS } from '../../helpers/program-rules';

let api: ReferralApi;
let db: Db;
const PUBLISHER = {
  publishedBy: 'test',
  audit: { operator: null, actor: { kind: 'cli' as const, label: 'test' } },
};

beforeAll(async () => {
  api = await startReferralApi();
  db = api.gw.deps.db;
});
afterAll(async () => {
  await api?.close();
});

/** A friend of the code, attributed and then converted; answers the friend's account id. */
async function attribute(code: string): Promise<string> {
  const accountId = uid('acct-f');
  const res = await api.identify(accountId, uid('user'), { referredByCode: code });
  expect(res.status).toBe(200);
  return accountId;
}
async function convert(accountId: string): Promise<void> {
  const res = await api.call('PUT', `/open/account/${accountId}/user/u-pay`, { accountStatus: 'PAID' });
  expect(res.status).toBe(200);
}
const ruleRewards = (accountId: string) =>
  db('rewards')
    .where({ tenant_id: api.tenantId, account_id: accountId })
    .orderBy('date_given')
    .select(
      'rule_id',
      'rule_version',
      'type',
      'amount_cents',
      'discount_percent',
      'grant_key',
      'explanation',
      'status',
    );

test('published rules reward referrals attributed after them: tiers, a milestone, each once, explained', async () => {
  const before = await identifyReferrer(api, 'Vera');
  const oldFriend = await attribute(before.code);

  const published = await publishRuleVersion(db, api.tenantId, [PER_FRIEND, THREE_FRIENDS], PUBLISHER);
  expect(published.version).toBe(1);
  expect((await listRuleVersions(db, api.tenantId)).map((v) => v.version)).toEqual([1]);

  // Attributed before the rules: the program's fixed referrer reward, as before.
  await convert(oldFriend);
  expect(await ruleRewards(before.accountId)).toEqual([
    expect.objectContaining({ rule_id: null, grant_key: null, type: 'PCT_DISCOUNT' }),
  ]);

  const r = await identifyReferrer(api, 'Rita');
  const friends = [];
  for (let i = 0; i < 5; i++) friends.push(await attribute(r.code));
  for (const friend of friends) await convert(friend);
  await convert(friends[0]!); // a repeat changes nothing

  const rewards = await ruleRewards(r.accountId);
  expect(
    rewards.map((w) => [
      w.rule_id,
      w.type,
      w.amount_cents === null ? w.discount_percent : Number(w.amount_cents),
    ]),
  ).toEqual([
    ['per-friend', 'CREDIT', 1000],
    ['per-friend', 'CREDIT', 1000],
    ['per-friend', 'CREDIT', 1000],
    ['three-friends', 'PCT_DISCOUNT', 100],
    ['per-friend', 'CREDIT', 1000],
    ['per-friend', 'CREDIT', 2000],
  ]);
  expect(rewards.every((w) => w.rule_version === 1 && w.status === 'AVAILABLE')).toBe(true);
  expect(rewards[3]!.explanation).toBe(
    '"A free month at three friends" gave the referrer a 100 % discount: the referrer reached 3 converted referrals.',
  );
  expect(rewards[5]!.explanation).toMatch(
    /20.00 USD of credit \(tier 2: from conversion 5\): the referral converted on/,
  );

  // The API's reward list holds every reward the rules gave, as it holds the fixed one.
  const listed = await api.rewards(r.accountId);
  expect(listed.status).toBe(200);
  expect(JSON.stringify(listed.body)).toContain('PCT_DISCOUNT');
  expect(JSON.stringify(listed.body).match(/"CREDIT"/g)).toHaveLength(5);
});

test('a milestone reached by two conversions committing at once is given once, not twice or never', async () => {
  await publishRuleVersion(db, api.tenantId, [THREE_FRIENDS], PUBLISHER);
  // Three rounds, each its own referrer: a lost milestone shows in at least one of them.
  for (const name of ['Mila', 'Nora', 'Olga']) await raceToThree(name);
});

/** A referrer at one conversion whose second and third friends convert at the same moment. */
async function raceToThree(name: string): Promise<void> {
  const r = await identifyReferrer(api, name);
  const friends = [];
  for (let i = 0; i < 3; i++) friends.push(await attribute(r.code));
  await convert(friends[0]!);
  // Friends 2 and 3 paid (their facts committed, as the gateway records them), and their conversions run
  // together: both wait on their referral rows held here, then go at once. Each counts the referrer's
  // conversions; without the referrer lock both would count two (the other's not committed) and the
  // milestone at three would never be given.
  const racing = friends.slice(1);
  await db('accounts')
    .where({ tenant_id: api.tenantId })
    .whereIn('id', racing)
    .update({ first_paid_at: db.fn.now(), first_user_at: db.raw('coalesce(first_user_at, now())') });
  const referralIds = (
    await db('referrals')
      .where({ tenant_id: api.tenantId })
      .whereIn('referred_account_id', racing)
      .select('id')
  ).map((row: { id: string }) => row.id);
  const blocker = await db.transaction();
  await blocker('referrals').whereIn('id', referralIds).forUpdate().select('id');
  const conversions = racing.map((accountId) =>
    reconcileReferral(db, { tenantId: api.tenantId, accountId }, { dayMs: 86_400_000 }),
  );
  await until(
    () => waitingOn(),
    (n) => n === 2,
  );
  await blocker.commit();
  const snapshots = await Promise.all(conversions);
  expect(snapshots.map((s) => s?.status)).toEqual(['CONVERTED', 'CONVERTED']);
  expect(await ruleRewards(r.accountId)).toEqual([
    expect.objectContaining({
      rule_id: 'three-friends',
      grant_key: `rule:three-friends:referrer:${r.accountId}:milestone:3`,
    }),
  ]);
}

/** Sessions of this database waiting for a lock (the racing conversions, blocked on the held rows). */
async function waitingOn(): Promise<number> {
  const { rows } = await db.raw(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%update \"referrals\"%'",
  );
  return (rows as { n: number }[])[0]!.n;
}

test('publishing refuses invalid rules by field', async () => {
  const refusal = (rules: unknown) =>
    publishRuleVersion(db, api.tenantId, rules, PUBLISHER).then(
      () => null,
      (err: AppError) => ({ code: err.apiErrorCode, errors: err.details.validationErrors }),
    );
  expect(
    await refusal([{ ...THREE_FRIENDS, reward: { type: 'PCT_DISCOUNT', discountPercent: 150 } }]),
  ).toEqual({
    code: 'VALIDATION_FAILED',
    errors: [{ path: 'rules.0.reward.discountPercent', message: expect.stringMatching(/100/) }],
  });
  expect(
    await refusal([
      {
        ...PER_FRIEND,
        tiers: undefined,
        trigger: { type: 'CONVERSION' },
        reward: { type: 'CASH', percentOfPayment: 20, currency: 'USD' },
      },
    ]),
  ).toEqual({
    code: 'VALIDATION_FAILED',
    errors: [
      {
        path: 'rules.0.reward.percentOfPayment',
        message: 'a percentage of the payment needs a PAYMENT trigger',
      },
    ],
  });
  const versions = await listRuleVersions(db, api.tenantId);
  expect(versions.map((v) => v.version)).toEqual([2, 1]);
  const audit = await db('audit_log')
    .where({ tenant_id: api.tenantId, action: 'publishProgramRules' })
    .orderBy('at');
  expect(audit.map((a) => a.target)).toEqual(['version 1', 'version 2']);
});

test("one tenant's rules never reward another tenant's referrals", async () => {
  const other = await startReferralApi();
  try {
    const r = await identifyReferrer(other, 'Otto');
    const accountId = uid('acct-o');
    expect((await other.identify(accountId, uid('user'), { referredByCode: r.code })).status).toBe(200);
    expect(
      (await other.call('PUT', `/open/account/${accountId}/user/u-pay`, { accountStatus: 'PAID' })).status,
    ).toBe(200);
    const rewards = await other.gw.deps
      .db('rewards')
      .where({ tenant_id: other.tenantId, account_id: r.accountId });
    expect(rewards).toEqual([expect.objectContaining({ rule_id: null, grant_key: null })]);
    expect(await listRuleVersions(other.gw.deps.db, other.tenantId)).toEqual([]);
  } finally {
    await other.close();
  }
});
