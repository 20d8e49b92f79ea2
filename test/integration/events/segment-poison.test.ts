/**
 * Poison never blocks a Segment batch: a message that fails because of its own content is `rejected`
 * with its 4xx code and the batch goes on. Only an infrastructure failure fails the request, and then the
 * answer says which messages were applied and which were not; retrying the batch finishes it.
 */
import crypto from 'node:crypto';
import { createDb } from '../../../shared/db/knex';
import { CONTROL, NUL, SURROGATE } from '../../helpers/bad-input';
import {
  basic,
  createTestTenant,
  startTestGateway,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';

type Json = Record<string, any>;

function segment(gw: TestGateway, tenant: { alias: string; apiKey: string }, batch: Json[]) {
  return fetch(`${gw.api(tenant.alias)}/integrations/segment`, {
    method: 'POST',
    headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
    body: JSON.stringify({ batch }),
  });
}

const id = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString('hex')}`;
const identify = (userId: string, traits: Json = {}) => ({
  type: 'identify',
  userId,
  traits: { accountId: 'acct-1', ...traits },
});
const track = (userId: string, extra: Json = {}) => ({
  type: 'track',
  userId,
  event: 'purchase',
  messageId: id('msg-0000'),
  context: { groupId: 'acct-1' },
  ...extra,
});

describe('content failures are rejected one by one', () => {
  let gw: TestGateway;
  let tenant: { alias: string; apiKey: string };
  beforeAll(async () => {
    gw = await startTestGateway();
    tenant = await createTestTenant(gw.deps.db, 'poison');
  });
  afterAll(() => gw.close());

  test('poison messages between good ones', async () => {
    const user = id('user');
    const batch = [
      identify(user, { firstName: 'Ada' }),
      track(user, { properties: { note: NUL } }),
      track(user, { properties: { [SURROGATE]: 1 } }),
      identify(id('user'), { firstName: NUL }),
      track(CONTROL),
      track(user, { context: { groupId: NUL } }),
      track(id('never-identified')),
      track(user, { properties: { amountCents: 1200 } }),
    ];
    const res = await segment(gw, tenant, batch);
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as Json;
    const rejected = (index: number, type: string, path: string) =>
      expect.objectContaining({
        index,
        type,
        status: 'rejected',
        apiErrorCode: 'VALIDATION_FAILED',
        validationErrors: [expect.objectContaining({ path })],
      });
    expect(results).toEqual([
      { index: 0, type: 'identify', status: 'accepted' },
      rejected(1, 'track', 'properties'),
      rejected(2, 'track', 'properties'),
      rejected(3, 'identify', 'traits.firstName'),
      rejected(4, 'track', 'userId'),
      rejected(5, 'track', 'context.groupId'),
      expect.objectContaining({ index: 6, status: 'rejected', apiErrorCode: 'USER_NOT_FOUND' }),
      { index: 7, type: 'track', status: 'accepted', eventIds: [expect.any(String)] },
    ]);
    const events = await gw.deps.db('user_events').where({ account_id: 'acct-1', user_id: user });
    expect(events.map((e: Json) => e.fields)).toEqual([{ amountCents: 1200 }]);
    expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${gw.url}/readyz`)).status).toBe(200);
  });
});

describe('an infrastructure failure fails the request, and says what was not applied', () => {
  const config = testConfig({ DATABASE_POOL_MAX: '1' });
  const db = createDb({ url: config.databaseUrl, poolMax: 1 });
  const schema = `poison_${crypto.randomBytes(4).toString('hex')}`;
  let gw: TestGateway;
  let tenant: { alias: string; apiKey: string };
  beforeAll(async () => {
    gw = await startTestGateway({ config, db });
    tenant = await createTestTenant(db, 'outage');
  });
  afterAll(async () => {
    await db.raw('set search_path to public');
    await db.raw(`drop schema if exists ${schema} cascade`);
    await gw.close();
  });

  test('events cannot be written: the messages before are applied, the rest reported, a retry finishes', async () => {
    const [first, second] = [id('user'), id('user')];
    const batch = [identify(first), track(first, { messageId: id('msg-retry') }), identify(second)];
    // This gateway's only connection now resolves user_events to a table without its columns.
    await db.raw(`create schema ${schema}`);
    await db.raw(`create table ${schema}.user_events (id uuid)`);
    await db.raw(`set search_path to ${schema}, public`);

    const res = await segment(gw, tenant, batch);
    const body = (await res.json()) as Json;
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(body).toMatchObject({
      statusCode: res.status,
      failedIndex: 1,
      notApplied: 2,
      results: [{ index: 0, type: 'identify', status: 'accepted' }],
    });
    expect(body.message).toMatch(/messages 1 to 2 were not applied/);
    expect(JSON.stringify(body)).not.toMatch(/user_events|column|select|insert/i);
    const userRow = (userId: string) =>
      db('public.users').where({ account_id: 'acct-1', id: userId }).first();
    expect(await userRow(first)).toBeDefined();
    expect(await userRow(second)).toBeUndefined();

    await db.raw('set search_path to public');
    const retried = await segment(gw, tenant, batch);
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as Json).results.map((r: Json) => r.status)).toEqual([
      'accepted',
      'accepted',
      'accepted',
    ]);
    expect(await userRow(second)).toBeDefined();
    const again = (await (await segment(gw, tenant, batch)).json()) as Json;
    expect(again.results[1]).toMatchObject({ status: 'duplicate' });
  });
});
