/**
 * GraphQL over HTTP at /api/v1/:tenantAlias/graphql against the real gateway: graphql-http's own
 * conformance audits, tenant resolution, authentication, error codes, depth/complexity limits and the
 * body limit.
 */
import crypto from 'node:crypto';
import { getIntrospectionQuery } from 'graphql';
import { serverAudits, type AuditResult } from 'graphql-http';
import { createTenant, type IssuedKey } from '../../../shared/domain/tenants/tenants';
import {
  basic,
  createTestTenant,
  postJson,
  startTestGateway,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';

/**
 * Resolver failures on demand: Query.tenant reads its row with findByAlias (authentication does not), so
 * for tenants whose alias starts `boom_` it fails unexpectedly, and for `gone_` with an AppError.
 */
jest.mock('../../../shared/repos/tenants.repo', () => {
  const actual = jest.requireActual('../../../shared/repos/tenants.repo');
  const { AppError } = jest.requireActual('../../../shared/errors');
  return {
    ...actual,
    createTenantsRepo: (db: unknown) => {
      const repo = actual.createTenantsRepo(db);
      return {
        ...repo,
        findByAlias: async (alias: string, ...rest: unknown[]) => {
          if (alias.startsWith('boom_')) throw new Error('connection to 10.0.0.7:5432 reset (secret detail)');
          if (alias.startsWith('gone_')) throw new AppError('NOT_FOUND', `No tenant ${alias}`);
          return repo.findByAlias(alias, ...rest);
        },
      };
    },
  };
});

type Json = Record<string, any>;

const ERROR_BODY = {
  statusCode: expect.any(Number),
  apiErrorCode: expect.any(String),
  requestId: expect.any(String),
  message: expect.any(String),
};

/** Plain-object copy of fetch init headers, whether given as Headers, entries or a record. */
function headersOf(init: RequestInit | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(init?.headers).entries());
}

function endpoint(gw: TestGateway, tenant: IssuedKey): string {
  return `${gw.api(tenant.alias)}/graphql`;
}

/** POST application/json with the tenant's key, accepting application/json. */
function gql(gw: TestGateway, tenant: IssuedKey, body: unknown, headers: Record<string, string> = {}) {
  return postJson(endpoint(gw, tenant), body, {
    accept: 'application/json',
    authorization: basic(tenant.apiKey),
    ...headers,
  });
}

