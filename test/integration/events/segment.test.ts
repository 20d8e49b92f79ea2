/**
 * The analytics connector (POST /integrations/segment): Segment track and identify messages, one or a
 * batch, through the real gateway and PostgreSQL; messageId as idempotency key when it fits the format.
 */
import crypto from 'node:crypto';
import { startReferralApi, uid, type ApiResult, type ReferralApi } from '../../helpers/referrals';

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi();
});
afterAll(async () => {
  await api?.close();
});

const send = (body: unknown, headers: Record<string, string> = {}): Promise<ApiResult> =>
  api.call('POST', '/integrations/segment', body, headers);

const eventsOf = (accountId: string, userId: string) =>
  api.gw.deps
    .db('user_events')
    .where({ tenant_id: api.tenantId, account_id: accountId, user_id: userId })
    .orderBy('id');

const userRow = (accountId: string, userId: string) =>
  api.gw.deps.db('users').where({ tenant_id: api.tenantId, account_id: accountId, id: userId }).first();

describe('identify', () => {
  test('upserts the user from its traits, in the account the message names', async () => {
    const userId = uid('seg-user');
    const accountId = uid('seg-acct');
    const res = await send({
      type: 'identify',
      userId,
      traits: { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', accountId, plan: 'pro' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [{ index: 0, type: 'identify', status: 'accepted' }] });
    expect(await userRow(accountId, userId)).toMatchObject({
      email: 'grace@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
      share_code: expect.any(String),
    });
  });

  test('without an account id in the traits the group, then the user id, is the account', async () => {
    const viaGroup = uid('seg-user');
    const group = uid('seg-group');
    await send({ type: 'identify', userId: viaGroup, context: { groupId: group } });
    expect(await userRow(group, viaGroup)).toBeDefined();
    const alone = uid('seg-user');
    await send({ type: 'identify', userId: alone });
    expect(await userRow(alone, alone)).toBeDefined();
  });
});

describe('track', () => {
  test('logs an event: key from event, fields from properties, date from timestamp, account from properties', async () => {
    const userId = uid('seg-user');
    const accountId = uid('seg-acct');
    await send({ type: 'identify', userId, traits: { accountId } });
    const res = await send({
      type: 'track',
      event: 'purchase',
      userId,
      messageId: crypto.randomUUID(),
      timestamp: '2026-01-02T03:04:05.678Z',
      properties: { accountId, revenue: 99, currency: 'USD', order_id: 'S-1' },
      context: { groupId: 'ignored-when-properties-name-the-account' },
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { index: 0, type: 'track', status: 'accepted', eventIds: [expect.any(String)] },
    ]);
    const [event] = await eventsOf(accountId, userId);
    expect(event).toMatchObject({
      id: res.body.results[0].eventIds[0],
      key: 'purchase',
      fields: { accountId, revenue: 99, currency: 'USD', order_id: 'S-1' },
    });
    expect(event.date_triggered.toISOString()).toBe('2026-01-02T03:04:05.678Z');
  });

  test('a messageId that fits the key format is the idempotency key: a repeat is a duplicate, stored once', async () => {
    const userId = uid('seg-user');
    await send({ type: 'identify', userId });
    const message = { type: 'track', event: 'signup', userId, messageId: `ajs-${crypto.randomUUID()}` };
    const first = await send(message);
    const again = await send(message);
    expect(again.status).toBe(200);
    expect(again.body.results[0]).toEqual({
      index: 0,
      type: 'track',
      status: 'duplicate',
      eventIds: first.body.results[0].eventIds,
    });
    expect(await eventsOf(userId, userId)).toHaveLength(1);
    expect(
      (await api.gw.deps.db('idempotency_keys').where({ tenant_id: api.tenantId, key: message.messageId }))
        .length,
    ).toBe(1);
  });

  test('a messageId that does not fit is ignored: the event is logged without idempotency', async () => {
    const userId = uid('seg-user');
    await send({ type: 'identify', userId });
    for (const messageId of ['short', 'has spaces in it', 'x'.repeat(65)]) {
      const message = { type: 'track', event: 'view', userId, messageId };
      expect((await send(message)).body.results[0].status).toBe('accepted');
      expect((await send(message)).body.results[0].status).toBe('accepted');
    }
    const rows = await eventsOf(userId, userId);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.idempotency_key === null)).toBe(true);
  });
});

test('a batch is applied in order, each message on its own, with a result per message', async () => {
  const userId = uid('seg-user');
  const ghost = uid('seg-ghost');
  const res = await send({
    batch: [
      { type: 'identify', userId, traits: { firstName: 'Batch' } },
      { type: 'track', event: 'first', userId },
      { type: 'page', name: 'Home', userId },
      { type: 'track', event: 'lost', userId: ghost },
      { type: 'track', userId },
      { type: 'identify', userId: uid('bad'), traits: { email: 'not-an-email' } },
      'not even an object',
    ],
  });
  expect(res.status).toBe(200);
  expect(res.body.results).toEqual([
    { index: 0, type: 'identify', status: 'accepted' },
    { index: 1, type: 'track', status: 'accepted', eventIds: [expect.any(String)] },
    { index: 2, type: 'page', status: 'ignored' },
    {
      index: 3,
      type: 'track',
      status: 'rejected',
      apiErrorCode: 'USER_NOT_FOUND',
      message: expect.any(String),
    },
    {
      index: 4,
      type: 'track',
      status: 'rejected',
      apiErrorCode: 'VALIDATION_FAILED',
      message: expect.any(String),
      validationErrors: [expect.objectContaining({ path: 'event' })],
    },
    expect.objectContaining({
      index: 5,
      type: 'identify',
      status: 'rejected',
      apiErrorCode: 'VALIDATION_FAILED',
    }),
    expect.objectContaining({ index: 6, status: 'rejected', apiErrorCode: 'VALIDATION_FAILED' }),
  ]);
  expect(await eventsOf(userId, userId)).toHaveLength(1);
  expect(await eventsOf(ghost, ghost)).toHaveLength(0);
});

describe('the request as a whole', () => {
  test('needs the tenant API key', async () => {
    const res = await fetch(`${api.gw.api(api.tenant.alias)}/integrations/segment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'page' }),
    });
    expect(res.status).toBe(401);
  });

  test.each([
    ['an array', [{ type: 'track' }]],
    ['an empty batch', { batch: [] }],
    ['a batch of 1,001', { batch: Array.from({ length: 1001 }, () => ({ type: 'page' })) }],
    ['a message without a type', { event: 'x' }],
  ])('%s is 400 VALIDATION_FAILED', async (_name, body) => {
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(res.body.apiErrorCode).toBe('VALIDATION_FAILED');
  });
});
