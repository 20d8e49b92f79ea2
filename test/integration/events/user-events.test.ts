/**
 * User events over REST: shape, validation, idempotency (window, concurrency, atomicity, tenant
 * scope) and conversion by event, through the real gateway, worker, PostgreSQL and Temporal. The clock is
 * the gateway's injectable one; nothing sleeps through a window.
 */
import crypto from 'node:crypto';
import { createTestTenant, basic } from '../../helpers/harness';
import { startReferralApi, uid, userToken, type ApiResult, type ReferralApi } from '../../helpers/referrals';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The gateway's clock: real time unless a test pins it (always ahead of real time, never prunable). */
let pinned: number | null = null;
const now = () => pinned ?? Date.now();

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi({ now });
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => {
  pinned = null;
});

const enc = encodeURIComponent;
const newKey = () => crypto.randomUUID();

async function user(body: Record<string, unknown> = {}) {
  const accountId = uid('acct');
  const userId = uid('user');
  const res = await api.identify(accountId, userId, body);
  expect(res.status).toBe(200);
  return { accountId, userId, shareCode: res.body.shareCode as string };
}

function log(
  ids: { accountId: string; userId: string },
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<ApiResult> {
  return api.call(
    'POST',
    `/open/account/${enc(ids.accountId)}/user/${enc(ids.userId)}/events`,
    { accountId: ids.accountId, userId: ids.userId, ...body },
    headers,
  );
}

async function storedEvents(ids: { accountId: string; userId: string }) {
  return api.gw.deps
    .db('user_events')
    .where({ tenant_id: api.tenantId, account_id: ids.accountId, user_id: ids.userId })
    .orderBy('id');
}

async function keyRow(key: string, tenantId = api.tenantId) {
  return api.gw.deps.db('idempotency_keys').where({ tenant_id: tenantId, key }).first();
}

/** Runs `body` while PostgreSQL fails any insert of an event whose key starts with `poison-`. */
async function withPoisonTrigger<T>(body: () => Promise<T>): Promise<T> {
  const db = api.gw.deps.db;
  // A real failure inside PostgreSQL, after the key row was inserted by the same statement.
  await db.raw(`
    create or replace function fail_poisoned_event() returns trigger language plpgsql as $$
    begin
      if new.key like 'poison-%' then raise exception 'injected failure for %', new.key; end if;
      return new;
    end $$`);
  await db.raw(`
    create or replace trigger fail_poisoned_event before insert on user_events
    for each row execute function fail_poisoned_event()`);
  try {
    return await body();
  } finally {
    await db.raw('drop trigger if exists fail_poisoned_event on user_events');
  }
}

describe('POST /open/account/{accountId}/user/{userId}/events', () => {
  test('stores the events and answers them with ids, fields and both dates', async () => {
    const u = await user();
    pinned = Date.now() + 60_000;
    const res = await log(u, {
      events: [
        { key: 'purchase', fields: { revenue: 49.5, currency: 'USD', order_id: 'o-1' } },
        { key: 'newsletter', dateTriggered: 1_700_000_000_123 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: u.userId,
      accountId: u.accountId,
      events: [
        {
          id: expect.any(String),
          key: 'purchase',
          fields: { revenue: 49.5, currency: 'USD', order_id: 'o-1' },
          dateTriggered: pinned,
          dateReceived: pinned,
        },
        {
          id: expect.any(String),
          key: 'newsletter',
          fields: {},
          dateTriggered: 1_700_000_000_123,
          dateReceived: pinned,
        },
      ],
    });
    const rows = await storedEvents(u);
    expect(rows.map((r) => r.id).sort()).toEqual(res.body.events.map((e: { id: string }) => e.id).sort());
    const purchase = rows.find((r) => r.key === 'purchase');
    expect(purchase).toMatchObject({
      fields: { revenue: 49.5, currency: 'USD', order_id: 'o-1' },
      idempotency_key: null,
    });
    expect(purchase.date_received.getTime()).toBe(pinned);
  });

  test('ids in the path are URL-decoded and must equal the body (400 naming the field)', async () => {
    const accountId = `acct ${uid('x')}/é`;
    const userId = `user+${uid('y')}`;
    expect((await api.identify(accountId, userId, {})).status).toBe(200);
    expect((await log({ accountId, userId }, { events: [{ key: 'ok' }] })).status).toBe(200);

    const res = await api.call('POST', `/open/account/${enc(accountId)}/user/${enc(userId)}/events`, {
      accountId,
      userId: 'someone-else',
      events: [{ key: 'x' }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      apiErrorCode: 'VALIDATION_FAILED',
      validationErrors: [{ path: 'userId' }],
    });
  });

  test('an unknown user (or one of another account) is 404 USER_NOT_FOUND', async () => {
    const u = await user();
    const other = { accountId: uid('acct'), userId: u.userId };
    const res = await log(other, { events: [{ key: 'x' }] });
    expect(res.status).toBe(404);
    expect(res.body.apiErrorCode).toBe('USER_NOT_FOUND');
    expect(await storedEvents(other)).toHaveLength(0);
  });

  test("the user's own JWT may log; another user's path is 403; no credentials 401", async () => {
    const u = await user();
    const other = await user();
    const token = userToken(api.tenant.apiKey, u.accountId, u.userId);
    const own = await log(u, { events: [{ key: 'jwt' }] }, { authorization: `Bearer ${token}` });
    expect(own.status).toBe(200);
    const key = newKey();
    const theirs = await log(
      other,
      { idempotencyKey: key, events: [{ key: 'jwt' }] },
      { authorization: `Bearer ${token}` },
    );
    expect(theirs.status).toBe(403);
    expect(await keyRow(key)).toBeUndefined();
    const none = await fetch(
      `${api.gw.api(api.tenant.alias)}/open/account/${enc(u.accountId)}/user/${enc(u.userId)}/events`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    );
    expect(none.status).toBe(401);
    expect(await storedEvents(other)).toHaveLength(0);
  });
});

describe('validation: 400 VALIDATION_FAILED naming the field, and nothing stored or consumed', () => {
  const longString = 'x'.repeat(1501);
  const multibyte = '€'.repeat(501); // 501 characters, 1,503 UTF-8 bytes
  const bigFields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'y'.repeat(1000)]));
  let deep: Record<string, unknown> = { leaf: 1 };
  for (let i = 0; i < 40; i += 1) deep = { nested: deep };

  test.each([
    ['no events', { events: [] }, 'events'],
    ['101 events', { events: Array.from({ length: 101 }, () => ({ key: 'k' })) }, 'events'],
    ['empty key', { events: [{ key: '' }] }, 'events.0.key'],
    ['key of 256 characters', { events: [{ key: 'k'.repeat(256) }] }, 'events.0.key'],
    ['fields an array', { events: [{ key: 'k', fields: [1, 2] }] }, 'events.0.fields'],
    ['fields a string', { events: [{ key: 'k', fields: 'x' }] }, 'events.0.fields'],
    ['a string of 1,501 bytes', { events: [{ key: 'k', fields: { s: longString } }] }, 'events.0.fields'],
    ['501 euro signs (1,503 bytes)', { events: [{ key: 'k', fields: { s: multibyte } }] }, 'events.0.fields'],
    [
      'a nested long string',
      { events: [{ key: 'k', fields: { a: [{ s: longString }] } }] },
      'events.0.fields',
    ],
    ['fields over 16 KB', { events: [{ key: 'k', fields: bigFields }] }, 'events.0.fields'],
    ['fields nested 40 deep', { events: [{ key: 'k', fields: deep }] }, 'events.0.fields'],
    ['a NUL in a field', { events: [{ key: 'k', fields: { s: 'a\u0000b' } }] }, 'events.0.fields'],
    ['a NUL in the key', { events: [{ key: 'a\u0000b' }] }, 'events.0.key'],
    [
      'dateTriggered with a fraction',
      { events: [{ key: 'k', dateTriggered: 1.5 }] },
      'events.0.dateTriggered',
    ],
    ['dateTriggered negative', { events: [{ key: 'k', dateTriggered: -1 }] }, 'events.0.dateTriggered'],
    [
      'dateTriggered a string',
      { events: [{ key: 'k', dateTriggered: '2024-01-01' }] },
      'events.0.dateTriggered',
    ],
    ['an unknown event member', { events: [{ key: 'k', feilds: {} }] }, 'events.0'],
    ['an unknown body member', { events: [{ key: 'k' }], idempotencykey: 'abcdefgh' }, '(root)'],
  ])('%s', async (_name, body, path) => {
    const u = await user();
    const key = newKey();
    const res = await log(u, { idempotencyKey: key, ...body });
    expect(res.status).toBe(400);
    expect(res.body.apiErrorCode).toBe('VALIDATION_FAILED');
    expect(res.body.validationErrors.map((v: { path: string }) => v.path)).toContain(path);
    expect(await storedEvents(u)).toHaveLength(0);
    expect(await keyRow(key)).toBeUndefined();
  });

  test('the largest valid request (100 events of 16 KB) is accepted', async () => {
    const u = await user();
    const fields = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, 'z'.repeat(1480)]));
    expect(Buffer.byteLength(JSON.stringify(fields))).toBeLessThanOrEqual(16 * 1024);
    const res = await log(u, { events: Array.from({ length: 100 }, () => ({ key: 'big', fields })) });
    expect(res.status).toBe(200);
    expect(await storedEvents(u)).toHaveLength(100);
  });

  test.each([
    ['7 characters', 'abcdefg'],
    ['65 characters', 'a'.repeat(65)],
    ['a space', 'abcd efgh'],
    ['a slash', 'abcd/efgh'],
    ['a non-ASCII letter', 'abcdéfgh'],
    ['a number', 12345678],
  ])('an idempotency key with %s is refused', async (_name, key) => {
    const u = await user();
    const res = await log(u, { idempotencyKey: key, events: [{ key: 'k' }] });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors).toEqual([{ path: 'idempotencyKey', message: expect.any(String) }]);
    expect(await storedEvents(u)).toHaveLength(0);
  });

  test.each([
    ['8 characters', 'abc-_.89'],
    ['64 characters', 'K'.repeat(64)],
    ['a UUID', crypto.randomUUID()],
  ])('an idempotency key of %s is accepted', async (_name, key) => {
    const u = await user();
    expect((await log(u, { idempotencyKey: key, events: [{ key: 'k' }] })).status).toBe(200);
  });
});