/** GET with ?query= (and optional variables) with the tenant's key. */
async function gqlGet(gw: TestGateway, tenant: IssuedKey, query: string, variables?: unknown) {
  const url = new URL(endpoint(gw, tenant));
  url.searchParams.set('query', query);
  if (variables !== undefined) url.searchParams.set('variables', JSON.stringify(variables));
  const res = await fetch(url, {
    headers: { accept: 'application/json', authorization: basic(tenant.apiKey) },
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Json };
}

/** `fields` aliased copies of `tenant { alias }`: complexity 2 × fields, depth 2. */
function wideQuery(fields: number): string {
  return `{ ${Array.from({ length: fields }, (_, i) => `t${i}: tenant { alias }`).join(' ')} }`;
}

/** n fragments, each spreading the next twice: a tiny document that expands to 2^n selections (a naive
 * depth walk of fragmentBomb(22) takes seconds of blocked event loop; 30 would take minutes). */
function fragmentBomb(n: number): string {
  const fragments = Array.from({ length: n }, (_, i) =>
    i < n - 1
      ? `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`
      : `fragment F${i} on Query { tenant { alias } }`,
  );
  return `{ ...F0 } ${fragments.join(' ')}`;
}

describe('GraphQL endpoint (default limits)', () => {
  let gw: TestGateway;
  let live: IssuedKey;
  let other: IssuedKey;

  beforeAll(async () => {
    gw = await startTestGateway();
    [live, other] = await Promise.all([createTestTenant(gw.deps.db), createTestTenant(gw.deps.db)]);
  });
  afterAll(() => gw.close());

  describe('graphql-http server audits', () => {
    // serverAudits builds its list synchronously at collection time; the URL and key are read lazily.
    const audits = serverAudits({
      url: () => endpoint(gw, live),
      fetchFn: (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
        fetch(input, { ...init, headers: { ...headersOf(init), authorization: basic(live.apiKey) } }),
    });
    const must = audits.filter((a) => a.name.startsWith('MUST'));
    const others = audits.filter((a) => !a.name.startsWith('MUST'));

    test('the audit list covers the MUST requirements', () => {
      expect(must.length).toBeGreaterThanOrEqual(13);
      expect(others.length).toBeGreaterThan(0);
    });

    test.each(must.map((a) => [`${a.id} ${a.name}`, a] as const))('%s', async (_name, audit) => {
      const result = await audit.fn();
      let detail = '';
      if (result.status !== 'ok') {
        const body = await result.response.text().catch(() => '(body already read)');
        detail = `${result.reason}; response ${result.response.status}: ${body}`;
      }
      expect({ status: result.status, detail }).toEqual({ status: 'ok', detail: '' });
    });

    test('SHOULD/MAY audits run (informational; GRAPHQL_AUDIT_REPORT=1 prints them)', async () => {
      const results: AuditResult[] = [];
      for (const audit of others) results.push(await audit.fn());
      const notOk = results
        .filter((r) => r.status !== 'ok')
        .map((r) => `${r.status} ${r.id} ${r.name}: ${'reason' in r ? r.reason : ''}`);
      if (process.env.GRAPHQL_AUDIT_REPORT) {
        console.log(
          `MUST: ${must.length}; SHOULD/MAY ok: ${results.length - notOk.length}/${results.length}\n${notOk.join('\n')}`,
        );
      }
      expect(results).toHaveLength(others.length);
    });
  });

  describe('Query.tenant', () => {
    test('POST returns the authenticated live tenant', async () => {
      const res = await gql(gw, live, { query: '{ tenant { alias mode } }' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.json).toEqual({ data: { tenant: { alias: live.alias, mode: 'LIVE' } } });
    });

    test('a tenant whose alias starts with test_ is in TEST mode', async () => {
      const testTenant = await createTenant(gw.deps.db, {
        alias: `test_${crypto.randomBytes(6).toString('hex')}`,
      });
      const res = await gql(gw, testTenant, { query: '{ tenant { alias name mode dateCreated } }' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        data: {
          tenant: {
            alias: testTenant.alias,
            name: testTenant.alias,
            mode: 'TEST',
            dateCreated: expect.any(Number),
          },
        },
      });
      expect(Math.abs(res.json.data.tenant.dateCreated - Date.now())).toBeLessThan(60_000);
    });

    test('each key sees only its own tenant', async () => {
      const res = await gql(gw, other, { query: '{ tenant { alias } }' });
      expect(res.json).toEqual({ data: { tenant: { alias: other.alias } } });
    });

    test('operationName picks one of several operations', async () => {
      const res = await gql(gw, live, {
        query: 'query A { tenant { alias } } query B { tenant { mode } }',
        operationName: 'B',
      });
      expect(res.json).toEqual({ data: { tenant: { mode: 'LIVE' } } });
    });

    test('GET with ?query= works', async () => {
      const res = await gqlGet(gw, live, '{ tenant { alias mode } }');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ data: { tenant: { alias: live.alias, mode: 'LIVE' } } });
    });

    test('GET with variables works', async () => {
      const res = await gqlGet(gw, live, 'query ($m: Boolean!) { tenant { alias mode @include(if: $m) } }', {
        m: false,
      });
      expect(res.json).toEqual({ data: { tenant: { alias: live.alias } } });
    });

    test('a mutation by GET: 405 METHOD_NOT_ALLOWED with Allow: POST, not executed', async () => {
      const res = await gqlGet(gw, live, 'mutation { _empty }');
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.json).toEqual({
        statusCode: 405,
        apiErrorCode: 'METHOD_NOT_ALLOWED',
        requestId: res.headers.get('x-request-id'),
        message: 'Mutations must be sent with POST',
      });
    });

    test('the same mutation by POST executes', async () => {
      const res = await gql(gw, live, { query: 'mutation { _empty }' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ data: { _empty: null } });
    });
  });

  describe('authentication', () => {
    test('no credentials: 401 with the error body and a WWW-Authenticate challenge', async () => {
      const res = await postJson(endpoint(gw, live), { query: '{ tenant { alias } }' });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="referral-service", charset="UTF-8"');
      expect(res.json).toEqual({
        statusCode: 401,
        apiErrorCode: 'UNAUTHORIZED',
        requestId: res.headers.get('x-request-id'),
        message: 'Missing or invalid credentials',
      });
      expect(res.json.requestId).toMatch(/^[0-9a-f-]{36}$/);
    });

    test("another tenant's key: 401", async () => {
      const res = await postJson(
        endpoint(gw, live),
        { query: '{ tenant { alias } }' },
        { authorization: basic(other.apiKey) },
      );
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="referral-service", charset="UTF-8"');
      expect(res.json).toEqual({ ...ERROR_BODY, statusCode: 401, apiErrorCode: 'UNAUTHORIZED' });
    });

    test('a wrong key by GET: 401', async () => {
      const res = await fetch(`${endpoint(gw, live)}?query=${encodeURIComponent('{ tenant { alias } }')}`, {
        headers: { authorization: basic('not-a-key') },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ ...ERROR_BODY, statusCode: 401, apiErrorCode: 'UNAUTHORIZED' });
    });

    test('a key for an unknown tenant alias: 401', async () => {
      const res = await postJson(
        `${gw.api('nobody_here')}/graphql`,
        { query: '{ tenant { alias } }' },
        { authorization: basic(live.apiKey) },
      );
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ ...ERROR_BODY, statusCode: 401, apiErrorCode: 'UNAUTHORIZED' });
    });
  });

  describe('error codes', () => {
    test('unknown field: VALIDATION_FAILED, nothing executed', async () => {
      const res = await gql(gw, live, { query: '{ tenant { alias nope } }' });
      expect(res.status).toBe(200); // application/json: well-formed GraphQL responses are 200
      expect(res.json).toEqual({
        errors: [
          {
            message: 'Cannot query field "nope" on type "Tenant". Did you mean "mode" or "name"?',
            locations: [{ line: 1, column: 18 }],
            extensions: { code: 'VALIDATION_FAILED' },
          },
        ],
      });
    });

    test('syntax error: VALIDATION_FAILED', async () => {
      const res = await gql(gw, live, { query: '{ tenant { alias ' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        errors: [
          {
            message: expect.stringMatching(/^Syntax Error: /),
            locations: [{ line: 1, column: 18 }],
            extensions: { code: 'VALIDATION_FAILED' },
          },
        ],
      });
    });

    test('syntax error accepting application/graphql-response+json: 400 and VALIDATION_FAILED', async () => {
      const res = await gql(gw, live, { query: '{' }, { accept: 'application/graphql-response+json' });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8');
      expect(res.json.data).toBeUndefined();
      expect(res.json.errors.map((e: Json) => e.extensions)).toEqual([{ code: 'VALIDATION_FAILED' }]);
    });

    test('every error of a document with several errors carries VALIDATION_FAILED', async () => {
      const res = await gql(gw, live, { query: 'query ($x: Boolean) { tenant { a b } }' });
      expect(res.json.data).toBeUndefined();
      expect(res.json.errors.length).toBe(3);
      expect(res.json.errors.map((e: Json) => e.extensions)).toEqual(
        Array(3).fill({ code: 'VALIDATION_FAILED' }),
      );
    });

    test('a required variable not provided: VALIDATION_FAILED', async () => {
      const res = await gql(gw, live, { query: 'query ($m: Boolean!) { tenant { mode @include(if: $m) } }' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        errors: [
          {
            message: 'Variable "$m" of required type "Boolean!" was not provided.',
            locations: [{ line: 1, column: 8 }],
            extensions: { code: 'VALIDATION_FAILED' },
          },
        ],
      });
    });

    test.each([
      ['a body without a query', '{}', 'Missing query'],
      ['a non-string query', '{"query":42}', 'Invalid query'],
      [
        'variables that are not a map',
        '{"query":"{ tenant { alias } }","variables":[1]}',
        'Invalid variables',
      ],
      ['unparsable JSON', '{"query":', 'Unparsable JSON body'],
      ['a JSON body that is not an object', '"{ tenant { alias } }"', 'JSON body must be an object'],
    ])('%s: 400 VALIDATION_FAILED (not INTERNAL_ERROR)', async (_name, body, message) => {
      const res = await gql(gw, live, body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ errors: [{ message, extensions: { code: 'VALIDATION_FAILED' } }] });
    });

    test('GET without a query: 400 VALIDATION_FAILED', async () => {
      const res = await fetch(endpoint(gw, live), { headers: { authorization: basic(live.apiKey) } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        errors: [{ message: 'Missing query', extensions: { code: 'VALIDATION_FAILED' } }],
      });
    });

    test('a POST body that is not application/json: 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      const res = await gql(gw, live, '{"query":"{ tenant { alias } }"}', { 'content-type': 'text/plain' });
      expect(res.status).toBe(415);
      expect(res.json).toEqual({
        ...ERROR_BODY,
        statusCode: 415,
        apiErrorCode: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Content-Type must be application/json (UTF-8)',
      });
    });

    test('PUT: 405 METHOD_NOT_ALLOWED with Allow: GET, POST', async () => {
      const res = await fetch(endpoint(gw, live), {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: basic(live.apiKey) },
        body: JSON.stringify({ query: '{ tenant { alias } }' }),
      });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, POST');
      expect(await res.json()).toEqual({
        ...ERROR_BODY,
        statusCode: 405,
        apiErrorCode: 'METHOD_NOT_ALLOWED',
        message: 'Method PUT is not allowed; use GET or POST',
      });
    });

    test('an unexpected resolver error: INTERNAL_ERROR, generic message, no stack or detail', async () => {
      const boom = await createTestTenant(gw.deps.db, 'boom');
      const res = await gql(gw, boom, { query: '{ tenant { alias } }' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        data: null,
        errors: [
          {
            message: 'Internal server error',
            locations: [{ line: 1, column: 3 }],
            path: ['tenant'],
            extensions: { code: 'INTERNAL_ERROR' },
          },
        ],
      });
      expect(res.text).not.toMatch(/secret|10\.0\.0\.7|stack|at /);
    });

    test('an AppError in a resolver: its apiErrorCode and message', async () => {
      const gone = await createTestTenant(gw.deps.db, 'gone');
      const res = await gql(gw, gone, { query: '{ tenant { alias } }' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        data: null,
        errors: [
          {
            message: `No tenant ${gone.alias}`,
            locations: [{ line: 1, column: 3 }],
            path: ['tenant'],
            extensions: { code: 'NOT_FOUND' },
          },
        ],
      });
    });
  });

  describe('limits', () => {
    test('a standard introspection query succeeds', async () => {
      const res = await gql(gw, live, { query: getIntrospectionQuery() });
      expect(res.status).toBe(200);
      expect(res.json.errors).toBeUndefined();
      expect(res.json.data.__schema.queryType).toMatchObject({ name: 'Query' });
      const names = (res.json.data.__schema.types as { name: string }[]).map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['Tenant', 'TenantMode', 'Query', 'Mutation']));
    });

    test('introspection with every option (descriptions, deprecations, specifiedByURL, ...) succeeds', async () => {
      const query = getIntrospectionQuery({
        descriptions: true,
        specifiedByUrl: true,
        directiveIsRepeatable: true,
        schemaDescription: true,
        inputValueDeprecation: true,
      });
      const res = await gql(gw, live, { query });
      expect(res.status).toBe(200);
      expect(res.json.errors).toBeUndefined();
      expect(res.json.data.__schema.queryType).toMatchObject({ name: 'Query' });
    });

    // cost reflects work, and a refusal is a 400 before anything runs.
    const copies = (n: number, field: string) =>
      Array.from({ length: n }, (_, i) => `f${i}: ${field}`).join(' ');
    const yearDashboard =
      'dashboard(range: { from: "2025-01-01", to: "2025-12-31" }) { clicks daily { date clicks } }';

    test('400 year-long dashboards: 400 GRAPHQL_QUERY_TOO_COMPLEX; one year-long dashboard still answers', async () => {
      const refused = await gql(gw, live, { query: `{ ${copies(400, yearDashboard)} }` });
      expect(refused.status).toBe(400);
      expect(refused.json.data).toBeUndefined();
      expect(refused.json.errors).toEqual([
        {
          message: expect.stringMatching(/^Query complexity \d+ exceeds the maximum of 1000$/),
          extensions: { code: 'GRAPHQL_QUERY_TOO_COMPLEX' },
        },
      ]);
      expect((await gql(gw, live, { query: `{ ${copies(3, yearDashboard)} }` })).status).toBe(400);
      const one = await gql(gw, live, { query: `{ ${yearDashboard} }` });
      expect(one.status).toBe(200);
      expect(one.json.data.dashboard.daily).toHaveLength(365);
    });

    test('100 createApiKey: 400 before anything runs, no key created', async () => {
      const keys = async () =>
        (await gql(gw, other, { query: '{ apiKeys { id } }' })).json.data.apiKeys.length;
      const before = await keys();
      const res = await gql(gw, other, { query: `mutation { ${copies(100, 'createApiKey { key }')} }` });
      expect(res.status).toBe(400);
      expect(res.json.data).toBeUndefined();
      expect(res.json.errors[0].extensions.code).toBe('GRAPHQL_QUERY_TOO_COMPLEX');
      expect(await keys()).toBe(before);
    });

    test('more than 3 outbound calls (300 or 4 sendTestWebhook) in one request: 400 before anything runs', async () => {
      for (const n of [300, 4]) {
        const res = await gql(gw, live, {
          query: `mutation { ${copies(n, 'sendTestWebhook(endpointId: "01900000-0000-7000-8000-000000000000") { eventId }')} }`,
        });
        expect(res.status).toBe(400);
        expect(res.json.data).toBeUndefined();
        expect(res.json.errors).toContainEqual({
          message: expect.stringMatching(
            new RegExp(`^The operation makes ${n} outbound calls .*; at most 3 are allowed per request$`),
          ),
          locations: [{ line: 1, column: 1 }],
          extensions: { code: 'GRAPHQL_QUERY_TOO_COMPLEX' },
        });
      }
      // Three are let through (and run: this endpoint does not exist).
      const three = await gql(gw, live, {
        query: `mutation { ${copies(3, 'sendTestWebhook(endpointId: "01900000-0000-7000-8000-000000000000") { eventId }')} }`,
      });
      expect(three.status).not.toBe(400);
      expect(three.json.errors[0].extensions.code).toBe('NOT_FOUND');
    });

    test('complexity over the default 1000: GRAPHQL_QUERY_TOO_COMPLEX', async () => {
      const res = await gql(gw, live, { query: wideQuery(501) });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        errors: [
          {
            message: 'Query complexity 1002 exceeds the maximum of 1000',
            extensions: { code: 'GRAPHQL_QUERY_TOO_COMPLEX' },
          },
        ],
      });
    });

    test('a fragment bomb is rejected quickly as GRAPHQL_QUERY_TOO_COMPLEX, not a 500 or a hang', async () => {
      const started = Date.now();
      const res = await gql(gw, live, { query: fragmentBomb(22) });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(res.status).toBe(400);
      expect(res.json.data).toBeUndefined();
      expect(res.json.errors).toEqual([
        {
          message: 'Query is too complex: Query exceeds the maximum allowed number of nodes.',
          locations: [{ line: 1, column: 1 }],
          extensions: { code: 'GRAPHQL_QUERY_TOO_COMPLEX' },
        },
      ]);
    });
  });
});

