/**
 * Bad bodies and what the framework answers on its own: invalid UTF-8 and numbers that overflow to
 * Infinity are 400 INVALID_JSON (never stored as U+FFFD or null); 406, 431 and too-deep GraphQL
 * documents carry the standard error body; a client that leaves mid-body is a 499 logged at info.
 * After each, the service still answers /healthz and /readyz.
 */
import http from 'node:http';
import net from 'node:net';
import pino from 'pino';
import { createApp } from '../../../services/gateway/app';
import { startGateway } from '../../../services/gateway/gateway';
import { closeServer, listen } from '../../../shared/http';
import { expectServing } from '../../helpers/bad-input';
import {
  basic,
  createTestTenant,
  eventually,
  startTestGateway,
  testConfig,
  testLogger,
  type TestGateway,
} from '../../helpers/harness';

type Json = Record<string, any>;

let gw: TestGateway;
let tenant: { alias: string; apiKey: string };
let auth: string;
const EVENTS = '/open/account/acct-1/user/user-1/events';

beforeAll(async () => {
  gw = await startTestGateway();
  tenant = await createTestTenant(gw.deps.db, 'frame');
  auth = basic(tenant.apiKey);
  const identified = await send('PUT', '/open/account/acct-1/user/user-1', '{}');
  expect(identified.status).toBe(200);
});
afterAll(() => gw.close());

function send(method: string, path: string, body: string | Buffer, headers: Record<string, string> = {}) {
  return fetch(`${gw.api(tenant.alias)}${path}`, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json', ...headers },
    body,
  });
}

async function expectError(res: Response, statusCode: number, apiErrorCode: string): Promise<Json> {
  const body = (await res.json()) as Json;
  expect(res.status).toBe(statusCode);
  expect(body).toMatchObject({ statusCode, apiErrorCode, requestId: res.headers.get('x-request-id') });
  return body;
}

const storedEvents = async () =>
  Number((await gw.deps.db('user_events').where({ account_id: 'acct-1' }).count({ n: '*' }))[0]!.n);

describe('invalid UTF-8 is 400 INVALID_JSON, never stored as U+FFFD', () => {
  const bad = (before: string, after: string) =>
    Buffer.concat([Buffer.from(before), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(after)]);

  test('REST JSON body', async () => {
    await expectError(await send('PATCH', '/program', bad('{"name":"', '"}')), 400, 'INVALID_JSON');
    const { name } = await gw.deps.db('tenants').where({ alias: tenant.alias }).first('name');
    expect(name).toBe(tenant.alias);
    await expectServing(gw);
  });

  test('GraphQL body', async () => {
    const body = bad('{"query":"mutation { updateProgram(input: {name: \\"', '\\"}) { name } }"}');
    await expectError(await send('POST', '/graphql', body), 400, 'INVALID_JSON');
    await expectServing(gw);
  });

  test('form body (processor webhook)', async () => {
    const res = await send('POST', '/processor/braintree/webhook', bad('bt_signature=', '&bt_payload=x'), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    await expectError(res, 400, 'VALIDATION_FAILED');
    await expectServing(gw);
  });
});

describe('numbers that overflow to Infinity are refused, never stored as null', () => {
  const events = (n: string) =>
    `{"accountId":"acct-1","userId":"user-1","events":[{"key":"purchase","fields":{"n":${n}}}]}`;

  test.each([
    ['1e400', '1e400'],
    ['-1e400', '-1e400'],
    ['1E+999', '1E+999'],
    ['400 nines', '9'.repeat(400)],
  ])('%s in event fields: 400 INVALID_JSON', async (_name, n) => {
    const before = await storedEvents();
    await expectError(await send('POST', EVENTS, events(n)), 400, 'INVALID_JSON');
    expect(await storedEvents()).toBe(before);
    await expectServing(gw);
  });

  test('a large finite number is accepted as it is', async () => {
    const res = await send('POST', EVENTS, events('1.5e308'));
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).events[0].fields).toEqual({ n: 1.5e308 });
  });

  const LOG = 'mutation($i: UserEventInput!) { logUserEvent(userEventInput: $i) { userId } }';
  test('in GraphQL variables: 400 INVALID_JSON', async () => {
    const body = `{"query":${JSON.stringify(LOG)},"variables":{"i":${events('1e400')}}}`;
    const before = await storedEvents();
    await expectError(await send('POST', '/graphql', body), 400, 'INVALID_JSON');
    expect(await storedEvents()).toBe(before);
  });

  test('in a GraphQL literal: VALIDATION_FAILED naming the fields', async () => {
    const query = `mutation { logUserEvent(userEventInput: {accountId: "acct-1", userId: "user-1", events: [{key: "k", fields: {n: 1e400}}]}) { userId } }`;
    const before = await storedEvents();
    const res = await send('POST', '/graphql', JSON.stringify({ query }));
    const { errors } = (await res.json()) as Json;
    expect(errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      validationErrors: [{ path: 'userEventInput.events.0.fields', message: 'numbers must be finite' }],
    });
    expect(await storedEvents()).toBe(before);
  });
});

