/**
 * The gateway cache with several gateways on one database, as replicas run: changes made through one
 * gateway (or straight in PostgreSQL, like the CLI) reach the others' caches over LISTEN/NOTIFY, and a
 * gateway whose listener connection is lost serves uncached until it is LISTENing again.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { Client } from 'pg';
import { CACHE_INVALIDATION_CHANNEL } from '../../../shared/db/notify';
import { LISTENER_APPLICATION_NAME } from '../../../shared/cache/invalidation-listener';
import { createDb } from '../../../shared/db/knex';
import { createTenant, rotateApiKey, type IssuedKey } from '../../../shared/domain/tenants/tenants';
import {
  eventually,
  basic,
  createTestTenant,
  startTestGateway,
  testConfig,
  uniqueAlias,
  type TestGateway,
} from '../../helpers/harness';

type Json = Record<string, any>;

async function call(gw: TestGateway, tenant: IssuedKey, method: string, path: string, body?: unknown) {
  const res = await fetch(`${gw.api(tenant.alias)}${path}`, {
    method,
    headers: {
      authorization: basic(tenant.apiKey),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

const codeOf = (gw: TestGateway, tenant: IssuedKey, code: string) => call(gw, tenant, 'GET', `/code/${code}`);
const uniqueCode = (prefix: string) => `${prefix}${crypto.randomBytes(4).toString('hex')}`.toUpperCase();
const cacheStats = (gw: TestGateway) => gw.deps.cache.stats();

let a: TestGateway;
let b: TestGateway;
let tenant: IssuedKey;
beforeAll(async () => {
  [a, b] = await Promise.all([startTestGateway(), startTestGateway()]);
  tenant = await createTestTenant(a.deps.db, 'cache');
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

/** A user with a share code through gateway A. */
async function codeOwner(body: Json = { firstName: 'Ada', lastName: 'Lovelace' }) {
  const accountId = `acct-${crypto.randomUUID()}`;
  const userId = `user-${crypto.randomUUID()}`;
  const res = await call(a, tenant, 'PUT', `/open/account/${accountId}/user/${userId}`, body);
  expect(res.status).toBe(200);
  return { accountId, userId, code: res.body.shareCode as string };
}

describe('across gateways', () => {
  test('a warm code lookup is served from memory', async () => {
    const { code } = await codeOwner();
    expect(cacheStats(b).enabled).toBe(true);
    const first = await codeOf(b, tenant, code.toLowerCase());
    expect(first).toMatchObject({ status: 200, body: { code, referrerName: 'Ada Lovelace' } });
    const before = cacheStats(b);
    expect(await codeOf(b, tenant, code)).toEqual(first);
    const after = cacheStats(b);
    expect(after.codes.loads).toBe(before.codes.loads);
    expect(after.codes.hits).toBe(before.codes.hits + 1);
    expect(after.tenants.loads).toBe(before.tenants.loads);
  });

  test('a rotated key is rejected by both gateways once it commits; the new key works on both', async () => {
    const t = await createTestTenant(a.deps.db, 'rot');
    const program = (gw: TestGateway, key: string) =>
      fetch(`${gw.api(t.alias)}/program`, { headers: { authorization: basic(key) } }).then((r) => r.status);
    for (const gw of [a, b]) {
      // The new tenant's own NOTIFY may reach a gateway after its first request cached the tenant (and
      // drop that entry), so wait until a request is answered from memory.
      await eventually('old key cached', async () => {
        const hits = cacheStats(gw).tenants.hits;
        expect(await program(gw, t.apiKey)).toBe(200);
        return cacheStats(gw).tenants.hits === hits + 1; // the old key is cached...
      });
    }
    const fresh = await rotateApiKey(a.deps.db, t.alias); // ...and revoked, as the CLI does
    for (const gw of [a, b]) {
      await eventually('old key rejected', async () => (await program(gw, t.apiKey)) === 401);
      expect(await program(gw, fresh.apiKey)).toBe(200);
      expect(await program(gw, t.apiKey)).toBe(401);
    }
  });

  test('a tenant created after its alias was refused is accepted', async () => {
    const alias = uniqueAlias('late');
    const status = (gw: TestGateway, key: string) =>
      fetch(`${gw.api(alias)}/program`, { headers: { authorization: basic(key) } }).then((r) => r.status);
    expect(await status(b, tenant.apiKey)).toBe(401);
    expect(await status(b, tenant.apiKey)).toBe(401);
    const created = await createTenant(a.deps.db, { alias });
    await eventually('new tenant accepted', async () => (await status(b, created.apiKey)) === 200);
  });

  test('a program change through one gateway shows in the other’s code lookups', async () => {
    const { code } = await codeOwner();
    expect((await codeOf(b, tenant, code)).body).toMatchObject({
      discountPercentage: 10,
      discountId: 'service_discount',
    });
    const patched = await call(a, tenant, 'PATCH', '/program', {
      referredDiscountPercent: 25,
      discountId: 'spring25',
    });
    expect(patched.status).toBe(200);
    await eventually('program change visible on B', async () => {
      const { body } = await codeOf(b, tenant, code);
      return body.discountPercentage === 25 && body.discountId === 'spring25';
    });
    // GraphQL's updateProgram goes through the same domain function and repo.
    const gql = await call(b, tenant, 'POST', '/graphql', {
      query: 'mutation { updateProgram(input: { discountId: "summer" }) { discountId } }',
    });
    expect(gql.body).toEqual({ data: { updateProgram: { discountId: 'summer' } } });
    await eventually('GraphQL change visible on A', async () => {
      const { body } = await codeOf(a, tenant, code);
      return body.discountId === 'summer' && body.discountPercentage === 25;
    });
  });

  test('an unknown code, cached as unknown, resolves once a user claims it', async () => {
    const code = uniqueCode('VIP');
    const missing = await codeOf(b, tenant, code);
    expect(missing).toMatchObject({ status: 404, body: { apiErrorCode: 'REFERRAL_CODE_NOT_FOUND' } });
    const loads = cacheStats(b).codes.loads;
    expect((await codeOf(b, tenant, code)).status).toBe(404);
    expect(cacheStats(b).codes.loads).toBe(loads); // the 404 came from memory

    await codeOwner({ shareCode: code.toLowerCase() });
    await eventually('claimed code found on B', async () => (await codeOf(b, tenant, code)).status === 200);
    expect((await codeOf(b, tenant, code)).body).toMatchObject({
      code: code.toLowerCase(),
      referrerName: null,
    });
  });

  test('a code generated from a new user’s name resolves after a cached 404', async () => {
    const last = crypto.randomBytes(4).toString('hex').replace(/[0-9]/g, 'x');
    const expected = `GRACE${last.toUpperCase()}`;
    expect((await codeOf(b, tenant, expected)).status).toBe(404);
    const { code } = await codeOwner({ firstName: 'Grace', lastName: last });
    expect(code).toBe(expected);
    await eventually('generated code found on B', async () => (await codeOf(b, tenant, code)).status === 200);
  });
});