describe('GraphQL complexity limit (GRAPHQL_MAX_DEPTH=3, GRAPHQL_MAX_COMPLEXITY=5)', () => {
  let gw: TestGateway;
  let tenant: IssuedKey;
  beforeAll(async () => {
    gw = await startTestGateway({
      config: testConfig({ GRAPHQL_MAX_DEPTH: '3', GRAPHQL_MAX_COMPLEXITY: '5' }),
    });
    tenant = await createTestTenant(gw.deps.db);
  });
  afterAll(() => gw.close());

  test('complexity exactly at the limit executes', async () => {
    const res = await gql(gw, tenant, { query: '{ a: tenant { alias mode } b: tenant { alias } }' }); // 3 + 2
    expect(res.json).toEqual({
      data: { a: { alias: tenant.alias, mode: 'LIVE' }, b: { alias: tenant.alias } },
    });
  });

  test('complexity over the limit: GRAPHQL_QUERY_TOO_COMPLEX and nothing executed', async () => {
    const res = await gql(gw, tenant, { query: wideQuery(3) }); // 3 × (tenant + alias) = 6
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      errors: [
        {
          message: 'Query complexity 6 exceeds the maximum of 5',
          extensions: { code: 'GRAPHQL_QUERY_TOO_COMPLEX' },
        },
      ],
    });
  });

  test('complexity through fragments counts the expanded selections', async () => {
    const res = await gql(gw, tenant, {
      query:
        '{ ...F a: tenant { ...G } } fragment F on Query { tenant { ...G } } fragment G on Tenant { alias mode }',
    });
    expect(res.json).toEqual({
      errors: [
        {
          message: 'Query complexity 6 exceeds the maximum of 5',
          extensions: { code: 'GRAPHQL_QUERY_TOO_COMPLEX' },
        },
      ],
    });
  });

  test('complexity over the limit by GET: GRAPHQL_QUERY_TOO_COMPLEX', async () => {
    const res = await gqlGet(gw, tenant, wideQuery(3));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      errors: [
        {
          message: 'Query complexity 6 exceeds the maximum of 5',
          extensions: { code: 'GRAPHQL_QUERY_TOO_COMPLEX' },
        },
      ],
    });
  });

  test('introspection is bounded by the complexity limit (only the depth rule ignores it)', async () => {
    const res = await gql(gw, tenant, { query: getIntrospectionQuery() });
    expect(res.status).toBe(400);
    expect(res.json.data).toBeUndefined();
    expect(res.json.errors).toEqual([
      {
        message: expect.stringMatching(/^Query complexity \d+ exceeds the maximum of 5$/),
        extensions: { code: 'GRAPHQL_QUERY_TOO_COMPLEX' },
      },
    ]);
  });
});