describe('framework answers carry the standard error body', () => {
  test('GraphQL with an Accept it cannot serve: 406 NOT_ACCEPTABLE', async () => {
    const res = await send('POST', '/graphql', JSON.stringify({ query: '{ tenant { alias } }' }), {
      accept: 'text/html',
    });
    await expectError(res, 406, 'NOT_ACCEPTABLE');
    await expectServing(gw);
  });

  test.each([
    ['list', (n: number) => `{ account(id: ${'['.repeat(n)}${']'.repeat(n)}) { id } }`],
    ['object', (n: number) => `{ account(id: {${'a: {'.repeat(n)}${'}'.repeat(n)}}) { id } }`],
    ['selection', (n: number) => `{ ${'tenant { '.repeat(n)}alias${' }'.repeat(n)} }`],
  ])('a 100,000-deep GraphQL %s is GRAPHQL_QUERY_TOO_COMPLEX, not a stack overflow', async (_k, doc) => {
    const res = await send('POST', '/graphql', JSON.stringify({ query: doc(100_000) }));
    const text = await res.text();
    expect(text).not.toMatch(/call stack|RangeError/i);
    const { errors } = JSON.parse(text) as Json;
    expect(errors).toEqual([expect.objectContaining({ extensions: { code: 'GRAPHQL_QUERY_TOO_COMPLEX' } })]);
    await expectServing(gw);
  });

  test('headers over Node maxHeaderSize: 431 HEADERS_TOO_LARGE as JSON (the real gateway server)', async () => {
    const running = await startGateway(testConfig(), testLogger);
    try {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.get(
          `${running.url}/healthz`,
          { headers: { 'x-big': 'a'.repeat(64 * 1024) } },
          (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, body: text }));
          },
        );
        req.on('error', reject);
      });
      expect(status).toBe(431);
      expect(JSON.parse(body)).toMatchObject({ statusCode: 431, apiErrorCode: 'HEADERS_TOO_LARGE' });
      expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});

test('a client that disconnects mid-body: info log and 499 in metrics, no error', async () => {
  const lines: Json[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Json) });
  const server = http.createServer(createApp({ ...gw.deps, logger }).callback());
  const port = await listen(server, 0, '127.0.0.1');
  try {
    const arrived = new Promise((resolve) => server.once('request', resolve));
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `PATCH /api/v1/${tenant.alias}/program HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"partial',
    );
    await arrived;
    socket.destroy();
    await eventually('the request is logged', async () => lines.some((l) => l.msg === 'request'));
    const access = lines.find((l) => l.msg === 'request')!;
    expect(access).toMatchObject({ level: 30, status: 499, route: '/api/v1/:tenantAlias/program' });
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    expect(lines.some((l) => l.level === 30 && /client closed/i.test(l.msg))).toBe(true);
    const metric = await gw.deps.metrics.registry.getSingleMetricAsString('http_request_duration_seconds');
    expect(metric).toMatch(/http_request_duration_seconds_count\{[^}]*status="499"[^}]*\} 1/);
  } finally {
    await closeServer(server);
  }
  await expectServing(gw);
});
