/**
 * The widget route's sharing parts: the program's share templates (validated on PATCH and in
 * GraphQL, rendered per user and locale), the summary counted over every friend, paging by cursor with
 * bad input refused naming the field, friends' states, a referred user's own discount, the list's plan
 * for a referrer with thousands of friends, and another tenant's view of the same ids.
 */
import { shareQr } from '../../../shared/domain/referrals/share-qr';
import type { Knex } from 'knex';
import { basic, createTestTenant } from '../../helpers/harness';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import { startReferralApi, uid, userToken, type ReferralApi } from '../../helpers/referrals';
import { until } from '../../helpers/wait';

type Json = Record<string, any>;

let api: ReferralApi;
let other: IssuedKey;
const maya = { accountId: uid('acct-maya'), userId: uid('user-maya'), code: '', link: '' };
const friends: { accountId: string; userId: string }[] = [];

beforeAll(async () => {
  api = await startReferralApi();
  other = await createTestTenant(api.gw.deps.db, 'other');
  expect(
    (
      await api.call('PATCH', '/program', {
        name: 'Acme',
        referredDiscountPercent: 10,
        referrerReward: { type: 'CREDIT', amountCents: 2500, unit: 'USD' },
        fraudPolicy: [{ signal: 'SAME_NAME', action: 'REVIEW' }],
      })
    ).status,
  ).toBe(200);
  const res = await api.identify(maya.accountId, maya.userId, { firstName: 'Maya', lastName: 'Lopes' });
  maya.code = res.body.shareCode;
  maya.link = res.body.shareLink;
  // 12 friends, one at a time so their start times differ; 3 subscribe, one has Maya's name (REVIEW).
  for (let i = 0; i < 12; i++) {
    const friend = { accountId: uid(`acct-f${i}`), userId: uid(`user-f${i}`) };
    const named = i === 11 ? { firstName: 'Maya', lastName: 'Lopes' } : { firstName: `Friend${i}` };
    const made = await api.identify(friend.accountId, friend.userId, {
      ...named,
      referredByCode: maya.code,
      ...(i < 3 && { accountStatus: 'PAID' }),
    });
    expect(made.status).toBe(200);
    friends.push(friend);
  }
});
afterAll(async () => {
  await api?.close();
});

async function widget(who: { accountId: string; userId: string }, query = '', alias = api.tenant.alias) {
  const key = alias === api.tenant.alias ? api.tenant.apiKey : other.apiKey;
  const enc = encodeURIComponent;
  const res = await fetch(
    `${api.gw.api(alias)}/open/account/${enc(who.accountId)}/user/${enc(who.userId)}/widget${query}`,
    { headers: { authorization: `Bearer ${userToken(key, who.accountId, who.userId)}` } },
  );
  return { status: res.status, body: (await res.json()) as Json };
}

test('the summary counts every friend; pages of 10 follow the cursor to the end', async () => {
  const first = await widget(maya);
  expect(first.status).toBe(200);
  expect(first.body.summary).toEqual({
    friends: 12,
    subscribed: 3,
    earned: [{ unit: 'USD', amountCents: 7500 }],
  });
  expect(first.body.referrals).toHaveLength(10);
  expect(first.body.referralsPage).toEqual({ limit: 10, nextCursor: expect.any(String) });
  // Newest first: Maya's namesake (under review), then Friend10 … Friend1.
  expect(first.body.referrals[0]).toMatchObject({ name: 'Maya', state: 'UNDER_REVIEW', reward: null });
  expect(first.body.referrals[1]).toMatchObject({ name: 'Friend10', state: 'SIGNED_UP', reward: null });

  const second = await widget(maya, `?cursor=${first.body.referralsPage.nextCursor}`);
  expect(second.status).toBe(200);
  expect(second.body.summary).toEqual(first.body.summary);
  expect(second.body.referralsPage.nextCursor).toBeNull();
  const names = [...first.body.referrals, ...second.body.referrals].map((r: Json) => r.name);
  expect(new Set(names).size).toBe(12);
  expect(second.body.referrals.map((r: Json) => [r.name, r.state, r.reward])).toEqual([
    ['Friend1', 'SUBSCRIBED', expect.objectContaining({ type: 'CREDIT', amountCents: 2500, unit: 'USD' })],
    ['Friend0', 'SUBSCRIBED', expect.objectContaining({ status: 'AVAILABLE' })],
  ]);

  const five = await widget(maya, '?limit=5');
  expect(five.body.referrals.map((r: Json) => r.name)).toEqual(names.slice(0, 5));
});

