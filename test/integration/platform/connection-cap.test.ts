/**
 * A connection flood cannot hide a gateway from its probes. Once MAX_CONNECTIONS connections are
 * admitted, API requests on any other connection are answered 503 at once (Retry-After) while /healthz,
 * /readyz and /metrics are still served; and readiness checks PostgreSQL on a connection of its own, so a request pool that is busy to
 * the last connection does not make a healthy gateway look unready.
 */
import http from 'node:http';
import net from 'node:net';
import { startGateway } from '../../../services/gateway/gateway';
import { createDb, type Db } from '../../../shared/db/knex';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import {
  basic,
  createTestTenant,
  eventually,
  startTestGateway,
  testConfig,
  testLogger,
  type TestGateway,
} from '../../helpers/harness';

type Reply = { status: number; headers: http.IncomingHttpHeaders; json: Record<string, any> | undefined };

/** GET on a connection of its own (no pooled keep-alive connection from before the flood). */
function getFresh(url: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: Record<string, any> | undefined;
        try {
          json = JSON.parse(text) as Record<string, any>;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode!, headers: res.headers, json });
      });
    });
    req.on('error', reject);
  });
}

/**
 * Opens `count` keep-alive connections that each send `request` once and stay open; resolves with the
 * sockets and the status each got.
 */
function openClients(
  port: number,
  count: number,
  request: string,
): Promise<{ socket: net.Socket; status: number }[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<{ socket: net.Socket; status: number }>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
          socket.once('data', (chunk: Buffer) => {
            resolve({ socket, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1]) });
          });
          socket.on('error', reject);
        }),
    ),
  );
}

describe('MAX_CONNECTIONS', () => {
  const CAP = 40;
  const FLOOD = 300;
  let gw: TestGateway;
  let tenant: IssuedKey;
  beforeAll(async () => {
    gw = await startTestGateway({ config: testConfig({ MAX_CONNECTIONS: String(CAP) }) });
    tenant = await createTestTenant(gw.deps.db, 'conncap');
  });
  afterAll(() => gw.close());

  const apiRead = () =>
    getFresh(`${gw.api(tenant.alias)}/open/account/nobody/user/nobody`, {
      authorization: basic(tenant.apiKey),
    });

  test(`${FLOOD} clients against a cap of ${CAP}: ${CAP} served, the others 503 at once, probes answered`, async () => {
    expect((await apiRead()).status).toBe(404); // USER_NOT_FOUND: the route works below the cap
    const request =
      `GET /api/v1/${tenant.alias}/open/account/nobody/user/nobody HTTP/1.1\r\n` +
      `Host: localhost\r\nAuthorization: ${basic(tenant.apiKey)}\r\n\r\n`;
    const flood = await openClients(Number(new URL(gw.url).port), FLOOD, request);
    try {
      const statuses = flood.map((client) => client.status);
      expect(statuses.filter((status) => status === 404)).toHaveLength(CAP);
      expect(statuses.filter((status) => status === 503)).toHaveLength(FLOOD - CAP);

      // Probes on new connections are answered although no connection can be admitted.
      expect(await getFresh(`${gw.url}/healthz`)).toMatchObject({ status: 200, json: { status: 'ok' } });
      expect(await getFresh(`${gw.url}/readyz`)).toMatchObject({ status: 200, json: { status: 'ready' } });
      const metrics = await getFresh(`${gw.url}/metrics`);
      expect(metrics.status).toBe(200);

      const refused = await apiRead();
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json).toEqual({
        statusCode: 503,
        apiErrorCode: 'SERVICE_UNAVAILABLE',
        message: `This gateway is at its connection limit (${CAP}); retry shortly`,
        requestId: refused.headers['x-request-id'],
      });
      const text = await (await fetch(`${gw.url}/metrics`)).text();
      expect(text).toMatch(new RegExp(`^http_admitted_connections ${CAP}$`, 'm'));
      const refusals = Number(/^http_over_capacity_requests_total\{reason="full"\} (\d+)$/m.exec(text)?.[1]);
      expect(refusals).toBeGreaterThanOrEqual(FLOOD - CAP + 1);
    } finally {
      for (const { socket } of flood) socket.destroy();
    }
    await eventually('API requests are served again', async () => (await apiRead()).status === 404);
    expect((await apiRead()).json).toMatchObject({ apiErrorCode: 'USER_NOT_FOUND' });
  });
});

