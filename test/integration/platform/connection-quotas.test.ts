/**
 * one client without credentials, or one tenant's key, could fill the gateway's
 * connection cap with trickled requests and every tenant got 503. Now one client address holds at most
 * MAX_CONNECTIONS_PER_ADDRESS admitted connections, one tenant at most MAX_IN_FLIGHT_PER_TENANT requests
 * in flight, a sign-in body is a few KB under a short deadline, and an upload must keep a minimum
 * average rate. Each flood below holds 1,100 slow connections (the default MAX_CONNECTIONS is 1,024)
 * while another client, from another address (127.0.0.2), is still served.
 */
import type http from 'node:http';
import net from 'node:net';
import { createGatewayServer } from '../../../services/gateway/http-server';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import {
  basic,
  createTestTenant,
  startTestGateway,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';

const FLOOD = 1100;
const PER_ADDRESS = 128;
const PER_TENANT = 256;

let gw: TestGateway;
let port: number;
let victim: IssuedKey;
let flooder: IssuedKey;

beforeAll(async () => {
  gw = await startTestGateway({
    config: testConfig({
      MAX_CONNECTIONS: '1024',
      MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
      MAX_IN_FLIGHT_PER_TENANT: String(PER_TENANT),
      // The minimum rate applies after min(10 s, this): long enough for the flood to be opened first.
      UPLOAD_IDLE_TIMEOUT_MS: '6000',
      // Longer than the flood takes to be answered on a busy machine: an admitted sign-in cut by its
      // deadline frees a place that a later connection of the flood takes (the deadline has its own test,
      // on a gateway of its own below).
      UNAUTHENTICATED_BODY_TIMEOUT_MS: '30000',
      // The clients connect directly (the harness otherwise trusts loopback as a proxy).
      TRUSTED_PROXIES: '',
    }),
  });
  port = Number(new URL(gw.url).port);
  [victim, flooder] = await Promise.all([
    createTestTenant(gw.deps.db, 'quota'),
    createTestTenant(gw.deps.db, 'flood'),
  ]);
});

afterAll(() => gw.close());

interface Held {
  socket: net.Socket;
  /** The status the gateway answered, once it answered (undefined while it is still reading the body). */
  status(): number | undefined;
}

/** A connection from `localAddress` that sends `head` and then one byte of its body every 2 s. */
function trickle(localAddress: string, head: string, to = port): Promise<Held> {
  return new Promise((resolve, reject) => {
    let answer: number | undefined;
    const socket = net.connect({ port: to, host: '127.0.0.1', localAddress }, () => {
      socket.write(head);
      resolve({ socket, status: () => answer });
    });
    const drip = setInterval(() => socket.writable && socket.write('x'), 2000);
    socket.on('data', (chunk: Buffer) => {
      answer ??= Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1]);
    });
    socket.on('close', () => clearInterval(drip));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      clearInterval(drip);
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
  });
}

/** One request from 127.0.0.2 on a connection of its own. */
async function fromElsewhere(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  to = port,
) {
  return new Promise<number>((resolve, reject) => {
    const socket = net.connect({ port: to, host: '127.0.0.1', localAddress: '127.0.0.2' }, () => {
      const body = init.body ?? '';
      const headers = Object.entries({
        host: 'localhost',
        'content-length': String(Buffer.byteLength(body)),
        ...init.headers,
      })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`${init.method ?? 'GET'} ${path} HTTP/1.1\r\n${headers}connection: close\r\n\r\n${body}`);
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1])));
    socket.on('error', reject);
  });
}

const victimLookup = () =>
  fromElsewhere(`/api/v1/${victim.alias}/open/account/nobody/user/nobody`, {
    headers: { authorization: basic(victim.apiKey) },
  });

function tally(held: Held[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const h of held)
    counts[String(h.status() ?? 'reading')] = (counts[String(h.status() ?? 'reading')] ?? 0) + 1;
  return counts;
}

async function settled(held: Held[], predicate: () => boolean, withinMs = 8000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!predicate() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (!predicate()) throw new Error(`not settled: ${JSON.stringify(tally(held))}`);
}

function release(held: Held[]): void {
  for (const { socket } of held) socket.destroy();
}