test('a friend who ends is CANCELLED; a referred user sees the discount their referral gave them', async () => {
  expect(
    (await api.identify(friends[0]!.accountId, friends[0]!.userId, { accountStatus: 'CANCELLED' })).status,
  ).toBe(200);
  const page = await widget(maya, '?limit=50');
  expect(page.body.referrals.find((r: Json) => r.name === 'Friend0').state).toBe('CANCELLED');
  expect(page.body.summary.subscribed).toBe(2);

  const friend = await widget(friends[5]!);
  expect(friend.status).toBe(200);
  expect(friend.body.referredBy).toEqual({ name: 'Maya', discountPercent: 10 });
  expect(friend.body.summary).toEqual({ friends: 0, subscribed: 0, earned: [] });
  expect((await widget(maya)).body.referredBy).toBeNull();
});

test('share texts: the defaults per locale, a template rendered, the link appended when it lacks {link}', async () => {
  expect((await widget(maya)).body.share).toEqual({
    message: `Maya invited you to Acme: 10% off your first order with my link ${maya.link}`,
    emailSubject: 'Maya sent you 10% off Acme',
    // The link's QR code, for the widget to draw (test/unit/share-qr.test.ts checks the matrix).
    qr: shareQr(maya.link),
  });
  const fr = await widget(maya, '?locale=fr-CA');
  expect(fr.body.share.emailSubject).toBe('Maya vous offre 10 % de réduction chez Acme');
  expect(fr.body.share.message).toContain(maya.link);
  expect((await widget(maya, '?locale=de')).body.share.emailSubject).toBe(
    'Maya schenkt dir 10 % Rabatt bei Acme',
  );
  // A locale without bundled texts gets English.
  expect((await widget(maya, '?locale=ja')).body.share.emailSubject).toBe('Maya sent you 10% off Acme');

  const patched = await api.call('PATCH', '/program', {
    shareMessage: '  {name} says: {program} is great, {offer}!  ',
    shareEmailSubject: 'From {name}: {offer} at {program}',
  });
  expect(patched.status).toBe(200);
  expect(patched.body).toMatchObject({
    shareMessage: '{name} says: {program} is great, {offer}!',
    shareEmailSubject: 'From {name}: {offer} at {program}',
  });
  const custom = await waitForShare((share) => share.emailSubject.startsWith('From'));
  expect(custom).toMatchObject({
    message: `Maya says: Acme is great, 10% off! ${maya.link}`,
    emailSubject: 'From Maya: 10% off at Acme',
  });
  // Blank is back to the defaults.
  expect(
    (await api.call('PATCH', '/program', { shareMessage: '', shareEmailSubject: null })).body,
  ).toMatchObject({ shareMessage: null, shareEmailSubject: null });
  await waitForShare((share) => share.emailSubject === 'Maya sent you 10% off Acme');
});

/** The widget's share texts once `ready` holds for them. */
async function waitForShare(ready: (share: Json) => boolean): Promise<Json> {
  const share = await until(async () => (await widget(maya)).body.share as Json, ready, 5_000, 50);
  if (!ready(share)) throw new Error('the widget never showed the new share texts');
  return share;
}

test('templates with an unknown variable or too long are refused naming the field and the variable', async () => {
  const rest = await api.call('PATCH', '/program', { shareMessage: 'Join {program} via {url}' });
  expect(rest.status).toBe(400);
  expect(rest.body.validationErrors).toEqual([
    { path: 'shareMessage', message: expect.stringContaining('unknown variable {url}') },
  ]);
  const long = await api.call('PATCH', '/program', { shareEmailSubject: 'x'.repeat(201) });
  expect(long.status).toBe(400);
  expect(long.body.validationErrors.map((v: Json) => v.path)).toEqual(['shareEmailSubject']);
  expect((await api.call('PATCH', '/program', { shareMessage: 'x'.repeat(500) })).status).toBe(200);
  await api.call('PATCH', '/program', { shareMessage: null });

  const gql = await api.gql(
    'mutation($s: String) { updateProgram(input: { shareEmailSubject: $s }) { shareEmailSubject } }',
    { s: '{name} and {friend}' },
  );
  expect(JSON.stringify(gql.errors)).toContain('shareEmailSubject');
  expect(JSON.stringify(gql.errors)).toContain('unknown variable {friend}');
  const read = await api.gql('{ program { shareMessage shareEmailSubject } }');
  expect(read.data.program).toEqual({ shareMessage: null, shareEmailSubject: null });
});