describe('renaming a code owner', () => {
  let listener: Client;
  const payloads: string[] = [];
  let tenantId: string;
  beforeAll(async () => {
    tenantId = (await a.deps.db('tenants').where({ alias: tenant.alias }).first()).id as string;
    listener = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await listener.connect();
    listener.on('notification', (msg) => {
      if (msg.payload === `${tenantId}:codes`) payloads.push(msg.payload);
    });
    await listener.query(`listen ${CACHE_INVALIDATION_CHANNEL}`);
  });
  afterAll(() => listener?.end());

  test('updates referrerName on the other gateway; resending the same name notifies nobody', async () => {
    const owner = await codeOwner({ firstName: 'Ada', lastName: 'Lovelace' });
    const path = `/open/account/${owner.accountId}/user/${owner.userId}`;
    expect((await codeOf(b, tenant, owner.code)).body.referrerName).toBe('Ada Lovelace');
    payloads.length = 0;

    const same = await call(a, tenant, 'PUT', path, { firstName: 'Ada', lastName: 'Lovelace' });
    expect(same.status).toBe(200);
    const renamed = await call(a, tenant, 'PUT', path, { firstName: 'Augusta', lastName: 'Lovelace' });
    expect(renamed.body).toMatchObject({ firstName: 'Augusta', shareCode: owner.code });

    await eventually('rename visible on B', async () => {
      return (await codeOf(b, tenant, owner.code)).body.referrerName === 'Augusta Lovelace';
    });
    // Notifications arrive in commit order, so the unchanged name would have been notified first.
    await eventually('rename notified', async () => payloads.length > 0);
    expect(payloads).toEqual([`${tenantId}:codes`]);
  });
});

/**
 * A TCP proxy to PostgreSQL that can refuse new connections, to keep a listener from reconnecting, and
 * hold back what the server sends, to delay a listener's notifications.
 */