describe('readiness while the request pool is busy to the last connection', () => {
  let gw: TestGateway;
  let admin: Db;
  let tenant: IssuedKey & { id: string };
  const appName = `busypool-${process.pid}-${Date.now()}`;
  beforeAll(async () => {
    const config = testConfig();
    admin = createDb({ url: config.databaseUrl, poolMax: 2 });
    const db = createDb({ url: config.databaseUrl, poolMax: 2, applicationName: appName });
    gw = await startTestGateway({ config, db });
    const issued = await createTestTenant(admin, 'busypool');
    const row = (await admin('tenants').where({ alias: issued.alias }).first('id')) as { id: string };
    tenant = { ...issued, id: row.id };
  });
  afterAll(async () => {
    await gw.close();
    await admin.destroy();
  });

  const identify = (firstName: string) =>
    fetch(`${gw.api(tenant.alias)}/open/account/acc-busy/user/u-busy`, {
      method: 'PUT',
      headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({ firstName }),
    });

  test('/readyz stays 200 while both pool connections wait on a lock', async () => {
    expect((await identify('first')).status).toBe(200);
    const trx = await admin.transaction();
    let waiting: Promise<Response>[] = [];
    try {
      await trx.raw('select 1 from accounts where tenant_id = ? and id = ? for update', [
        tenant.id,
        'acc-busy',
      ]);
      waiting = [identify('second'), identify('third')];
      await eventually('both pool connections wait on the lock', async () => {
        const { rows } = await admin.raw<{ rows: unknown[] }>(
          "select 1 from pg_stat_activity where application_name = ? and wait_event_type = 'Lock'",
          [appName],
        );
        return rows.length >= 2;
      });
      // Readiness results are cached for a second: wait for one computed while the pool is exhausted.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const readyz = await getFresh(`${gw.url}/readyz`);
      expect(readyz).toMatchObject({ status: 200, json: { checks: { postgres: 'ok', temporal: 'ok' } } });
      expect((await getFresh(`${gw.url}/healthz`)).status).toBe(200);
    } finally {
      await trx.commit();
    }
    expect((await Promise.all(waiting)).map((res) => res.status)).toEqual([200, 200]);
  });
});

describe('HEALTH_PORT: probes on a listener of their own', () => {
  test('serves /healthz, /readyz and /metrics of the same gateway, and nothing else', async () => {
    const running = await startGateway(testConfig({ HEALTH_PORT: '0', MAX_CONNECTIONS: '1' }), testLogger);
    try {
      expect(running.healthPort).toEqual(expect.any(Number));
      expect(running.healthPort).not.toBe(running.port);
      const base = `http://127.0.0.1:${running.healthPort}`;
      expect(await getFresh(`${base}/healthz`)).toMatchObject({ status: 200, json: { status: 'ok' } });
      expect(await getFresh(`${base}/readyz`)).toMatchObject({ status: 200, json: { status: 'ready' } });
      const metrics = await getFresh(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      const other = await getFresh(`${base}/api/v1/demo/program`);
      expect(other.status).toBe(404);
      expect(other.json).toMatchObject({ statusCode: 404, apiErrorCode: 'NOT_FOUND' });

      // The real gateway server applies the cap on PORT (one admitted connection, held open here).
      const held = await openClients(running.port, 2, 'GET /api/v1/demo/program HTTP/1.1\r\nHost: x\r\n\r\n');
      try {
        expect(held.map((client) => client.status).sort()).toEqual([401, 503]);
        expect((await getFresh(`${base}/readyz`)).status).toBe(200);
      } finally {
        for (const { socket } of held) socket.destroy();
      }
    } finally {
      await running.close();
    }
  });
});