test('a bad cursor, limit or locale is 400 naming the field', async () => {
  const forged = Buffer.from('123.not-a-uuid').toString('base64url');
  for (const [query, field] of [
    ['?cursor=%%%', 'cursor'],
    ['?cursor=bm90IGEgY3Vyc29y', 'cursor'],
    [`?cursor=${forged}`, 'cursor'],
    ['?limit=0', 'limit'],
    ['?limit=51', 'limit'],
    ['?limit=ten', 'limit'],
    ['?locale=%3Cscript%3E', 'locale'],
  ]) {
    const res = await widget(maya, query);
    expect({ query, status: res.status, paths: res.body.validationErrors?.map((v: Json) => v.path) }).toEqual(
      { query, status: 400, paths: [field] },
    );
  }
});

test("another tenant's user with the same ids sees none of these friends, even with this tenant's cursor", async () => {
  const cursor = (await widget(maya)).body.referralsPage.nextCursor;
  const made = await fetch(`${api.gw.api(other.alias)}/open/account/${maya.accountId}/user/${maya.userId}`, {
    method: 'PUT',
    headers: { authorization: basic(other.apiKey), 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Other' }),
  });
  expect(made.status).toBe(200);
  for (const query of ['', `?cursor=${cursor}`]) {
    const res = await widget(maya, query, other.alias);
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({ friends: 0, subscribed: 0, earned: [] });
    expect(res.body.referrals).toEqual([]);
    expect(res.body.share.message).toContain('Other');
    expect(JSON.stringify(res.body)).not.toContain('Friend');
  }
});

test('a referrer with 3,000 friends: the page is one index range with a LIMIT (11 rows read)', async () => {
  const db = api.gw.deps.db;
  const big = { accountId: uid('acct-big'), userId: uid('user-big') };
  expect((await api.identify(big.accountId, big.userId, { firstName: 'Big' })).status).toBe(200);
  await db.raw(
    `with a as (
       insert into accounts (tenant_id, id) select ?, 'bulk-' || g || '-' || ? from generate_series(1, 3000) g
       returning id)
     insert into referrals (tenant_id, referred_account_id, referrer_account_id, referrer_user_id,
       referral_code_used, attribution_source, status, date_started)
     select ?, a.id, ?, ?, 'BULK', 'CODE', 'IN_PROGRESS', now() - random() * interval '300 days' from a`,
    [api.tenantId, big.userId, api.tenantId, big.accountId, big.userId],
  );
  await db.raw('analyze referrals');
  const statements: { sql: string; bindings: Knex.RawBinding[] }[] = [];
  const onQuery = (q: { sql: string; bindings: Knex.RawBinding[] }) => statements.push(q);
  db.on('query', onQuery);
  const started = performance.now();
  const first = await widget(big);
  const second = await widget(big, `?cursor=${first.body.referralsPage.nextCursor}`);
  const elapsed = performance.now() - started;
  db.off('query', onQuery);
  expect(first.body.summary.friends).toBe(3000);
  expect(second.body.referrals).toHaveLength(10);
  expect(second.body.referrals[0].dateReferred).toBeLessThanOrEqual(first.body.referrals[9].dateReferred);

  const statement = statements.filter((q) => q.sql.includes('as friends')).pop()!;
  const sql = statement.sql.replace(/\$\d+/g, '?');
  const explained = await db.raw(`explain (analyze, format json) ${sql}`, statement.bindings);
  const [analysed] = explained.rows[0]['QUERY PLAN'];
  const plan = JSON.stringify(analysed);
  expect(plan).toContain('referrals_tenant_referrer_started_id_idx');
  // The page's friends: 11 rows (10 and one to know more follow), not 3,000.
  expect(plan).toMatch(/"Node Type":"Limit"[^\]]*?"Actual Rows":11\b/);
  const ms = analysed['Execution Time'];
  console.log(`widget, 3,000 friends: two pages in ${elapsed.toFixed(0)} ms, statement ${ms} ms`);
});