describe('GraphQL depth limit (GRAPHQL_MAX_DEPTH=1)', () => {
  // The schema is shallow (tenant → alias is depth 2), so the depth limit is exercised with a limit of 1.
  let gw: TestGateway;
  let tenant: IssuedKey;
  beforeAll(async () => {
    gw = await startTestGateway({ config: testConfig({ GRAPHQL_MAX_DEPTH: '1' }) });
    tenant = await createTestTenant(gw.deps.db);
  });
  afterAll(() => gw.close());

  test('depth 1 executes (__typename is not counted)', async () => {
    const res = await gql(gw, tenant, { query: '{ __typename _empty }' });
    expect(res.json).toEqual({ data: { __typename: 'Query', _empty: null } });
  });

  test.each([
    ['a direct selection', '{ tenant { alias } }'],
    ['through a fragment', '{ ...F } fragment F on Query { tenant { alias } }'],
    ['through an inline fragment', '{ ... on Query { tenant { alias } } }'],
    ['by GET', '{ tenant { alias } }'],
  ])('depth 2 %s: GRAPHQL_QUERY_TOO_COMPLEX and nothing executed', async (name, query) => {
    const res = name === 'by GET' ? await gqlGet(gw, tenant, query) : await gql(gw, tenant, { query });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      // located at the operation
      errors: [
        {
          message: 'Query depth 2 exceeds the maximum of 1',
          locations: [{ line: 1, column: 1 }],
          extensions: { code: 'GRAPHQL_QUERY_TOO_COMPLEX' },
        },
      ],
    });
  });

  test('introspection fields are not counted: a standard introspection query succeeds at depth limit 1', async () => {
    const res = await gql(gw, tenant, { query: getIntrospectionQuery() });
    expect(res.status).toBe(200);
    expect(res.json.errors).toBeUndefined();
    expect(res.json.data.__schema.queryType).toMatchObject({ name: 'Query' });
  });
});