describe('idempotency keys', () => {
  test('a repeat is 409 IDEMPOTENCY_KEY_USED with the first receipt event ids, and stores nothing', async () => {
    const u = await user();
    const key = newKey();
    const first = await log(u, { idempotencyKey: key, events: [{ key: 'a' }, { key: 'b' }] });
    expect(first.status).toBe(200);
    const ids = first.body.events.map((e: { id: string }) => e.id);

    const again = await log(u, { idempotencyKey: key, events: [{ key: 'c' }] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, apiErrorCode: 'IDEMPOTENCY_KEY_USED' });
    expect(again.body.eventIds).toEqual(ids);
    expect((await storedEvents(u)).map((e) => e.key).sort()).toEqual(['a', 'b']);
  });

  test('the window is exactly 24 hours after first receipt (edges at minus and plus one second)', async () => {
    const u = await user();
    const key = newKey();
    const t0 = Date.now() + 60_000;
    pinned = t0;
    const first = await log(u, { idempotencyKey: key, events: [{ key: 'first' }] });
    expect(first.status).toBe(200);

    pinned = t0 + DAY_MS - 1000;
    const inside = await log(u, { idempotencyKey: key, events: [{ key: 'inside' }] });
    expect(inside.status).toBe(409);
    expect(inside.body.eventIds).toEqual([first.body.events[0].id]);

    pinned = t0 + DAY_MS + 1000;
    const after = await log(u, { idempotencyKey: key, events: [{ key: 'after' }] });
    expect(after.status).toBe(200);
    const row = await keyRow(key);
    expect(row.received_at.getTime()).toBe(t0 + DAY_MS + 1000);
    expect(row.event_ids).toEqual([after.body.events[0].id]);

    // A new window starts at the new receipt.
    pinned = t0 + DAY_MS + 2000;
    const replay = await log(u, { idempotencyKey: key, events: [{ key: 'replay' }] });
    expect(replay.status).toBe(409);
    expect(replay.body.eventIds).toEqual([after.body.events[0].id]);
    expect((await storedEvents(u)).map((e) => e.key).sort()).toEqual(['after', 'first']);
  });

  test('keys are per tenant: another tenant may use the same key, and sees none of these events', async () => {
    const u = await user();
    const key = newKey();
    expect((await log(u, { idempotencyKey: key, events: [{ key: 'mine' }] })).status).toBe(200);

    const other = await createTestTenant(api.gw.deps.db, 'other');
    const otherAuth = basic(other.apiKey);
    const base = api.gw.api(other.alias);
    const put = await fetch(`${base}/open/account/${enc(u.accountId)}/user/${enc(u.userId)}`, {
      method: 'PUT',
      headers: { authorization: otherAuth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(put.status).toBe(200);
    const res = await fetch(`${base}/open/account/${enc(u.accountId)}/user/${enc(u.userId)}/events`, {
      method: 'POST',
      headers: { authorization: otherAuth, 'content-type': 'application/json' },
      body: JSON.stringify({
        accountId: u.accountId,
        userId: u.userId,
        idempotencyKey: key,
        events: [{ key: 'theirs' }],
      }),
    });
    expect(res.status).toBe(200);
    const query = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { authorization: otherAuth, 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          'query($a: String!, $u: String!) { userEvents(accountId: $a, userId: $u) { totalCount events { key } } }',
        variables: { a: u.accountId, u: u.userId },
      }),
    });
    expect(((await query.json()) as { data: { userEvents: unknown } }).data.userEvents).toEqual({
      totalCount: 1,
      events: [{ key: 'theirs' }],
    });
    // And this tenant's key with the other tenant's credentials is no conflict for us either.
    expect((await log(u, { idempotencyKey: key, events: [{ key: 'again' }] })).status).toBe(409);
  });

  test('simultaneous requests with one key: exactly one 200, the rest 409 with its ids (10 rounds of 50)', async () => {
    const u = await user();
    for (let round = 0; round < 10; round += 1) {
      const key = newKey();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => log(u, { idempotencyKey: key, events: [{ key: `race-${i}` }] })),
      );
      const ok = results.filter((r) => r.status === 200);
      const conflicts = results.filter((r) => r.status === 409);
      expect(ok).toHaveLength(1);
      expect(conflicts).toHaveLength(49);
      const winner = ok[0]!.body.events.map((e: { id: string }) => e.id);
      for (const c of conflicts) expect(c.body.eventIds).toEqual(winner);
      const stored = await api.gw.deps
        .db('user_events')
        .where({ tenant_id: api.tenantId, idempotency_key: key })
        .select('id');
      expect(stored.map((r) => r.id)).toEqual(winner);
    }
  });

  test('concurrent requests with different outcomes share statements, and each gets its own answer', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => user()));
    const used = await Promise.all(
      users.map(async (u) => {
        const key = newKey();
        const res = await log(u, { idempotencyKey: key, events: [{ key: 'used' }] });
        return { u, key, ids: res.body.events.map((e: { id: string }) => e.id) };
      }),
    );
    const [fresh, replays, ghosts, keyless] = await Promise.all([
      Promise.all(
        users.map((u) => log(u, { idempotencyKey: newKey(), events: [{ key: 'fresh' }, { key: 'fresh2' }] })),
      ),
      Promise.all(used.map((x) => log(x.u, { idempotencyKey: x.key, events: [{ key: 'replay' }] }))),
      Promise.all(
        users.map((u) =>
          log(
            { accountId: u.accountId, userId: uid('ghost') },
            { idempotencyKey: newKey(), events: [{ key: 'ghost' }] },
          ),
        ),
      ),
      Promise.all(users.map((u) => log(u, { events: [{ key: 'nokey' }] }))),
    ]);
    expect(fresh.map((r) => [r.status, r.body.events.length])).toEqual(users.map(() => [200, 2]));
    expect(replays.map((r) => r.status)).toEqual(users.map(() => 409));
    expect(replays.map((r) => r.body.eventIds)).toEqual(used.map((x) => x.ids));
    expect(ghosts.map((r) => r.body.apiErrorCode)).toEqual(users.map(() => 'USER_NOT_FOUND'));
    expect(keyless.map((r) => r.status)).toEqual(users.map(() => 200));
    for (const u of users) {
      expect((await storedEvents(u)).map((e) => e.key).sort()).toEqual(['fresh', 'fresh2', 'nokey', 'used']);
    }
  });

  test('a request that fails consumes no key: unknown user, then the same key succeeds', async () => {
    const accountId = uid('acct');
    const userId = uid('user');
    const key = newKey();
    expect((await log({ accountId, userId }, { idempotencyKey: key, events: [{ key: 'k' }] })).status).toBe(
      404,
    );
    expect(await keyRow(key)).toBeUndefined();
    await api.identify(accountId, userId, {});
    expect((await log({ accountId, userId }, { idempotencyKey: key, events: [{ key: 'k' }] })).status).toBe(
      200,
    );
  });

  test('a database failure after the key is claimed rolls the key back with the events', async () => {
    const u = await user();
    const key = newKey();
    const poison = `poison-${crypto.randomBytes(4).toString('hex')}`;
    const failed = await withPoisonTrigger(() =>
      log(u, { idempotencyKey: key, events: [{ key: 'fine' }, { key: poison }] }),
    );
    expect(failed.status).toBe(500);
    expect(failed.body.apiErrorCode).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(failed.body)).not.toMatch(/injected|insert|poison/);
    expect(await keyRow(key)).toBeUndefined();
    expect(await storedEvents(u)).toHaveLength(0);
    const retry = await log(u, { idempotencyKey: key, events: [{ key: 'fine' }] });
    expect(retry.status).toBe(200);
    expect(await storedEvents(u)).toHaveLength(1);
  });

  test('a failing request among concurrent ones fails alone; the others are stored', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => user()));
    const keys = users.map(() => newKey());
    const poison = `poison-${crypto.randomBytes(4).toString('hex')}`;
    const results = await withPoisonTrigger(() =>
      Promise.all(
        users.map((u, i) =>
          log(u, { idempotencyKey: keys[i], events: [{ key: i === 7 ? poison : 'fine' }] }),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(users.map((_, i) => (i === 7 ? 500 : 200)));
    expect(await keyRow(keys[7]!)).toBeUndefined();
    for (const [i, u] of users.entries()) expect(await storedEvents(u)).toHaveLength(i === 7 ? 0 : 1);
  });
});

