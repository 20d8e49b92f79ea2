import { createDb } from '../../../shared/db/knex';
import {
  basic,
  createTestTenant,
  startTestGateway,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';

describe('one error model for every non-2xx response', () => {
  let gw: TestGateway;
  let tenant: { alias: string; apiKey: string };
  beforeAll(async () => {
    gw = await startTestGateway({ config: testConfig({ BODY_LIMIT_BYTES: '2048' }) });
    tenant = await createTestTenant(gw.deps.db, 'err');
  });
  afterAll(() => gw.close());

  const patchProgram = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${gw.api(tenant.alias)}/program`, {
      method: 'PATCH',
      headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json', ...headers },
      body,
    });

  async function expectError(res: Response, statusCode: number, apiErrorCode: string) {
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(statusCode);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toMatchObject({ statusCode, apiErrorCode, requestId: res.headers.get('x-request-id') });
    expect(typeof body.message).toBe('string');
    return body;
  }

  test('a valid PATCH is applied (the route the error cases below use)', async () => {
    const res = await patchProgram(
      JSON.stringify({ name: 'Acme Rewards', landingUrl: 'https://acme.example/join' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Acme Rewards', landingUrl: 'https://acme.example/join' });
  });

  test('malformed JSON is 400 INVALID_JSON and changes nothing', async () => {
    await expectError(await patchProgram('{"name": "Broken",'), 400, 'INVALID_JSON');
    const program = await (
      await fetch(`${gw.api(tenant.alias)}/program`, { headers: { authorization: basic(tenant.apiKey) } })
    ).json();
    expect(program).toMatchObject({ name: 'Acme Rewards' });
  });

  test('schema violations are 400 VALIDATION_FAILED naming each bad field', async () => {
    const res = await patchProgram(JSON.stringify({ name: '', landingUrl: 'ftp://x', colour: 'red' }));
    const body = await expectError(res, 400, 'VALIDATION_FAILED');
    const paths = (body.validationErrors as { path: string; message: string }[]).map((v) => v.path).sort();
    expect(paths).toEqual(['(root)', 'landingUrl', 'name']);
    expect(JSON.stringify(body.validationErrors)).toContain('colour');
  });

  test('a wrong JSON type for the whole body is VALIDATION_FAILED', async () => {
    await expectError(await patchProgram('[1,2,3]'), 400, 'VALIDATION_FAILED');
  });

  test('an unsupported content type is 415', async () => {
    await expectError(
      await patchProgram('name=x', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  test('a body over the limit is 413', async () => {
    await expectError(
      await patchProgram(JSON.stringify({ name: 'x'.repeat(5000) })),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  test('a chunked body over the limit is 413 too', async () => {
    const big = JSON.stringify({ name: 'y'.repeat(5000) });
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const res = await fetch(`${gw.api(tenant.alias)}/program`, {
      method: 'PATCH',
      headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  test('an unknown route is 404 NOT_FOUND, inside and outside /api/v1', async () => {
    await expectError(
      await fetch(`${gw.api(tenant.alias)}/nope`, { headers: { authorization: basic(tenant.apiKey) } }),
      404,
      'NOT_FOUND',
    );
    await expectError(await fetch(`${gw.url}/does/not/exist`), 404, 'NOT_FOUND');
  });

  test('a known route with the wrong method is 405 with Allow', async () => {
    const res = await fetch(`${gw.api(tenant.alias)}/program`, {
      method: 'DELETE',
      headers: { authorization: basic(tenant.apiKey) },
    });
    await expectError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toContain('PATCH');
  });

  // These two live in the gateway's router of hot routes (app.ts), matched before the API router.
  test.each([
    ['the code lookup', 'DELETE', '/code/SOMECODE', 'GET'],
    ['user events', 'GET', '/open/account/a1/user/u1/events', 'POST'],
  ])('%s with the wrong method is 405 with Allow', async (_name, method, path, allowed) => {
    const res = await fetch(`${gw.api(tenant.alias)}${path}`, {
      method,
      headers: { authorization: basic(tenant.apiKey) },
    });
    await expectError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toContain(allowed);
  });

  test.each([
    ['a malformed percent-encoding in the path', '/api/v1/%E0%A4%A/program'],
    ['a NUL byte in the alias', '/api/v1/a%00b/program'],
    ['a very long alias', `/api/v1/${'a'.repeat(5000)}/program`],
    ['path traversal', '/api/v1/../../etc/passwd'],
    ['a malformed user path segment', '/api/v1/x/open/account/%ZZ/user/u'],
  ])('%s gets a 4xx JSON error, and the process keeps serving', async (_name, path) => {
    const res = await fetch(`${gw.url}${path}`, { headers: { authorization: basic(tenant.apiKey) } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.apiErrorCode).toEqual(expect.any(String));
    expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
  });

  test('a caller-supplied X-Request-Id is echoed and used in the body', async () => {
    const res = await fetch(`${gw.api(tenant.alias)}/nope`, {
      headers: { 'x-request-id': 'trace-abc-12345' },
    });
    expect(res.headers.get('x-request-id')).toBe('trace-abc-12345');
    expect(await res.json()).toMatchObject({ requestId: 'trace-abc-12345' });
  });
});

describe('unexpected failures', () => {
  test('a database failure is 500 INTERNAL_ERROR with no SQL or stack in the body', async () => {
    const config = testConfig({ DATABASE_POOL_MAX: '1' });
    const gw = await startTestGateway({ config, db: createDb({ url: config.databaseUrl, poolMax: 1 }) });
    const tenant = await createTestTenant(gw.deps.db, 'boom');
    // Break the queries the request runs, for this gateway only: its single pooled connection resolves
    // `tenants` and `api_keys` to tables without the expected columns, so the driver raises a real SQL
    // error (credentials are read first).
    const db = gw.deps.db;
    try {
      await db.raw('create schema if not exists broken_schema');
      await db.raw('create table if not exists broken_schema.tenants (id uuid, alias text)');
      await db.raw('create table if not exists broken_schema.api_keys (id uuid)');
      await db.raw('set search_path to broken_schema, public');
      const res = await fetch(`${gw.api(tenant.alias)}/program`, {
        headers: { authorization: basic(tenant.apiKey) },
      });
      const text = await res.text();
      expect(res.status).toBe(500);
      const body = JSON.parse(text) as Record<string, unknown>;
      expect(body).toEqual({
        statusCode: 500,
        message: 'Internal server error',
        apiErrorCode: 'INTERNAL_ERROR',
        requestId: expect.any(String),
      });
      expect(text).not.toMatch(/select|column|broken_schema|at .*\.ts/i);
    } finally {
      await db.raw('drop schema if exists broken_schema cascade');
      await gw.close();
    }
  });
});
