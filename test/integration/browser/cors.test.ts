/**
 * CORS: the routes a browser calls with a user JWT answer a listed origin (preflight before
 * authentication, then the actual request, errors included); any other origin gets no CORS headers;
 * API-key routes, and API-key calls, never get them. The origin list is read from the gateway cache.
 */
import type { Knex } from 'knex';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import {
  basic,
  createTestTenant,
  eventually,
  startTestGateway,
  type TestGateway,
} from '../../helpers/harness';
import { userToken } from '../../helpers/referrals';

type Json = Record<string, any>;

const SHOP = 'http://shop.localhost:5173';
const EVIL = 'https://evil.example';

let gw: TestGateway;
let tenant: IssuedKey;
let other: IssuedKey;
const user = { accountId: 'acct-cors', userId: 'user-cors' };
const userPath = `/open/account/${user.accountId}/user/${user.userId}`;

beforeAll(async () => {
  gw = await startTestGateway();
  [tenant, other] = await Promise.all([
    createTestTenant(gw.deps.db, 'cors'),
    createTestTenant(gw.deps.db, 'nocors'),
  ]);
  const patch = await fetch(`${gw.api(tenant.alias)}/program`, {
    method: 'PATCH',
    headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
    body: JSON.stringify({ allowedOrigins: ['HTTP://Shop.localhost:5173/', 'https://www.shop.example'] }),
  });
  expect(patch.status).toBe(200);
  const identified = await fetch(`${gw.api(tenant.alias)}${userPath}`, {
    method: 'PUT',
    headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Cora' }),
  });
  expect(identified.status).toBe(200);
  // The patch reaches the gateway cache with its notification.
  await eventually('the cache has the origins', async () => {
    const res = await preflight(`${userPath}/widget`, SHOP);
    return res.headers.get('access-control-allow-origin') === SHOP;
  });
});
afterAll(() => gw.close());

const jwt = () => `Bearer ${userToken(tenant.apiKey, user.accountId, user.userId)}`;

function preflight(path: string, origin: string, method = 'GET', alias = tenant.alias) {
  return fetch(`${gw.api(alias)}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type',
    },
  });
}

const corsHeaders = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => name.startsWith('access-control-')));

describe('preflight (OPTIONS, no credentials)', () => {
  test.each([
    ['PUT', userPath, 'GET, PUT'],
    ['GET', userPath, 'GET, PUT'],
    ['POST', `${userPath}/events`, 'POST'],
    ['GET', `${userPath}/widget`, 'GET'],
  ])('a listed origin may %s %s', async (method, path, methods) => {
    const res = await preflight(path, SHOP, method);
    expect(res.status).toBe(204);
    expect(corsHeaders(res)).toEqual({
      'access-control-allow-origin': SHOP,
      'access-control-allow-methods': methods,
      'access-control-allow-headers': 'Authorization, Content-Type, X-SaaSquatch-User-Token',
      'access-control-max-age': '600',
    });
    expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
    expect(await res.text()).toBe('');
  });

  test('another origin, another tenant or an unknown tenant gets a bare 204', async () => {
    for (const res of [
      await preflight(`${userPath}/widget`, EVIL),
      await preflight(`${userPath}/widget`, 'http://shop.localhost:5174'),
      await preflight(`${userPath}/widget`, 'https://shop.localhost:5173'),
      await preflight(`${userPath}/widget`, SHOP, 'GET', other.alias),
      await preflight(`${userPath}/widget`, SHOP, 'GET', 'no_such_tenant'),
    ]) {
      expect(res.status).toBe(204);
      expect(corsHeaders(res)).toEqual({});
    }
  });

  test('is answered from the gateway cache (no query once warm)', async () => {
    await preflight(`${userPath}/widget`, SHOP);
    const queries: string[] = [];
    const onQuery = (q: Knex.Sql) => queries.push(q.sql);
    gw.deps.db.on('query', onQuery);
    try {
      expect((await preflight(`${userPath}/widget`, SHOP)).status).toBe(204);
    } finally {
      gw.deps.db.off('query', onQuery);
    }
    expect(queries).toEqual([]);
  });
});

describe('actual requests', () => {
  async function withOrigin(
    method: string,
    path: string,
    origin: string,
    authorization: string,
    body?: Json,
  ) {
    return fetch(`${gw.api(tenant.alias)}${path}`, {
      method,
      headers: {
        origin,
        authorization,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  test('a listed origin with a user JWT may read the answer, errors included', async () => {
    const reads = [
      await withOrigin('GET', `${userPath}/widget`, SHOP, jwt()),
      await withOrigin('GET', userPath, SHOP, jwt()),
      await withOrigin('PUT', userPath, SHOP, jwt(), { firstName: 'Cora' }),
      await withOrigin('POST', `${userPath}/events`, SHOP, jwt(), {
        ...user,
        events: [{ key: 'page_view' }],
      }),
    ];
    for (const res of reads) {
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
    }
    const refused = await withOrigin('GET', `${userPath}/widget`, SHOP, 'Bearer not-a-jwt');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(await refused.json()).toMatchObject({ statusCode: 401, apiErrorCode: 'UNAUTHORIZED' });
  });

  test('another origin gets the answer without CORS headers (the browser keeps it from the page)', async () => {
    const res = await withOrigin('GET', `${userPath}/widget`, EVIL, jwt());
    expect(res.status).toBe(200);
    expect(corsHeaders(res)).toEqual({});
  });

  test('an API key never gets CORS headers, on any route', async () => {
    const key = basic(tenant.apiKey);
    for (const res of [
      await withOrigin('GET', `${userPath}/widget`, SHOP, key),
      await withOrigin('GET', userPath, SHOP, key),
      await withOrigin('GET', '/program', SHOP, key),
      await withOrigin('POST', '/graphql', SHOP, key, { query: '{ tenant { alias } }' }),
      await withOrigin('GET', '/code/NOSUCHCODE', SHOP, key),
    ]) {
      expect(res.status).toBeLessThan(500);
      expect(corsHeaders(res)).toEqual({});
    }
  });

  test('API-key-only routes answer a preflight without CORS headers', async () => {
    for (const path of ['/program', '/graphql', '/accountsync', '/code/ABC']) {
      const res = await preflight(path, SHOP, 'POST');
      expect(corsHeaders(res)).toEqual({});
    }
  });
});
