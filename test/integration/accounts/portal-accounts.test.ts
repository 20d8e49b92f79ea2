/**
 * The portal's account list (with the page's own query) and account detail through the real gateway:
 * search by each kind of id, keyset pages, users' names and share links, the account's recent events;
 * another tenant sees nothing; bad arguments are 400s naming the field.
 */
import { ACCOUNTS } from '../../../clients/admin/src/pages/accounts/accounts-query';
import { basic, createTestTenant } from '../../helpers/harness';
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

type Json = Record<string, any>;

const ACCOUNT = /* GraphQL */ `
  query A($id: String!) {
    account(id: $id) {
      id
      users {
        id
        email
        firstName
        lastName
        shareCode
        shareLink
      }
      recentEvents {
        id
        key
        fields
        dateTriggered
      }
    }
  }
`;

let api: ReferralApi;
let other: { alias: string; auth: string };
/** Accounts made in this order: a referrer with two users, a friend it referred, a bare account. */
const made: { referrer: Json; friend: Json; bare: Json } = { referrer: {}, friend: {}, bare: {} };

/** GraphQL as this file's tenant, or with another tenant's credentials. */
const gql = (query: string, variables: Json = {}, auth = api.auth, alias = api.tenant.alias) =>
  api.as({ auth, alias }).gql(query, variables);

async function accounts(variables: Json, auth?: string, alias?: string) {
  const res = await gql(ACCOUNTS.toString(), variables, auth, alias);
  expect(res.errors).toBeUndefined();
  return res.data.accounts as { items: Json[]; endCursor: string | null; hasNextPage: boolean };
}

const ids = (page: { items: Json[] }) => page.items.map((a) => a.id as string);

beforeAll(async () => {
  api = await startReferralApi();
  const accountId = uid('acct-r');
  const first = await api.identify(accountId, 'ada', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'Ada@Example.test',
  });
  const second = await api.identify(accountId, 'bob', { firstName: 'Bob', email: 'bob@example.test' });
  made.referrer = { accountId, code: first.body.shareCode, secondCode: second.body.shareCode };
  const friendId = uid('acct-f');
  await api.identify(friendId, 'fay', { referredByCode: made.referrer.code, email: 'fay@example.test' });
  made.friend = { accountId: friendId };
  const bareId = uid('acct-b');
  const sync = await api.sync({ id: bareId, subscription: { status: 'TRIAL' } });
  expect(sync.status).toBe(200);
  made.bare = { accountId: bareId };
  const tenant = await createTestTenant(api.gw.deps.db, 'oth');
  other = { alias: tenant.alias, auth: basic(tenant.apiKey) };
});

afterAll(async () => {
  await api?.close();
});

describe('the list', () => {
  test('newest first, with the first user’s e-mail, user count and referrals made', async () => {
    const page = await accounts({});
    expect(ids(page)).toEqual([made.bare.accountId, made.friend.accountId, made.referrer.accountId]);
    expect(page.items[2]).toMatchObject({ email: 'Ada@Example.test', userCount: 2, referralsMade: 1 });
    expect(page.items[1]).toMatchObject({ email: 'fay@example.test', userCount: 1, referralsMade: 0 });
    expect(page.items[0]).toMatchObject({ email: null, userCount: 0, referralsMade: 0 });
    expect(page.hasNextPage).toBe(false);
  });

  test('keyset pages of 2: every account once, in order', async () => {
    const p1 = await accounts({ first: 2 });
    expect(p1.hasNextPage).toBe(true);
    const p2 = await accounts({ first: 2, after: p1.endCursor });
    expect(p2.hasNextPage).toBe(false);
    expect([...ids(p1), ...ids(p2)]).toEqual([
      made.bare.accountId,
      made.friend.accountId,
      made.referrer.accountId,
    ]);
  });

  test('search: account id, user id, e-mail and share code, exactly and ignoring case where it should', async () => {
    const search = async (term: string) => ids(await accounts({ search: term }));
    expect(await search(made.friend.accountId)).toEqual([made.friend.accountId]);
    expect(await search('bob')).toEqual([made.referrer.accountId]);
    expect(await search('ADA@example.TEST')).toEqual([made.referrer.accountId]);
    expect(await search(made.referrer.secondCode.toLowerCase())).toEqual([made.referrer.accountId]);
    expect(await search('fay')).toEqual([made.friend.accountId]);
    expect(await search(made.friend.accountId.toUpperCase())).toEqual([]);
    expect(await search('ad')).toEqual([]);
  });

  test('another tenant lists none of them', async () => {
    expect((await accounts({}, other.auth, other.alias)).items).toEqual([]);
    expect((await accounts({ search: made.referrer.accountId }, other.auth, other.alias)).items).toEqual([]);
  });

  const bad: [string, Json, string][] = [
    ['first 0', { first: 0 }, 'first'],
    ['first 101', { first: 101 }, 'first'],
    ['a malformed cursor', { after: '%%%' }, 'after'],
    ['a search too long', { search: 'x'.repeat(256) }, 'search'],
  ];
  test.each(bad)('%s: 400 VALIDATION_FAILED naming %s', async (_, variables, path) => {
    const res = await gql(ACCOUNTS.toString(), variables);
    expect(res.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(res.errors[0].extensions.validationErrors.map((v: Json) => v.path)).toEqual([path]);
  });
});

describe('an account', () => {
  test('users with their names, share codes and share links', async () => {
    const res = await gql(ACCOUNT, { id: made.referrer.accountId });
    const link = (code: string) => `${api.config.publicUrl}/r/${api.tenant.alias}/${code}`;
    expect(res.data.account.users).toEqual([
      {
        id: 'ada',
        email: 'Ada@Example.test',
        firstName: 'Ada',
        lastName: 'Lovelace',
        shareCode: made.referrer.code,
        shareLink: link(made.referrer.code),
      },
      {
        id: 'bob',
        email: 'bob@example.test',
        firstName: 'Bob',
        lastName: null,
        shareCode: made.referrer.secondCode,
        shareLink: link(made.referrer.secondCode),
      },
    ]);
  });

  test('the 20 newest events of all its users, newest first', async () => {
    const base = Date.parse('2024-06-01T00:00:00Z');
    // Ada's events on even minutes, Bob's on odd ones: 24 in all, interleaved in time.
    for (const [user, parity] of [
      ['ada', 0],
      ['bob', 1],
    ] as const) {
      const events = Array.from({ length: 12 }, (_, i) => ({
        key: 'visit',
        fields: { n: i * 2 + parity, user },
        dateTriggered: base + (i * 2 + parity) * 60_000,
      }));
      const res = await api.call('POST', `/open/account/${made.referrer.accountId}/user/${user}/events`, {
        accountId: made.referrer.accountId,
        userId: user,
        events,
      });
      expect(res.status).toBe(200);
    }
    const res = await gql(ACCOUNT, { id: made.referrer.accountId });
    const recent = res.data.account.recentEvents as Json[];
    expect(recent.map((e) => e.fields.n)).toEqual(Array.from({ length: 20 }, (_, i) => 23 - i));
    expect(recent[0]).toMatchObject({
      key: 'visit',
      fields: { user: 'bob' },
      dateTriggered: base + 23 * 60_000,
    });
    const friend = await gql(ACCOUNT, { id: made.friend.accountId });
    expect(friend.data.account.recentEvents).toEqual([]);
  });

  test("another tenant's key gets null for it", async () => {
    expect(await gql(ACCOUNT, { id: made.referrer.accountId }, other.auth, other.alias)).toEqual({
      data: { account: null },
    });
  });
});