describe('conversion by event', () => {
  async function setConversionKey(key: string | null) {
    const res = await api.call('PATCH', '/program', { conversionEventKey: key });
    expect(res.status).toBe(200);
    expect(res.body.conversionEventKey).toBe(key);
  }
  afterAll(() => setConversionKey(null));

  test("an accepted event with the program's conversion key converts a referred account once", async () => {
    await setConversionKey('purchase');
    const referrer = await user({ firstName: 'Event', lastName: 'Referrer' });
    const friend = await user({ referredByCode: referrer.shareCode, accountStatus: 'TRIAL' });
    expect((await api.account(friend.accountId))!.referredBy.status).toBe('IN_PROGRESS');

    const other = await log(friend, { events: [{ key: 'page_view' }] });
    expect(other.status).toBe(200);
    expect((await api.account(friend.accountId))!.referredBy.status).toBe('IN_PROGRESS');

    const key = newKey();
    const purchase = await log(friend, {
      idempotencyKey: key,
      events: [{ key: 'purchase', fields: { revenue: 10 } }],
    });
    expect(purchase.status).toBe(200);
    const referral = (await api.account(friend.accountId))!.referredBy;
    expect(referral).toMatchObject({ status: 'CONVERTED', referrerReward: { status: 'AVAILABLE' } });
    expect((await api.rewards(referrer.accountId)).body.referrerDiscountPercent).toBe(10);
    // The subscription status is the merchant's to set; only the conversion fact was recorded.
    expect((await api.account(friend.accountId))!.subscription).toMatchObject({ status: 'TRIAL' });

    expect((await log(friend, { events: [{ key: 'purchase' }] })).status).toBe(200);
    const rewards = await api.gw.deps
      .db('rewards')
      .where({ tenant_id: api.tenantId, account_id: referrer.accountId });
    expect(rewards).toHaveLength(1);
  });

  test('an account that was not referred is left as it was', async () => {
    await setConversionKey('purchase');
    const u = await user();
    expect((await log(u, { events: [{ key: 'purchase' }] })).status).toBe(200);
    const account = await api.gw.deps
      .db('accounts')
      .where({ tenant_id: api.tenantId, id: u.accountId })
      .first();
    expect(account).toMatchObject({ first_paid_at: null, never_referable: false });
  });

  test('with no conversion key, a purchase event converts nothing', async () => {
    await setConversionKey(null);
    const referrer = await user({ firstName: 'No', lastName: 'Key' });
    const friend = await user({ referredByCode: referrer.shareCode });
    expect((await log(friend, { events: [{ key: 'purchase' }] })).status).toBe(200);
    expect((await api.account(friend.accountId))!.referredBy.status).toBe('IN_PROGRESS');
  });
});