describe('GraphQL body limit (BODY_LIMIT_BYTES=1024)', () => {
  let gw: TestGateway;
  let tenant: IssuedKey;
  beforeAll(async () => {
    gw = await startTestGateway({ config: testConfig({ BODY_LIMIT_BYTES: '1024' }) });
    tenant = await createTestTenant(gw.deps.db);
  });
  afterAll(() => gw.close());

  const padded = (bytes: number) => {
    const base = JSON.stringify({ query: '{ tenant { alias } }' });
    return JSON.stringify({ query: `{ tenant { alias } }${' '.repeat(bytes - base.length)}` });
  };

  test('a body of exactly the limit executes', async () => {
    const body = padded(1024);
    expect(Buffer.byteLength(body)).toBe(1024);
    const res = await gql(gw, tenant, body);
    expect(res.json).toEqual({ data: { tenant: { alias: tenant.alias } } });
  });

  test('a body one byte over the limit: 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await gql(gw, tenant, padded(1025));
    expect(res.status).toBe(413);
    expect(res.json).toEqual({
      statusCode: 413,
      apiErrorCode: 'PAYLOAD_TOO_LARGE',
      requestId: res.headers.get('x-request-id'),
      message: 'Request body is larger than 1024 bytes',
    });
  });

  test('a chunked body over the limit (no Content-Length): 413 PAYLOAD_TOO_LARGE', async () => {
    const chunk = new TextEncoder().encode(padded(4096));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(chunk);
        controller.close();
      },
    });
    const res = await fetch(endpoint(gw, tenant), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: basic(tenant.apiKey),
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      ...ERROR_BODY,
      statusCode: 413,
      apiErrorCode: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is larger than 1024 bytes',
    });
  });

  test('an unauthenticated large body is 401: authentication runs before the body is read', async () => {
    const res = await postJson(endpoint(gw, tenant), padded(4096));
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ ...ERROR_BODY, statusCode: 401, apiErrorCode: 'UNAUTHORIZED' });
  });
});
