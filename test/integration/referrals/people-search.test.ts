/**
 * "Find people": the ranked search (`query`) of the account list, the referral list and the
 * review queue through the real gateway: partial names, e-mails, ids and codes in any case and without
 * accents; exact before prefix before part; people (names, e-mails) next to ids; never another tenant's
 * people; bad text is a 400 naming the field; and the plan reads the trigram indexes, not the tables.
 */
import { ACCOUNTS } from '../../../clients/admin/src/pages/accounts/accounts-query';
import { matchedAccounts, matchedReferrals } from '../../../shared/repos/people-search.repo';
import { createDb } from '../../../shared/db/knex';
import { ownDatabase } from '../../helpers/own-database';
import { basic, createTestTenant } from '../../helpers/harness';
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

type Json = Record<string, any>;

const REFERRALS = /* GraphQL */ `
  query R($filter: ReferralFilter) {
    referrals(filter: $filter) {
      items {
        id
        referredAccountId
        referrer {
          accountId
          userId
          name
          email
        }
        friend {
          accountId
          name
          email
        }
      }
    }
  }
`;

let api: ReferralApi;
let other: { alias: string; auth: string };
const ids: Json = {};

/** GraphQL as this file's tenant, or with another tenant's credentials. */
const gql = (query: string, variables: Json = {}, auth = api.auth, alias = api.tenant.alias) =>
  api.as({ auth, alias }).gql(query, variables);
async function accounts(query: string, auth?: string, alias?: string) {
  const res = await gql(ACCOUNTS.toString(), { query }, auth, alias);
  expect(res.errors).toBeUndefined();
  return res.data.accounts.items as Json[];
}
async function referrals(query: string, auth?: string, alias?: string) {
  const res = await gql(REFERRALS, { filter: { query } }, auth, alias);
  expect(res.errors).toBeUndefined();
  return res.data.referrals.items as Json[];
}

