/**
 * The widget's rewards explained (`referrals[].rewardsExplained`): for each rule of a friend's referral,
 * what it gave the referrer (the reward, held until a date) or why not (not converted yet, a milestone's
 * progress), the same explanations as GraphQL explainRewards (one domain function), the referrer's side
 * only; a referral made before any rules shows the fixed reward; another program's referral by that
 * program's rules; nobody else's JWT reads them, and another tenant with the same account and user ids
 * sees none of them.
 */
import { createTestTenant } from '../../helpers/harness';
import { PER_FRIEND, THREE_FRIENDS } from '../../helpers/program-rules';
import {
  identifyReferrer,
  startReferralApi,
  uid,
  userToken,
  type ReferralApi,
} from '../../helpers/referrals';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';

type Json = Record<string, any>;

let api: ReferralApi;
let other: IssuedKey;
let rita: Awaited<ReturnType<typeof identifyReferrer>>;
const friends = { early: '', converted: '', waiting: '' };

const EXPLAIN = /* GraphQL */ `
  query ($id: ID!) {
    explainRewards(referralId: $id) {
      ruleId
      recipient
      outcome
      text
    }
  }
`;

async function widget(alias: string, accountId: string, userId: string, apiKey: string, query = '') {
  const res = await fetch(
    `${api.gw.api(alias)}/open/account/${encodeURIComponent(accountId)}/user/${encodeURIComponent(userId)}/widget${query}`,
    { headers: { authorization: `Bearer ${userToken(apiKey, accountId, userId)}` } },
  );
  return { status: res.status, body: (await res.json()) as Json };
}

async function referralOf(friend: string): Promise<string> {
  const row = await api.gw.deps
    .db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: friend })
    .first('id');
  return row.id as string;
}

beforeAll(async () => {
  api = await startReferralApi();
  other = await createTestTenant(api.gw.deps.db, 'oth');
  rita = await identifyReferrer(api, 'Rita');
  const refer = async (firstName: string) => {
    const id = uid('acct-f');
    expect((await api.identify(id, uid('user'), { referredByCode: rita.code, firstName })).status).toBe(200);
    return id;
  };
  // Before any rules: the program's fixed reward.
  friends.early = await refer('Early');
  await api.gqlOk(`mutation ($input: ProgramInput!) { updateProgram(input: $input) { ruleVersion } }`, {
    input: { rewardHoldDays: 14, rules: [PER_FRIEND, THREE_FRIENDS] },
  });
  friends.converted = await refer('Conny');
  friends.waiting = await refer('Wanda');
  const paid = await api.identify(friends.converted, uid('user'), { accountStatus: 'PAID' });
  expect(paid.status).toBe(200);
});
afterAll(async () => {
  await api?.close();
});

const byName = (body: Json, name: string) => (body.referrals as Json[]).find((r) => r.name === name)!;

