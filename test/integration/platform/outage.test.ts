/**
 * Database outages answer 503 SERVICE_UNAVAILABLE with Retry-After, never 500, on REST, GraphQL and
 * readiness (the gateway's and the worker's). The outages are real: PostgreSQL behind a TCP proxy that
 * the test cuts (connections refused, or dropped as they open) and restores, and backends terminated by
 * an administrator (pg_terminate_backend, SQLSTATE 57P01) in the middle of a request. Afterwards the same
 * requests succeed again, and every write that was acknowledged is in the database.
 */
import crypto from 'node:crypto';
import { RETRY_AFTER_SECONDS } from '../../../shared/db/db-errors';
import { createDb, type Db } from '../../../shared/db/knex';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import type { RunningWorker } from '../../../services/worker/worker';
import {
  basic,
  createTestTenant,
  eventually,
  keyUsesRecorded,
  startTestGateway,
  startTestWorker,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';
import { startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy';

type Json = Record<string, any>;
const directUrl = () => process.env.TEST_DATABASE_URL!;
const RETRY_AFTER = String(RETRY_AFTER_SECONDS);

let admin: Db;
let proxy: TcpProxy;
beforeAll(async () => {
  admin = createDb({ url: directUrl(), poolMax: 3 });
  const { hostname, port } = new URL(directUrl());
  proxy = await startTcpProxy({ host: hostname, port: Number(port || 5432) });
});
// A failed test must not leave the next one in an outage.
afterEach(() => proxy.restore());
afterAll(async () => {
  await proxy.close();
  await admin.destroy();
});

/** A gateway whose request pool goes through the proxy, with an application_name of its own. */
async function gatewayBehindProxy(options: { listenerToo: boolean }) {
  const appName = `outage-${crypto.randomBytes(4).toString('hex')}`;
  const proxied = proxy.via(directUrl());
  const config = testConfig(options.listenerToo ? { DATABASE_URL: proxied } : {});
  const db = createDb({ url: proxied, poolMax: 5, applicationName: appName });
  return { gw: await startTestGateway({ config, db }), appName };
}

async function send(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  const text = await res.text();
  let json: Json | undefined;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

type Sent = Awaited<ReturnType<typeof send>>;

/** The outage answer on REST: 503 in the standard error body, Retry-After, nothing internal shown. */
function expectOutageAnswer(res: Sent) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe(RETRY_AFTER);
  expect(res.json).toEqual({
    statusCode: 503,
    apiErrorCode: 'SERVICE_UNAVAILABLE',
    message: 'The database is temporarily unavailable; retry later',
    requestId: res.headers.get('x-request-id'),
  });
}

/** /healthz answers; /readyz says whether PostgreSQL is reachable (its result is cached for a second). */
async function expectAlive(gw: TestGateway, ready: boolean) {
  expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
  let readyz: Sent | undefined;
  await eventually(`/readyz is ${ready ? 200 : 503}`, async () => {
    readyz = await send(`${gw.url}/readyz`);
    return readyz.status === (ready ? 200 : 503);
  });
  if (!ready) {
    expect(readyz!.headers.get('retry-after')).toBe(RETRY_AFTER);
    expect(readyz!.json).toMatchObject({
      apiErrorCode: 'SERVICE_UNAVAILABLE',
      checks: { postgres: 'unavailable', temporal: 'ok' },
    });
  }
}

describe('PostgreSQL down, restarting or dropping connections: the gateway answers 503, then recovers', () => {
  let gw: TestGateway;
  let appName: string;
  let tenant: IssuedKey & { id: string };
  beforeAll(async () => {
    ({ gw, appName } = await gatewayBehindProxy({ listenerToo: true }));
    const issued = await createTestTenant(admin, 'outage');
    const row = (await admin('tenants').where({ alias: issued.alias }).first('id')) as { id: string };
    tenant = { ...issued, id: row.id };
  });
  afterAll(() => gw.close());

  const identify = (id: string, firstName: string) =>
    send(`${gw.api(tenant.alias)}/open/account/acc-${id}/user/${id}`, {
      method: 'PUT',
      headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({ firstName }),
    });

  async function storedFirstName(id: string): Promise<string | undefined> {
    const row = (await admin('users')
      .where({ tenant_id: tenant.id, account_id: `acc-${id}`, id })
      .first('first_name')) as { first_name: string | null } | undefined;
    return row?.first_name ?? undefined;
  }

  test.each([
    ['refused (server down or restarting)', 'refuse'],
    ['dropped as they open (a proxy lost its backend)', 'reset'],
  ] as const)(
    'connections %s under a stream of writes: only 200 or 503 + Retry-After, no acknowledged write lost',
    async (_name, mode) => {
      const outcomes: { id: string; res: Sent }[] = [];
      let stop = false;
      let seq = 0;
      const writer = async () => {
        while (!stop) {
          const id = `${mode}-${(seq += 1)}`;
          outcomes.push({ id, res: await identify(id, `name ${id}`) });
        }
      };
      const writers = Promise.all([writer(), writer(), writer()]);
      try {
        await eventually('writes are acknowledged', async () => outcomes.some((o) => o.res.status === 200));
        await keyUsesRecorded(admin, [tenant.alias]);

        await proxy.cut(mode);
        const cutAt = outcomes.length;
        await eventually('writes meet the outage', async () =>
          outcomes.slice(cutAt).some((o) => o.res.status === 503),
        );
        await expectAlive(gw, false);

        await proxy.restore();
        const restoredAt = outcomes.length;
        await eventually('writes are acknowledged again', async () =>
          outcomes.slice(restoredAt).some((o) => o.res.status === 200),
        );
      } finally {
        stop = true;
        await writers;
      }

      for (const { res } of outcomes) {
        if (res.status === 200) continue;
        expectOutageAnswer(res);
      }
      const acknowledged = outcomes.filter((o) => o.res.status === 200);
      for (const { id } of acknowledged) expect(await storedFirstName(id)).toBe(`name ${id}`);
      await expectAlive(gw, true);
    },
  );

  test('a backend terminated by an administrator mid-request (57P01) is a 503; the retry succeeds', async () => {
    expect((await identify('locked', 'before')).status).toBe(200);
    // Hold the account's row lock so the request waits inside its transaction, then terminate it.
    const trx = await admin.transaction();
    try {
      await trx.raw('select 1 from accounts where tenant_id = ? and id = ? for update', [
        tenant.id,
        'acc-locked',
      ]);
      const pending = identify('locked', 'during');
      await eventually('the request waits on the lock', async () => {
        const { rows } = await admin.raw<{ rows: unknown[] }>(
          "select 1 from pg_stat_activity where application_name = ? and wait_event_type = 'Lock'",
          [appName],
        );
        return rows.length > 0;
      });
      const { rows: terminated } = await admin.raw<{ rows: unknown[] }>(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = ?',
        [appName],
      );
      expect(terminated.length).toBeGreaterThan(0);
      expectOutageAnswer(await pending);
    } finally {
      await trx.rollback();
    }
    expect(await storedFirstName('locked')).toBe('before');
    expect((await identify('locked', 'after')).status).toBe(200);
    expect(await storedFirstName('locked')).toBe('after');
    await expectAlive(gw, true);
  });
});

describe('GraphQL meets the outage in a resolver (authentication served from the cache)', () => {
  let gw: TestGateway;
  let tenant: IssuedKey;
  beforeAll(async () => {
    // The cache's LISTEN connection goes straight to PostgreSQL and stays up; only the pool is cut.
    ({ gw } = await gatewayBehindProxy({ listenerToo: false }));
    tenant = await createTestTenant(admin, 'outage_gql');
  });
  afterAll(() => gw.close());

  const query = () =>
    send(`${gw.api(tenant.alias)}/graphql`, {
      method: 'POST',
      headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ tenant { alias } }' }),
    });

  test('HTTP 503 with Retry-After and extensions.code SERVICE_UNAVAILABLE; 200 after the restore', async () => {
    const before = await query();
    expect(before.status).toBe(200);
    expect(before.json).toEqual({ data: { tenant: { alias: tenant.alias } } });
    // The key's first use is recorded after its answer (apiKey.new_address): not across the cut.
    await keyUsesRecorded(admin, [tenant.alias]);
    // Served again just before the cut, so the tenant and its key are in the cache whatever the wait took.
    expect((await query()).status).toBe(200);

    await proxy.cut('reset');
    try {
      const during = await query();
      expect(during.status).toBe(503);
      expect(during.headers.get('retry-after')).toBe(RETRY_AFTER);
      expect(during.json!.data).toBeNull();
      expect(during.json!.errors).toEqual([
        expect.objectContaining({
          message: 'The database is temporarily unavailable; retry later',
          path: ['tenant'],
          extensions: { code: 'SERVICE_UNAVAILABLE' },
        }),
      ]);
      expect(during.text).not.toMatch(/terminated|select|ECONN/i);
      // A REST read of the same tenant on the same gateway: the standard error body.
      expectOutageAnswer(
        await send(`${gw.api(tenant.alias)}/open/account/nobody/user/nobody`, {
          headers: { authorization: basic(tenant.apiKey) },
        }),
      );
      await expectAlive(gw, false);
    } finally {
      await proxy.restore();
    }
    await eventually('GraphQL answers again', async () => (await query()).status === 200);
    expect((await query()).json).toEqual({ data: { tenant: { alias: tenant.alias } } });
    await expectAlive(gw, true);
  });
});

describe("the worker's readiness", () => {
  let worker: RunningWorker;
  beforeAll(async () => {
    worker = await startTestWorker(testConfig({ DATABASE_URL: proxy.via(directUrl()) }));
  });
  afterAll(() => worker.close());

  const probe = (path: string) => send(`http://127.0.0.1:${worker.httpPort}${path}`);

  test('/readyz is 503 with Retry-After while PostgreSQL refuses connections, 200 before and after', async () => {
    expect(await probe('/readyz')).toMatchObject({ status: 200, json: { status: 'ready' } });
    await proxy.cut('refuse');
    try {
      const down = await probe('/readyz');
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe(RETRY_AFTER);
      expect(down.json).toEqual({
        statusCode: 503,
        message: 'Not ready: postgres unreachable',
        apiErrorCode: 'SERVICE_UNAVAILABLE',
        checks: { postgres: 'unavailable' },
      });
      expect(await probe('/healthz')).toMatchObject({ status: 200, json: { status: 'ok' } });
    } finally {
      await proxy.restore();
    }
    expect(await probe('/readyz')).toMatchObject({ status: 200, json: { status: 'ready' } });
  });

  test('unknown paths and methods get the standard error body', async () => {
    expect(await probe('/nope')).toMatchObject({ status: 404, json: { apiErrorCode: 'NOT_FOUND' } });
    const post = await send(`http://127.0.0.1:${worker.httpPort}/readyz`, { method: 'POST' });
    expect(post).toMatchObject({ status: 405, json: { apiErrorCode: 'METHOD_NOT_ALLOWED' } });
  });
});
