/**
 * Slow and stalled clients cannot hold a connection: request headers (HTTP_HEADERS_TIMEOUT_MS), JSON,
 * form and GraphQL bodies (HTTP_BODY_IDLE_TIMEOUT_MS between chunks, HTTP_REQUEST_TIMEOUT_MS whole) are
 * answered 408 REQUEST_TIMEOUT in the standard error body and the connection is closed; a body the app
 * does not read is bounded too; uploads are not cut by the JSON deadline while they keep moving. The
 * gateway runs with timeouts of a second or two so the tests stay fast.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import {
  basic,
  createTestTenant,
  startTestGateway,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';
import { rawHttp, type RawExchange } from '../../helpers/raw-http';

const HEADERS_MS = 1000;
const IDLE_MS = 500;
const REQUEST_MS = 2000;

let gw: TestGateway;
let port: number;
let tenant: IssuedKey;
let auth: string;
beforeAll(async () => {
  gw = await startTestGateway({
    config: testConfig({
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      HTTP_BODY_IDLE_TIMEOUT_MS: String(IDLE_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      UPLOAD_IDLE_TIMEOUT_MS: '1500',
      // Slow but moving (about 60 bytes/s below): above this floor it is kept; see connection-quotas.test.ts.
      UPLOAD_MIN_BYTES_PER_S: '16',
    }),
  });
  port = Number(new URL(gw.url).port);
  tenant = await createTestTenant(gw.deps.db, 'timeouts');
  auth = basic(tenant.apiKey);
});
afterAll(() => gw.close());

// Each case ends with the service still answering its probes.
afterEach(async () => {
  expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${gw.url}/readyz`)).status).toBe(200);
});

function expectTimeoutAnswer(res: RawExchange, message: RegExp) {
  expect(res.status).toBe(408);
  expect(res.headers.connection).toBe('close');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json).toEqual({
    statusCode: 408,
    apiErrorCode: 'REQUEST_TIMEOUT',
    message: expect.stringMatching(message),
    requestId: res.headers['x-request-id'],
  });
}

/** A request head for `path` announcing a body of `length` bytes. */
const head = (method: string, path: string, length: number, type = 'application/json') =>
  `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${auth}\r\n` +
  `Content-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;

const userPath = (id: string) => `/api/v1/${tenant.alias}/open/account/acc-${id}/user/${id}`;

async function userExists(id: string): Promise<boolean> {
  const res = await fetch(`${gw.url}${userPath(id)}`, { headers: { authorization: auth } });
  return res.status === 200;
}

describe('request headers', () => {
  test('headers that stop coming: 408 in the standard body, connection closed', async () => {
    const res = await rawHttp(port, ['GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n']);
    expectTimeoutAnswer(res, new RegExp(`headers were not received within ${HEADERS_MS} ms`));
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50);
  });

  test('a connection that never sends a byte is closed by the same timeout', async () => {
    const res = await rawHttp(port, []);
    expect(res.status).toBe(408);
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50);
  });

  test('a malformed request line is 400 in the standard body', async () => {
    const res = await rawHttp(port, ['NOT HTTP AT ALL\r\n\r\n']);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, apiErrorCode: 'VALIDATION_FAILED' });
  });
});

describe('JSON and GraphQL bodies', () => {
  test('a JSON body that stalls: 408 after the idle timeout, connection closed, nothing stored', async () => {
    const id = `stall-${crypto.randomBytes(3).toString('hex')}`;
    const res = await rawHttp(port, [head('PUT', userPath(id), 100) + '{"firstName":']);
    expectTimeoutAnswer(res, new RegExp(`stalled: no data for ${IDLE_MS} ms`));
    expect(await userExists(id)).toBe(false);
  });

  test('a JSON body trickled faster than the idle timeout but slower than the deadline: 408', async () => {
    const id = `trickle-${crypto.randomBytes(3).toString('hex')}`;
    const body = JSON.stringify({ firstName: 'x'.repeat(60) });
    const bytes = [...body];
    // A byte every 50 ms: ten times faster than the idle timeout, so a busy machine's late timer cannot
    // make a gap of 500 ms (it did once at a quarter); the 78 bytes still take longer than the deadline.
    const res = await rawHttp(port, [head('PUT', userPath(id), body.length), ...bytes], IDLE_MS / 10);
    expectTimeoutAnswer(res, new RegExp(`not received within ${REQUEST_MS} ms`));
    expect(await userExists(id)).toBe(false);
  });

  test('a slow JSON body within both bounds is accepted', async () => {
    const id = `slow-${crypto.randomBytes(3).toString('hex')}`;
    const body = JSON.stringify({ firstName: 'Slow but steady' });
    const thirds = [body.slice(0, 8), body.slice(8, 16), body.slice(16)];
    const res = await rawHttp(
      port,
      [
        head('PUT', userPath(id), body.length).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'),
        ...thirds,
      ],
      IDLE_MS / 2,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, firstName: 'Slow but steady' });
  });

  test('a GraphQL body that stalls: 408', async () => {
    const res = await rawHttp(port, [
      head('POST', `/api/v1/${tenant.alias}/graphql`, 200) + '{"query":"{ ten',
    ]);
    expectTimeoutAnswer(res, /stalled/);
  });

  test('a body the app answers without reading is discarded within the idle timeout, not held', async () => {
    // 405 on /healthz; Node would otherwise keep reading the announced megabyte for as long as bytes trickle.
    const res = await rawHttp(
      port,
      [head('POST', '/healthz', 1_000_000), 'a', 'b', 'c', 'd', 'e'],
      IDLE_MS / 2,
    );
    expect(res.status).toBe(405);
    expect(res.closedAfterMs).toBeLessThan(IDLE_MS * 4);
  });
});

test('many bodies answered unread on one keep-alive connection leave no listeners behind', async () => {
  // Each PATCH is refused (401) before its body is read, and its body arrives after the answer, on the same
  // keep-alive socket: whatever bounds that late body must not leave a listener on the socket per request.
  const serverSockets: net.Socket[] = [];
  const onConnection = (socket: net.Socket) => serverSockets.push(socket);
  gw.server.on('connection', onConnection);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const body = JSON.stringify({ name: 'late body' });
  try {
    for (let i = 0; i < 30; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(`${gw.url}/api/v1/${tenant.alias}/program`, {
          method: 'PATCH',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': String(body.length),
            authorization: basic('wrong'),
          },
        });
        req.on('response', (res) => {
          req.end(body); // only now: the answer came before the body
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.flushHeaders();
      });
      expect(status).toBe(401);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(serverSockets).toHaveLength(1);
    // Node's own listeners on a server socket are a handful; one per request would be 30 more.
    expect(serverSockets[0]!.listenerCount('close')).toBeLessThan(5);
  } finally {
    gw.server.off('connection', onConnection);
    agent.destroy();
  }
});

describe('uploads', () => {
  test('an upload that takes longer than the JSON deadline but keeps moving is stored whole', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => `u${i},a${i}\n`);
    const content = `id,accountId\n${rows.join('')}`;
    const parts = [
      head(
        'POST',
        `/api/v1/${tenant.alias}/export/upload?filename=slow.csv`,
        Buffer.byteLength(content),
        'text/csv',
      ).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'),
      'id,accountId\n',
      ...rows,
    ];
    const res = await rawHttp(port, parts, REQUEST_MS / 8); // 13 gaps: about 3 s in all
    expect(res.status).toBe(200);
    expect(res.closedAfterMs).toBeGreaterThan(REQUEST_MS);
    const fileRef = res.json!.fileRef as string;
    const back = await fetch(
      `${gw.api(tenant.alias)}/export/download?fileRef=${encodeURIComponent(fileRef)}`,
      {
        headers: { authorization: auth },
      },
    );
    expect(await back.text()).toBe(content);
  });
});