test("each friend's rules: the reward given and until when it is held, or why not yet", async () => {
  const { status, body } = await widget(api.tenant.alias, rita.accountId, rita.userId, api.tenant.apiKey);
  expect(status).toBe(200);

  const conny = byName(body, 'Conny').rewardsExplained as Json[];
  expect(conny).toEqual([
    {
      ruleId: 'per-friend',
      rule: PER_FRIEND.name,
      outcome: 'GRANTED',
      reward: { type: 'CREDIT', status: 'PENDING', discountPercent: null, amountCents: 1000, unit: 'USD' },
      heldUntil: expect.any(Number),
      reason: null,
      progress: null,
      text: expect.stringMatching(
        /gave the referrer 10\.00 USD of credit .* It is held until \d{4}-\d\d-\d\d\./,
      ),
    },
    {
      ruleId: 'three-friends',
      rule: THREE_FRIENDS.name,
      outcome: 'NOT_GRANTED',
      reward: null,
      heldUntil: null,
      reason: 'MILESTONE_NOT_REACHED',
      progress: { conversions: 1, needed: 3 },
      text: expect.stringMatching(/has 1 of the 3 converted referrals it needs/),
    },
  ]);
  const days = (conny[0].heldUntil - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(13.9);
  expect(days).toBeLessThanOrEqual(14);
  // The same sentences as GraphQL's explanations, the referrer's side.
  const explained = (await api.gqlOk(EXPLAIN, { id: await referralOf(friends.converted) })).explainRewards;
  expect(conny.map((e) => e.text)).toEqual(
    explained.filter((e: Json) => e.recipient === 'REFERRER').map((e: Json) => e.text),
  );

  const wanda = byName(body, 'Wanda').rewardsExplained as Json[];
  expect(wanda.map((e) => [e.ruleId, e.outcome, e.reason])).toEqual([
    ['per-friend', 'NOT_GRANTED', 'NOT_CONVERTED'],
    ['three-friends', 'NOT_GRANTED', 'MILESTONE_NOT_REACHED'],
  ]);

  // A referral made before the rules: the program's fixed reward, not converted yet.
  const early = byName(body, 'Early').rewardsExplained as Json[];
  expect(early).toEqual([
    expect.objectContaining({ ruleId: null, outcome: 'NOT_GRANTED', reason: 'NOT_CONVERTED', reward: null }),
  ]);
});

test('a page of friends is explained with the queries of one friend (read together, not per friend)', async () => {
  const queriesOf = async (query: string) => {
    let count = 0;
    const onQuery = () => (count += 1);
    api.gw.deps.db.on('query', onQuery);
    try {
      const { status, body } = await widget(
        api.tenant.alias,
        rita.accountId,
        rita.userId,
        api.tenant.apiKey,
        query,
      );
      expect(status).toBe(200);
      return { count, friends: (body.referrals as Json[]).length };
    } finally {
      api.gw.deps.db.off('query', onQuery);
    }
  };
  await queriesOf(''); // warm: the rule version and the program in their caches
  const one = await queriesOf('?limit=1');
  const all = await queriesOf('');
  expect([one.friends, all.friends]).toEqual([1, 3]);
  // The page's one more read: the program's settings, for the friend referred before the rules.
  expect(all.count).toBe(one.count + 1);
});

test("the friend's side is not in the referrer's answer, and the friend's own widget explains nothing", async () => {
  const { body } = await widget(api.tenant.alias, rita.accountId, rita.userId, api.tenant.apiKey);
  const all = (body.referrals as Json[]).flatMap((r) => r.rewardsExplained as Json[]);
  expect(all.map((e) => e.text).join(' ')).not.toMatch(/friend got|gave the friend/);
  const user = await api.identify(friends.converted, uid('user-c'), {});
  const own = await widget(api.tenant.alias, friends.converted, user.body.id, api.tenant.apiKey);
  expect(own.status).toBe(200);
  expect(own.body.referrals).toEqual([]);
});

test("another tenant's user JWT cannot read them, for the same ids or its own", async () => {
  const crossTenant = await widget(api.tenant.alias, rita.accountId, rita.userId, other.apiKey);
  expect(crossTenant.status).toBe(401);
  expect(JSON.stringify(crossTenant.body)).not.toContain('rewardsExplained');
  // The same account and user ids in the other tenant: a user of its own, with none of Rita's friends.
  const there = await fetch(
    `${api.gw.api(other.alias)}/open/account/${encodeURIComponent(rita.accountId)}/user/${encodeURIComponent(rita.userId)}`,
    {
      method: 'PUT',
      headers: {
        authorization: `Basic ${Buffer.from(`${other.apiKey}:`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: '{}',
    },
  );
  expect(there.status).toBe(200);
  const own = await widget(other.alias, rita.accountId, rita.userId, other.apiKey);
  expect(own.status).toBe(200);
  expect(own.body.referrals).toEqual([]);
  // Rita's own JWT for her ids in the other tenant is refused too.
  const wrongKey = await widget(other.alias, rita.accountId, rita.userId, api.tenant.apiKey);
  expect(wrongKey.status).toBe(401);
});

test("another program's friends are explained by that program's rules", async () => {
  const created = await api.gqlOk(
    `mutation ($input: ProgramInput!) { createProgram(input: $input) { id } }`,
    {
      input: {
        name: 'Partners',
        rules: [
          {
            ...THREE_FRIENDS,
            id: 'partner-pair',
            name: 'Two partners',
            trigger: { type: 'MILESTONE', conversions: 2 },
          },
        ],
      },
    },
  );
  const partners = created.createProgram.id as string;
  const code = (await api.identify(rita.accountId, rita.userId, { programId: partners })).body.shareCode;
  const friend = uid('acct-p');
  expect((await api.identify(friend, uid('user'), { referredByCode: code, firstName: 'Pia' })).status).toBe(
    200,
  );

  const inProgram = await widget(
    api.tenant.alias,
    rita.accountId,
    rita.userId,
    api.tenant.apiKey,
    `?programId=${partners}`,
  );
  expect(inProgram.status).toBe(200);
  expect(
    inProgram.body.referrals.map((r: Json) => [
      r.name,
      r.rewardsExplained.map((e: Json) => [e.ruleId, e.reason, e.progress]),
    ]),
  ).toEqual([['Pia', [['partner-pair', 'MILESTONE_NOT_REACHED', { conversions: 0, needed: 2 }]]]]);
  // The default widget lists every program's friends today; Pia's rewards are still her program's rules.
  const plain = await widget(api.tenant.alias, rita.accountId, rita.userId, api.tenant.apiKey);
  const pia = (plain.body.referrals as Json[]).find((r) => r.name === 'Pia');
  expect(pia?.rewardsExplained.map((e: Json) => e.ruleId)).toEqual(['partner-pair']);
  const conny = (plain.body.referrals as Json[]).find((r) => r.name === 'Conny');
  expect(conny?.rewardsExplained.map((e: Json) => e.ruleId)).toEqual(['per-friend', 'three-friends']);
});
