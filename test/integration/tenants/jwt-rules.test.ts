/**
 * User JWT rules of an unknown `crit` header is refused; `exp` may be at most
 * USER_JWT_MAX_LIFETIME_S ahead; tokens without `exp` are accepted unless the tenant requires it
 * (program setting requireUserJwtExp, over REST and GraphQL, reaching the gateway cache at commit).
 */
import jwt from 'jsonwebtoken';
import {
  basic,
  createTestTenant,
  eventually,
  startTestGateway,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';

type Json = Record<string, any>;

const MAX_LIFETIME_S = 3600;
let gw: TestGateway;
let tenant: { alias: string; apiKey: string };
const nowS = () => Math.floor(Date.now() / 1000);
const claims = { user: { id: 'jane', accountId: 'acct-1' } };

beforeAll(async () => {
  gw = await startTestGateway({ config: testConfig({ USER_JWT_MAX_LIFETIME_S: String(MAX_LIFETIME_S) }) });
  tenant = await createTestTenant(gw.deps.db, 'jwt');
  expect((await call('PUT', '/open/account/acct-1/user/jane', basic(tenant.apiKey), {})).status).toBe(200);
});
afterAll(() => gw.close());

function call(method: string, path: string, authorization: string, body?: Json) {
  return fetch(`${gw.api(tenant.alias)}${path}`, {
    method,
    headers: { authorization, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
}

const sign = (payload: Json, header: Json = {}) =>
  jwt.sign(payload, tenant.apiKey, { header: { alg: 'HS256', typ: 'JWT', ...header } });

/** The user's own read: 200 with an accepted token, 401 otherwise. */
const readWith = async (token: string) =>
  (await call('GET', '/open/account/acct-1/user/jane', `Bearer ${token}`)).status;

test.each([
  ['no exp (compatibility with the API family)', 200, () => sign(claims)],
  ['exp within the maximum lifetime', 200, () => sign({ ...claims, exp: nowS() + MAX_LIFETIME_S - 60 })],
  [
    'exp further ahead than the maximum lifetime',
    401,
    () => sign({ ...claims, exp: nowS() + MAX_LIFETIME_S + 60 }),
  ],
  ['exp years ahead', 401, () => sign({ ...claims, exp: nowS() + 10 * 365 * 86400 })],
  [
    'an unknown crit header',
    401,
    () => sign({ ...claims, exp: nowS() + 60 }, { crit: ['urn:example:policy'], 'urn:example:policy': 1 }),
  ],
  ['a crit header naming exp', 401, () => sign({ ...claims, exp: nowS() + 60 }, { crit: ['exp'] })],
  ['an expired token', 401, () => sign({ ...claims, exp: nowS() - 60 })],
  [
    'a control character in the user id',
    401,
    () => sign({ user: { id: 'ja\u0007ne', accountId: 'acct-1' } }),
  ],
])('%s: %i', async (_name, status, token) => {
  const res = await call('GET', '/open/account/acct-1/user/jane', `Bearer ${token()}`);
  expect(res.status).toBe(status);
  if (status === 401) {
    expect(await res.json()).toMatchObject({ statusCode: 401, apiErrorCode: 'UNAUTHORIZED' });
    expect(res.headers.get('www-authenticate')).toContain('Bearer');
  }
});

test('a tenant can require exp (REST), and stop requiring it (GraphQL)', async () => {
  const apiKey = basic(tenant.apiKey);
  const withoutExp = sign(claims);
  const withExp = sign({ ...claims, exp: nowS() + 600 });

  const patched = await call('PATCH', '/program', apiKey, { requireUserJwtExp: true });
  expect(patched.status).toBe(200);
  expect(await patched.json()).toMatchObject({ requireUserJwtExp: true });
  expect(await gw.deps.db('tenants').where({ alias: tenant.alias }).first('require_user_jwt_exp')).toEqual({
    require_user_jwt_exp: true,
  });
  await eventually(
    'the gateway refuses tokens without exp',
    async () => (await readWith(withoutExp)) === 401,
  );
  expect(await readWith(withExp)).toBe(200);
  expect((await call('GET', '/program', apiKey)).status).toBe(200);

  const res = await call('POST', '/graphql', apiKey, {
    query: 'mutation { updateProgram(input: { requireUserJwtExp: false }) { requireUserJwtExp } }',
  });
  expect(await res.json()).toEqual({ data: { updateProgram: { requireUserJwtExp: false } } });
  await eventually(
    'the gateway accepts tokens without exp again',
    async () => (await readWith(withoutExp)) === 200,
  );
});

test('the setting is a boolean', async () => {
  const res = await call('PATCH', '/program', basic(tenant.apiKey), { requireUserJwtExp: 'yes' });
  expect(res.status).toBe(400);
  expect(((await res.json()) as Json).validationErrors).toEqual([
    expect.objectContaining({ path: 'requireUserJwtExp' }),
  ]);
});