async function startPgProxy(target: URL) {
  let refusing = false;
  const open = new Set<net.Socket>();
  const upstreams = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const close = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
    };
    open.add(client);
    upstreams.add(upstream);
    upstream.on('close', () => upstreams.delete(upstream));
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    refuse(value: boolean) {
      refusing = value;
    },
    hold(value: boolean) {
      for (const upstream of upstreams) {
        if (value) upstream.pause();
        else upstream.resume();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A gateway whose invalidation listener connects through a proxy, and queries go straight to PostgreSQL. */
async function gatewayWithProxiedListener() {
  const dbUrl = new URL(process.env.TEST_DATABASE_URL!);
  const proxy = await startPgProxy(dbUrl);
  const gw = await startTestGateway({
    config: testConfig({ DATABASE_URL: proxy.url }),
    db: createDb({ url: dbUrl.toString(), poolMax: 5 }),
  });
  return { gw, proxy };
}

describe('read your own writes', () => {
  test('the gateway that makes a change answers with it at once, before its own NOTIFY arrives', async () => {
    const { gw: c, proxy } = await gatewayWithProxiedListener();
    try {
      const { code, accountId, userId } = await codeOwner();
      const discountId = async () => (await codeOf(c, tenant, code)).body.discountId as string;
      await discountId();
      const warm = cacheStats(c);
      await discountId();
      expect(cacheStats(c).codes.hits).toBe(warm.codes.hits + 1);

      proxy.hold(true); // the listener hears nothing until released
      expect((await call(c, tenant, 'PATCH', '/program', { discountId: 'own-rest' })).status).toBe(200);
      expect(await discountId()).toBe('own-rest');
      const gql = await call(c, tenant, 'POST', '/graphql', {
        query: 'mutation { updateProgram(input: { discountId: "own-graphql" }) { discountId } }',
      });
      expect(gql.body).toEqual({ data: { updateProgram: { discountId: 'own-graphql' } } });
      expect(await discountId()).toBe('own-graphql');
      // A query changes nothing, and logging user events (the hot path) changes nothing cached: neither
      // drops anything.
      const before = cacheStats(c).invalidations;
      await call(c, tenant, 'POST', '/graphql', { query: '{ program { discountId } }' });
      const logged = await call(c, tenant, 'POST', '/graphql', {
        query: `mutation { logUserEvent(userEventInput: { accountId: "${accountId}", userId: "${userId}",
          events: [{ key: "visit" }] }) { userId } }`,
      });
      expect(logged.body.errors).toBeUndefined();
      expect(cacheStats(c).invalidations).toBe(before);
      proxy.hold(false);
    } finally {
      await c.close();
      await proxy.close();
    }
  });
});

describe('losing the listener connection', () => {
  test('the cache is dropped and bypassed, then rebuilt after reconnecting; answers stay right', async () => {
    const { gw: c, proxy } = await gatewayWithProxiedListener();
    try {
      const { code } = await codeOwner();
      const discountId = async () => (await codeOf(c, tenant, code)).body.discountId as string;
      await discountId();
      const warm = cacheStats(c);
      await discountId();
      expect(cacheStats(c).codes.hits).toBe(warm.codes.hits + 1);

      proxy.refuse(true);
      const { backendPid, connects } = c.cacheListener!.status();
      expect(backendPid).toEqual(expect.any(Number));
      const killed = await a.deps.db.raw(
        'select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = ? and pid = ?',
        [LISTENER_APPLICATION_NAME, backendPid!],
      );
      expect(killed.rows).toEqual([{ killed: true }]);
      await eventually('listener loss noticed', async () => c.cacheListener!.status().losses === 1);
      expect(c.cacheListener!.status().connected).toBe(false);

      // Uncached while nobody listens: a change nobody is told about is still seen at once.
      const down = cacheStats(c);
      expect(down).toMatchObject({ enabled: false, codes: { size: 0 }, tenants: { size: 0 } });
      expect((await call(a, tenant, 'PATCH', '/program', { discountId: 'outage' })).status).toBe(200);
      expect(await discountId()).toBe('outage');
      const bypassing = cacheStats(c);
      expect(bypassing.codes.bypassed).toBe(down.codes.bypassed + 1);
      expect(bypassing.tenants.bypassed).toBeGreaterThan(down.tenants.bypassed);
      expect(bypassing.codes.hits).toBe(down.codes.hits);

      proxy.refuse(false);
      await eventually(
        'listener reconnected',
        async () => c.cacheListener!.status().connects === connects + 1,
      );
      expect(cacheStats(c).enabled).toBe(true);
      expect(await discountId()).toBe('outage');
      const rebuilt = cacheStats(c);
      expect(await discountId()).toBe('outage');
      expect(cacheStats(c).codes.hits).toBe(rebuilt.codes.hits + 1);

      expect((await call(a, tenant, 'PATCH', '/program', { discountId: 'restored' })).status).toBe(200);
      await eventually('notifications flow again', async () => (await discountId()) === 'restored');
    } finally {
      await c.close();
      await proxy.close();
    }
  });
});
