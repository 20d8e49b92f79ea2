import jwt from 'jsonwebtoken';
import { rotateApiKey } from '../../../shared/domain/tenants/tenants';
import {
  basic,
  createTestTenant,
  eventually,
  startTestGateway,
  type TestGateway,
} from '../../helpers/harness';

interface Tenant {
  alias: string;
  apiKey: string;
}

describe('tenant API key (HTTP Basic)', () => {
  let gw: TestGateway;
  let acme: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    gw = await startTestGateway();
    [acme, other] = await Promise.all([
      createTestTenant(gw.deps.db, 'acme'),
      createTestTenant(gw.deps.db, 'other'),
    ]);
  });
  afterAll(() => gw.close());

  const program = (alias: string, authorization?: string) =>
    fetch(`${gw.api(alias)}/program`, { headers: authorization ? { authorization } : {} });

  test('the key as user name with an empty password is accepted', async () => {
    const res = await program(acme.alias, basic(acme.apiKey, ''));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ alias: acme.alias, mode: 'live' });
  });

  test('the key as password with an empty user name is accepted', async () => {
    const res = await program(acme.alias, basic('', acme.apiKey));
    expect(res.status).toBe(200);
  });

  test.each([
    ['no credentials', () => undefined],
    ['a wrong key', () => basic(`${acme.apiKey.slice(0, -2)}xx`)],
    ['another tenant’s valid key', () => basic(other.apiKey)],
    ['the key in both user name and password', () => basic(acme.apiKey, acme.apiKey)],
    ['empty user name and password', () => basic('', '')],
    ['malformed Basic', () => 'Basic !!!notbase64'],
    ['an unknown scheme', () => `Token ${acme.apiKey}`],
  ])('%s is 401 with a challenge and the error body', async (_name, auth) => {
    const res = await program(acme.alias, auth());
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm="referral-service"/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      statusCode: 401,
      message: 'Missing or invalid credentials',
      apiErrorCode: 'UNAUTHORIZED',
      requestId: res.headers.get('x-request-id'),
    });
  });

  test('an unknown tenant alias answers exactly like a wrong key', async () => {
    const unknown = await program('no_such_tenant_x', basic(acme.apiKey));
    const wrongKey = await program(acme.alias, basic(other.apiKey));
    expect(unknown.status).toBe(401);
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    expect(strip((await unknown.json()) as Record<string, unknown>)).toEqual(
      strip((await wrongKey.json()) as Record<string, unknown>),
    );
    expect(unknown.headers.get('www-authenticate')).toBe(wrongKey.headers.get('www-authenticate'));
  });

  test('another tenant’s key never reaches the other tenant’s data', async () => {
    const res = await program(other.alias, basic(acme.apiKey));
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain(other.alias);
  });

  test('rotation revokes the old key; --keep-existing keeps both working', async () => {
    const t = await createTestTenant(gw.deps.db, 'rot');
    const kept = await rotateApiKey(gw.deps.db, t.alias, { keepExisting: true });
    expect((await program(t.alias, basic(t.apiKey))).status).toBe(200);
    expect((await program(t.alias, basic(kept.apiKey))).status).toBe(200);
    const fresh = await rotateApiKey(gw.deps.db, t.alias);
    // The gateway's key cache hears of the rotation by NOTIFY at commit, a moment later under load.
    const rejected = async (key: string) => (await program(t.alias, basic(key))).status === 401;
    await eventually('the first key rejected', () => rejected(t.apiKey));
    await eventually('the kept key rejected', () => rejected(kept.apiKey));
    expect((await program(t.alias, basic(fresh.apiKey))).status).toBe(200);
  });
});