beforeAll(async () => {
  api = await startReferralApi();
  const policy = await api.gql(
    `mutation { updateProgram(input: { fraudPolicy: [{ signal: SAME_NAME, action: REVIEW }] }) { fraudPolicy { signal } } }`,
  );
  expect(policy.errors).toBeUndefined();
  const person = async (key: string, first: string, last: string, email: string, code?: string) => {
    const res = await api.identify(uid(`acct-${key}`), uid('user'), {
      firstName: first,
      lastName: last,
      email,
      ...(code && { referredByCode: code }),
    });
    expect(res.status).toBe(200);
    ids[key] = { accountId: res.body.accountId, userId: res.body.id, code: res.body.shareCode };
  };
  await person('priya', 'Priya', 'Shah', 'priya.shah@example.test');
  await person('maia', 'Maïa', 'Dupont', 'm.dupont@example.test');
  await person('maya', 'Maya', 'Lin', 'maya.lin@example.test', ids.priya.code);
  await person('zoe', 'Zoë', 'Quill', 'zq1@example.test');
  await person('zoe2', 'Zoë', 'Quill', 'zq2@example.test', ids.zoe.code); // same name: held for review
  const tenant = await createTestTenant(api.gw.deps.db, 'oth');
  other = { alias: tenant.alias, auth: basic(tenant.apiKey) };
  const res = await fetch(`${api.gw.api(tenant.alias)}/open/account/${uid('acct-x')}/user/priya-other`, {
    method: 'PUT',
    headers: { authorization: other.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Priya', lastName: 'Elsewhere', email: 'priya@elsewhere.test' }),
  });
  expect(res.status).toBe(200);
});

afterAll(async () => {
  await api?.close();
});

test('partial name, e-mail, id and code, in any case and without accents', async () => {
  const found = async (q: string) => (await accounts(q)).map((a) => a.id);
  expect(await found('priya')).toEqual([ids.priya.accountId]);
  expect(await found('PRIYA SH')).toEqual([ids.priya.accountId]);
  expect(await found('ya.sha')).toEqual([ids.priya.accountId]);
  expect(await found('maia')).toEqual([ids.maia.accountId]);
  expect(await found('MAÏA')).toEqual([ids.maia.accountId]);
  expect(await found('zoe q')).toEqual(expect.arrayContaining([ids.zoe.accountId, ids.zoe2.accountId]));
  expect(await found(ids.priya.accountId.slice(2, 12).toUpperCase())).toEqual([ids.priya.accountId]);
  expect(await found(ids.maia.code.toLowerCase())).toEqual([ids.maia.accountId]);
  expect(await found('100% nobody_')).toEqual([]);
  const [row] = await accounts('dupont');
  expect(row).toMatchObject({ id: ids.maia.accountId, name: 'Maïa Dupont', email: 'm.dupont@example.test' });
});

test('ranked: exact id first, then prefix, then part, then similar; newest first within a rank', async () => {
  const stem = uid('rk');
  const make = (id: string) => api.sync({ id, subscription: { status: 'TRIAL' } });
  for (const id of [stem, `${stem}-more`, `x-${stem}`, `${stem}-again`])
    expect((await make(id)).status).toBe(200);
  expect((await accounts(stem)).map((a) => a.id)).toEqual([
    stem,
    `${stem}-again`,
    `${stem}-more`,
    `x-${stem}`,
  ]);
  // A typo finds by similarity, after every closer match.
  expect((await accounts('Priyaa')).map((a) => a.id)).toEqual([ids.priya.accountId]);
  // Pages go by rank, then time: every match once, in order.
  const first = await gql(ACCOUNTS.toString(), { query: stem, first: 2 });
  const next = await gql(ACCOUNTS.toString(), {
    query: stem,
    first: 2,
    after: first.data.accounts.endCursor,
  });
  expect([...first.data.accounts.items, ...next.data.accounts.items].map((a: Json) => a.id)).toEqual([
    stem,
    `${stem}-again`,
    `${stem}-more`,
    `x-${stem}`,
  ]);
});

test('referrals by the referrer’s or the friend’s name, with both people next to the ids', async () => {
  const byReferrer = await referrals('priya');
  expect(byReferrer).toHaveLength(1);
  expect(byReferrer[0]).toMatchObject({
    referredAccountId: ids.maya.accountId,
    referrer: {
      accountId: ids.priya.accountId,
      userId: ids.priya.userId,
      name: 'Priya Shah',
      email: 'priya.shah@example.test',
    },
    friend: { accountId: ids.maya.accountId, name: 'Maya Lin', email: 'maya.lin@example.test' },
  });
  expect((await referrals('maya')).map((r) => r.id)).toEqual([byReferrer[0].id]);
  expect((await referrals(byReferrer[0].id.slice(0, 8))).map((r) => r.id)).toEqual([byReferrer[0].id]);
  expect((await referrals(ids.priya.code.toLowerCase())).map((r) => r.id)).toEqual([byReferrer[0].id]);
  // The detail and the account's referrals carry the people too.
  const detail = await gql(
    `query D($id: ID!) { referral(id: $id) { referral { referrer { name } friend { name email } } } }`,
    {
      id: byReferrer[0].id,
    },
  );
  expect(detail.data.referral.referral).toEqual({
    referrer: { name: 'Priya Shah' },
    friend: { name: 'Maya Lin', email: 'maya.lin@example.test' },
  });
});

test('the review queue takes the search text', async () => {
  const queue = async (query: string) => {
    const res = await gql(
      `query Q($query: String) { referralsForReview(query: $query) { items { id referredAccountId referrer { name } friend { email } } } }`,
      { query },
    );
    expect(res.errors).toBeUndefined();
    return res.data.referralsForReview.items as Json[];
  };
  expect((await queue('zoe')).map((r) => r.referredAccountId)).toEqual([ids.zoe2.accountId]);
  expect((await queue('zq2@')).map((r) => r.friend.email)).toEqual(['zq2@example.test']);
  expect(await queue('priya')).toEqual([]);
});

test('another tenant never finds this tenant’s people, and this tenant never finds theirs', async () => {
  expect((await accounts('priya', other.auth, other.alias)).map((a) => a.name)).toEqual(['Priya Elsewhere']);
  expect(await referrals('priya', other.auth, other.alias)).toEqual([]);
  expect(await accounts('elsewhere')).toEqual([]);
  expect(await accounts(ids.priya.accountId, other.auth, other.alias)).toEqual([]);
});

test.each([
  ['accounts', ACCOUNTS.toString(), { query: 'x'.repeat(256) }, ['query']],
  ['accounts', ACCOUNTS.toString(), { query: 'a\u0007b' }, ['query']],
  ['referrals', REFERRALS, { filter: { query: 'x'.repeat(256) } }, ['filter', 'query']],
] as const)('%s: bad search text is a 400 naming the field', async (_, query, variables, path) => {
  const res = await gql(query, variables);
  expect(res.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  expect(res.errors[0].extensions.validationErrors.map((v: Json) => v.path.join?.('.') ?? v.path)).toEqual([
    path.join('.'),
  ]);
});

test('on a big tenant the plan reads the trigram indexes, never a sequential scan', async () => {
  // 100,000 rows a table in a database of its own: on the suite's, the workers' reconcilers and the
  // portal's rollup triggers would work through them beside every other file.
  const database = ownDatabase('people_plan');
  await database.create();
  const db = createDb({ url: database.url, poolMax: 2 });
  try {
    const tenant = await createTestTenant(db, 'big');
    const { id: t } = await db('tenants').where({ alias: tenant.alias }).first('id');
    const n = 100000;
    await db.raw(`insert into accounts (tenant_id, id) select ?, 'big-' || g from generate_series(1, ?) g`, [
      t,
      n,
    ]);
    await db.raw(
      `insert into users (tenant_id, account_id, id, email, first_name, last_name, share_code)
     select ?, 'big-' || g, 'u' || g, 'p' || g || '@big.test', 'First' || g, 'Last' || (g % 97), 'C' || g
     from generate_series(1, ?) g`,
      [t, n],
    );
    await db.raw(
      `insert into referrals (tenant_id, referred_account_id, referrer_account_id, referrer_user_id, referral_code_used, attribution_source, status)
     select ?, 'big-' || g, 'big-' || (g + 1), 'u' || (g + 1), 'C' || (g + 1), 'CODE', 'IN_PROGRESS' from generate_series(1, ? - 1) g`,
      [t, n],
    );
    await db.raw('analyze accounts, users, referrals');
    const plan = async (matched: ReturnType<typeof matchedAccounts>) =>
      ((await db.raw('explain select * from ? m', [matched])).rows as { 'QUERY PLAN': string }[])
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const accountsPlan = await plan(matchedAccounts(db, t, 'first1234'));
    expect(accountsPlan).toContain('users_search_trgm_idx');
    expect(accountsPlan).toContain('accounts_search_trgm_idx');
    expect(accountsPlan).not.toMatch(/Seq Scan on (users|accounts)/);
    const referralsPlan = await plan(matchedReferrals(db, t, '4d2c1e'));
    expect(referralsPlan).toContain('users_search_trgm_idx');
    expect(referralsPlan).toContain('referrals_id_prefix_idx');
    expect(referralsPlan).not.toMatch(/Seq Scan on (users|accounts|referrals)/);
  } finally {
    await db.destroy();
    await database.drop();
  }
}, 120_000);
