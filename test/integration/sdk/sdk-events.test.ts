/**
 * Event logging through the server SDK against the real gateway: APPLIED, a used key answering
 * ALREADY_APPLIED with the first receipt's event ids, generated UUID v4 keys, the GraphQL batch, and a
 * retried call across a gateway stopped and started again on the same port storing its events once.
 */
import type { Config } from '../../../shared/config';
import type { RunningWorker } from '../../../services/worker/worker';
import { ReferralClient, type RetryInfo } from '../../../clients/sdk/src/index';
import {
  createTestTenant,
  startTestGateway,
  startTestWorker,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';
import { uid } from '../../helpers/referrals';
import { expectApiError } from '../../helpers/sdk';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let config: Config;
let worker: RunningWorker;
let gw: TestGateway;
let tenant: { alias: string; apiKey: string; id: string };
let client: ReferralClient;

beforeAll(async () => {
  config = testConfig();
  worker = await startTestWorker(config);
  gw = await startTestGateway({ config });
  const issued = await createTestTenant(gw.deps.db, 'sdkev');
  const { id } = await gw.deps.db('tenants').where({ alias: issued.alias }).first('id');
  tenant = { alias: issued.alias, apiKey: issued.apiKey, id };
  client = clientWith({ maxRetries: 0 });
});
afterAll(async () => {
  await gw?.close();
  await worker?.close();
});

function clientWith(options: ConstructorParameters<typeof ReferralClient>[1]): ReferralClient {
  return new ReferralClient({ baseUrl: gw.url, tenantAlias: tenant.alias, apiKey: tenant.apiKey }, options);
}

async function newUser() {
  return client.identify(uid('acct'), uid('user'));
}

/** Events stored for the tenant under a key, and all of a user's events. */
async function storedWithKey(key: string): Promise<string[]> {
  const rows = await gw.deps
    .db('user_events')
    .where({ tenant_id: tenant.id, idempotency_key: key })
    .select('id');
  return rows.map((r: { id: string }) => r.id).sort();
}

const purchase = (n: number) => ({
  key: 'purchase',
  fields: { revenue: n, currency: 'USD', order_id: `o-${n}` },
});

describe('logUserEvents', () => {
  test('APPLIED, then the same key answers ALREADY_APPLIED with the first receipt’s event ids', async () => {
    const user = await newUser();
    const key = `key-${uid('k')}`;
    const input = {
      accountId: user.accountId,
      userId: user.id,
      idempotencyKey: key,
      events: [purchase(1), purchase(2)],
    };
    const first = await client.logUserEvents(input);
    if (first.status !== 'APPLIED') throw new Error(`expected APPLIED, got ${first.status}`);
    expect(first).toMatchObject({ idempotencyKey: key, accountId: user.accountId, userId: user.id });
    expect(first.events.map((e) => e.fields)).toEqual([purchase(1).fields, purchase(2).fields]);
    expect(first.eventIds).toEqual(first.events.map((e) => e.id));

    const again = await client.logUserEvents({ ...input, events: [purchase(3)] });
    expect(again).toEqual({
      status: 'ALREADY_APPLIED',
      idempotencyKey: key,
      eventIds: first.eventIds,
      message: expect.stringContaining('already used'),
      requestId: expect.any(String),
    });
    expect(await storedWithKey(key)).toEqual([...first.eventIds].sort());
  });

  test('autoIdempotencyKeys: a fresh UUID v4 per call, sent and stored; null sends none', async () => {
    const user = await newUser();
    const auto = clientWith({ maxRetries: 0, autoIdempotencyKeys: true });
    const input = { accountId: user.accountId, userId: user.id, events: [purchase(7)] };
    const a = await auto.logUserEvents(input);
    const b = await auto.logUserEvents(input);
    expect(a.idempotencyKey).toMatch(UUID_V4);
    expect(b.idempotencyKey).toMatch(UUID_V4);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(a.status === 'APPLIED' && b.status === 'APPLIED').toBe(true);
    expect(await storedWithKey(a.idempotencyKey!)).toEqual(a.eventIds);
    const none = await auto.logUserEvents({ ...input, idempotencyKey: null });
    expect(none.idempotencyKey).toBeNull();
    const row = await gw.deps.db('user_events').where({ tenant_id: tenant.id, id: none.eventIds[0] }).first();
    expect(row.idempotency_key).toBeNull();
  });

  test('validation errors name the field; an unknown user is 404 USER_NOT_FOUND', async () => {
    const user = await newUser();
    const base = { accountId: user.accountId, userId: user.id };
    await expectApiError(client.logUserEvents({ ...base, events: [] }), 400, 'VALIDATION_FAILED', 'events');
    await expectApiError(
      client.logUserEvents({ ...base, idempotencyKey: 'short', events: [purchase(1)] }),
      400,
      'VALIDATION_FAILED',
      'idempotencyKey',
    );
    await expectApiError(
      client.logUserEvents({ ...base, events: [{ key: '' }] }),
      400,
      'VALIDATION_FAILED',
      'events.0.key',
    );
    await expectApiError(
      client.logUserEvents({ accountId: uid('acct'), userId: uid('nobody'), events: [purchase(1)] }),
      404,
      'USER_NOT_FOUND',
    );
  });
});

describe('logUserEventsBatch (GraphQL)', () => {
  test('several users under one key; the key again is ALREADY_APPLIED; bad input names the field', async () => {
    const [u1, u2] = [await newUser(), await newUser()];
    const key = `batch-${uid('k')}`;
    const inputs = [
      { accountId: u1.accountId, userId: u1.id, events: [purchase(1)] },
      { accountId: u2.accountId, userId: u2.id, events: [purchase(2), purchase(3)] },
    ];
    const first = await client.logUserEventsBatch(inputs, { idempotencyKey: key });
    if (first.status !== 'APPLIED') throw new Error(`expected APPLIED, got ${first.status}`);
    expect(first.results.map((r) => [r.userId, r.events.length])).toEqual([
      [u1.id, 1],
      [u2.id, 2],
    ]);
    expect(first.eventIds).toHaveLength(3);
    const again = await client.logUserEventsBatch(inputs, { idempotencyKey: key });
    expect(again).toMatchObject({ status: 'ALREADY_APPLIED', idempotencyKey: key, eventIds: first.eventIds });
    expect(await storedWithKey(key)).toEqual([...first.eventIds].sort());

    await expectApiError(
      client.logUserEventsBatch([{ accountId: u1.accountId, userId: u1.id, events: [] }]),
      400,
      'VALIDATION_FAILED',
      'userEventInput.0.events',
    );
    await expectApiError(
      client.logUserEventsBatch([{ accountId: uid('a'), userId: uid('nobody'), events: [purchase(1)] }]),
      404,
      'USER_NOT_FOUND',
    );
  });
});

describe('a retried call across a gateway restart', () => {
  test('the answer is lost after the commit, the gateway goes down and comes back: events stored once', async () => {
    const user = await newUser();
    const port = Number(new URL(gw.url).port);
    const key = `restart-${uid('k')}`;
    const retries: RetryInfo[] = [];
    const seen: { attempt: number; status?: number; error?: string }[] = [];
    let committedIds: string[] = [];

    // Attempt 1 reaches the gateway, which commits; its answer is then lost and the gateway stopped.
    // Attempt 2 finds nobody listening (a real connection failure); the gateway is started again on the
    // same port before attempt 3, which finds the key used.
    const lossyFetch: typeof fetch = async (input, init) => {
      const attempt = seen.length + 1;
      seen.push({ attempt });
      if (attempt === 1) {
        const res = await fetch(input, init);
        committedIds = ((await res.json()) as { events: { id: string }[] }).events.map((e) => e.id);
        seen[0]!.status = res.status;
        await gw.close();
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
        });
      }
      try {
        const res = await fetch(input, init);
        seen[attempt - 1]!.status = res.status;
        return res;
      } catch (err) {
        seen[attempt - 1]!.error = String((err as { cause?: { code?: string } }).cause?.code ?? err);
        gw = await startTestGateway({ config, port });
        throw err;
      }
    };
    const retrying = clientWith({
      fetch: lossyFetch,
      maxRetries: 5,
      retryBaseMs: 50,
      onRetry: (i) => retries.push(i),
    });
    const outcome = await retrying.logUserEvents({
      accountId: user.accountId,
      userId: user.id,
      idempotencyKey: key,
      events: [purchase(10), purchase(11)],
    });

    expect(seen).toEqual([
      { attempt: 1, status: 200 },
      // Nobody listens; undici may first try the socket the old gateway closed.
      { attempt: 2, error: expect.stringMatching(/^(ECONNREFUSED|ECONNRESET|UND_ERR_SOCKET)$/) },
      { attempt: 3, status: 409 },
    ]);
    expect(retries.map((r) => [r.attempt, r.reason, r.operation])).toEqual([
      [1, 'network', 'logUserEvents'],
      [2, 'network', 'logUserEvents'],
    ]);
    expect(committedIds).toHaveLength(2);
    expect(outcome).toMatchObject({ status: 'ALREADY_APPLIED', idempotencyKey: key, eventIds: committedIds });
    expect(await storedWithKey(key)).toEqual([...committedIds].sort());
    const forUser = await gw.deps
      .db('user_events')
      .where({ tenant_id: tenant.id, user_id: user.id })
      .count('* as n');
    expect(Number(forUser[0]!.n)).toBe(2);
  });

  test('without a key the same lost answer is not retried: the caller gets NetworkError', async () => {
    const user = await newUser();
    let calls = 0;
    const lossyFetch: typeof fetch = async (input, init) => {
      calls += 1;
      await (await fetch(input, init)).arrayBuffer();
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }),
      });
    };
    const once = clientWith({ fetch: lossyFetch, maxRetries: 5, retryBaseMs: 1 });
    await expect(
      once.logUserEvents({ accountId: user.accountId, userId: user.id, events: [purchase(1)] }),
    ).rejects.toMatchObject({ name: 'NetworkError', message: expect.stringContaining('ECONNRESET') });
    expect(calls).toBe(1);
  });
});