describe('user JWT', () => {
  const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
  let gw: TestGateway;
  let acme: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    gw = await startTestGateway({ now: () => NOW });
    [acme, other] = await Promise.all([
      createTestTenant(gw.deps.db, 'jwt'),
      createTestTenant(gw.deps.db, 'jwto'),
    ]);
    const tenantId = (await gw.deps.db('tenants').where({ alias: acme.alias }).first()).id as string;
    await gw.deps.db('accounts').insert({ tenant_id: tenantId, id: 'acc-1' });
    await gw.deps
      .db('users')
      .insert({ tenant_id: tenantId, account_id: 'acc-1', id: 'user-1', email: 'u1@example.com' });
  });
  afterAll(() => gw.close());

  const sign = (payload: object, key = acme.apiKey, options: jwt.SignOptions = {}) =>
    jwt.sign(payload, key, { algorithm: 'HS256', ...options });
  const userPath = (accountId: string, userId: string, alias = acme.alias) =>
    `${gw.api(alias)}/open/account/${encodeURIComponent(accountId)}/user/${encodeURIComponent(userId)}`;
  const nowSeconds = Math.floor(NOW / 1000);
  const own = { user: { id: 'user-1', accountId: 'acc-1' } };

  test('a valid token signed with the tenant key reads its own user (Bearer)', async () => {
    const res = await fetch(userPath('acc-1', 'user-1'), {
      headers: { authorization: `Bearer ${sign(own)}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 'user-1', accountId: 'acc-1', email: 'u1@example.com' });
  });

  test('the X-SaaSquatch-User-Token header of the browser SDK is accepted', async () => {
    const res = await fetch(userPath('acc-1', 'user-1'), {
      headers: { 'x-saasquatch-user-token': sign(own) },
    });
    expect(res.status).toBe(200);
  });

  test('an unexpired exp is accepted; the API key still works on the same route', async () => {
    const token = sign({ ...own, exp: nowSeconds + 60 });
    expect(
      (await fetch(userPath('acc-1', 'user-1'), { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    expect(
      (await fetch(userPath('acc-1', 'user-1'), { headers: { authorization: basic(acme.apiKey) } })).status,
    ).toBe(200);
  });

  test.each([
    ['expired', () => sign({ ...own, exp: nowSeconds - 1 })],
    ['alg none', () => jwt.sign(own, '', { algorithm: 'none' })],
    ['HS512 instead of the pinned HS256', () => jwt.sign(own, acme.apiKey, { algorithm: 'HS512' })],
    ['signed with another tenant’s key', () => sign(own, other.apiKey)],
    ['signed with a wrong key', () => sign(own, 'not-the-key')],
    ['without a user claim', () => sign({ sub: 'user-1' })],
    ['garbage', () => 'not.a.jwt'],
  ])('%s is 401', async (_name, token) => {
    const res = await fetch(userPath('acc-1', 'user-1'), { headers: { authorization: `Bearer ${token()}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ statusCode: 401, apiErrorCode: 'UNAUTHORIZED' });
  });

  test.each([
    ['another user of the same account', 'acc-1', 'user-2'],
    ['another account', 'acc-2', 'user-1'],
  ])('a path naming %s is 403', async (_name, accountId, userId) => {
    const res = await fetch(userPath(accountId, userId), {
      headers: { authorization: `Bearer ${sign(own)}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ statusCode: 403, apiErrorCode: 'FORBIDDEN' });
  });

  test('a token is only valid at the tenant whose key signed it', async () => {
    const res = await fetch(userPath('acc-1', 'user-1', other.alias), {
      headers: { authorization: `Bearer ${sign(own)}` },
    });
    expect(res.status).toBe(401);
  });

  test('an API-key-only route rejects a user JWT', async () => {
    const res = await fetch(`${gw.api(acme.alias)}/program`, {
      headers: { authorization: `Bearer ${sign(own)}` },
    });
    expect(res.status).toBe(401);
  });

  test('an identified user that does not exist is 404 USER_NOT_FOUND', async () => {
    const token = sign({ user: { id: 'ghost', accountId: 'acc-9' } });
    const res = await fetch(userPath('acc-9', 'ghost'), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ apiErrorCode: 'USER_NOT_FOUND' });
  });
});