test(`${FLOOD} trickled sign-ins from one address: ${PER_ADDRESS} held, the rest refused at once, others served`, async () => {
  const head =
    `POST /admin/api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
    `Content-Length: 4000\r\n\r\n{"tenantAlias":"`;
  const held = await Promise.all(Array.from({ length: FLOOD }, () => trickle('127.0.0.1', head)));
  try {
    await settled(held, () => held.filter((h) => h.status() === 503).length === FLOOD - PER_ADDRESS, 20_000);
    // The admitted ones are still reading their bodies.
    expect(held.filter((h) => h.status() === undefined)).toHaveLength(PER_ADDRESS);
    const metrics = await (await fetch(`${gw.url}/metrics`)).text();
    expect(metrics).toMatch(/^http_over_capacity_requests_total\{reason="address"\} (\d+)$/m);
    // Another tenant's lookup and another client's sign-in, from another address, are served.
    for (let i = 0; i < 5; i += 1) expect(await victimLookup()).toBe(404);
    const login = await fromElsewhere('/admin/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tenantAlias: victim.alias,
        email: 'nobody@example.com',
        password: 'wrong password',
      }),
    });
    expect(login).toBe(401);
  } finally {
    release(held);
  }
});

test('a sign-in body over a few KB is 413 at once and its connection closed; a trickled one ends within the short deadline', async () => {
  const short = await startTestGateway({
    config: testConfig({ UNAUTHENTICATED_BODY_TIMEOUT_MS: '2000', TRUSTED_PROXIES: '' }),
  });
  const to = Number(new URL(short.url).port);
  try {
    const big = await fromElsewhere(
      '/admin/api/login',
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '100000' } },
      to,
    );
    expect(big).toBe(413);
    const started = Date.now();
    const slow = await trickle(
      '127.0.0.3',
      'POST /admin/api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{',
      to,
    );
    await new Promise<void>((resolve) => slow.socket.once('close', () => resolve()));
    expect(slow.status()).toBe(408);
    expect(Date.now() - started).toBeLessThan(2000 + 3000);
  } finally {
    await short.close();
  }
});

test(`${FLOOD} trickled uploads with one tenant's key from 10 addresses: ${PER_TENANT} in flight, others served`, async () => {
  const head =
    `POST /api/v1/${flooder.alias}/export/upload HTTP/1.1\r\nHost: localhost\r\n` +
    `Authorization: ${basic(flooder.apiKey)}\r\nContent-Type: text/csv\r\nContent-Length: 1000000\r\n\r\nid\n`;
  const held = await Promise.all(
    Array.from({ length: FLOOD }, (_, i) => trickle(`127.0.1.${1 + (i % 10)}`, head)),
  );
  try {
    // At most the tenant's share is ever in flight; the rest are refused at once (429). A trickle cut by
    // the minimum rate (408, or 400 when the storage sees the body end short first) frees a place that a
    // later connection may take, so on a slow machine a few more than the share get in over time.
    const reading = () => held.filter((h) => h.status() === undefined).length;
    const cut = () => held.filter((h) => h.status() === 408 || h.status() === 400).length;
    await settled(held, () => reading() <= PER_TENANT && reading() + cut() + tally(held)['429']! === FLOOD);
    expect(reading()).toBeLessThanOrEqual(PER_TENANT);
    expect(tally(held)['429']).toBeGreaterThanOrEqual(FLOOD - PER_TENANT - cut());
    for (let i = 0; i < 5; i += 1) expect(await victimLookup()).toBe(404);
    // The trickles are cut by the minimum rate once the grace has passed, freeing their places: 408, or
    // 400 when the storage sees the cut body end short of its Content-Length first.
    await settled(held, () => held.every((h) => h.status() !== undefined), 12_000);
    expect(cut()).toBe(FLOOD - tally(held)['429']!);
  } finally {
    release(held);
  }
}, 30_000);

test('behind a trusted proxy the share is per forwarded client address, requests in flight', async () => {
  const config = testConfig({ TRUSTED_PROXIES: 'loopback', MAX_CONNECTIONS_PER_ADDRESS: '3' });
  const { server, serve } = createGatewayServer(config);
  const pending: http.ServerResponse[] = [];
  serve((_req, res) => pending.push(res)); // holds every request it is given
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxyPort = (server.address() as net.AddressInfo).port;
  const via = (client: string) =>
    new Promise<number | undefined>((resolve) => {
      const socket = net.connect(proxyPort, '127.0.0.1', () =>
        socket.write(`GET /api/v1/x/program HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${client}\r\n\r\n`),
      );
      // No answer within 1 s: still held by the app (refusals come at once).
      const held = setTimeout(() => resolve(undefined), 1000);
      socket.once('data', (chunk: Buffer) => {
        clearTimeout(held);
        resolve(Number(chunk.toString('latin1').slice(9, 12)));
      });
    });
  try {
    const one = await Promise.all([1, 2, 3, 4, 5].map(() => via('203.0.113.9')));
    expect(one.filter((status) => status === 503)).toHaveLength(2);
    expect(one.filter((status) => status === undefined)).toHaveLength(3);
    expect(await via('203.0.113.10')).toBeUndefined(); // another client behind the same proxy: admitted
  } finally {
    for (const res of pending) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
