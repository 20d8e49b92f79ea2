/**
 * The referrer's payout routes the widget calls (GET …/payouts, PUT …/payout-method): the user's own
 * JWT reads and sets them, another user's JWT is 403, another tenant's key finds no such referrer (and
 * its JWT is refused at this tenant); a bad e-mail or a missing country is a 400 naming the field; CORS
 * for the program's allowedOrigins, preflight included.
 */
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import { apiAt, keyApi, type TenantApi } from '../../helpers/api-client';
import { createTestTenant } from '../../helpers/harness';
import { startPayoutApi, type PayoutApi } from '../../helpers/payouts';
import { userToken } from '../../helpers/referrals';

const ORIGIN = 'https://shop.example';
let api: PayoutApi;
let otherKey: IssuedKey;
let other: TenantApi;
let referrer: string;

beforeAll(async () => {
  api = await startPayoutApi();
  otherKey = await createTestTenant(api.gw.deps.db, 'oth');
  other = keyApi(api.gw, otherKey);
  const patched = await api.call('PATCH', '/program', { allowedOrigins: [ORIGIN] });
  expect(patched.status).toBe(200);
  referrer = await api.referrer();
  await api.earnCash(referrer, 2500);
}, 60_000);
afterAll(() => api?.close());

const payouts = (accountId: string) => `/open/account/${accountId}/user/u-${accountId}/payouts`;
const method = (accountId: string) => `/open/account/${accountId}/user/u-${accountId}/payout-method`;
/** The referral API of `api`'s tenant as the user of `accountId` (their JWT signed with `apiKey`). */
const asUser = (accountId: string, apiKey = api.tenant.apiKey, userId = `u-${accountId}`) =>
  apiAt(api.gw.api(api.tenant.alias), `Bearer ${userToken(apiKey, accountId, userId)}`);

test("the user's own JWT reads their cash and sets PayPal; the answer is masked and not cached", async () => {
  const me = asUser(referrer);
  const before = await me.call('GET', payouts(referrer));
  expect(before.status).toBe(200);
  expect(before.headers.get('cache-control')).toBe('no-store');
  expect(before.body).toMatchObject({
    payee: { method: null, held: false },
    balances: [{ currency: 'USD', availableCents: 2500, pendingCents: 0, inFlightCents: 0, paidOutCents: 0 }],
    payouts: [],
  });
  const set = await me.call('PUT', method(referrer), { type: 'PAYPAL', email: ' Riley@Example.com ' });
  expect(set.status).toBe(200);
  expect(set.body).toMatchObject({
    payee: { method: { type: 'PAYPAL', masked: 'r•••@example.com' } },
    onboardingUrl: null,
  });
  expect(JSON.stringify((await me.call('GET', payouts(referrer))).body)).not.toContain('riley@');
});

test('a bad e-mail, a missing country or an unknown method is a 400 naming the field', async () => {
  const me = asUser(referrer);
  const cases: [unknown, string][] = [
    [{ type: 'PAYPAL', email: 'riley@' }, 'email'],
    [{ type: 'GIFT_CARD', email: 'riley@example.com', name: '' }, 'name'],
    [{ type: 'STRIPE_CONNECT', email: 'riley@example.com', country: '' }, 'country'],
    [{ type: 'CHEQUE', email: 'riley@example.com' }, 'type'],
  ];
  for (const [body, field] of cases) {
    const res = await me.call('PUT', method(referrer), body);
    expect({ status: res.status, code: res.body.apiErrorCode }).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(res.body.validationErrors.map((e: { path: string }) => e.path)).toEqual([field]);
  }
  // Nothing changed.
  expect((await api.referrerPayouts(referrer)).payee.method.masked).toBe('r•••@example.com');
});

test("another user's JWT is 403; another tenant neither reads nor changes this tenant's referrer", async () => {
  const someoneElse = await api.referrer();
  const res = await asUser(someoneElse).call('GET', payouts(referrer));
  expect(res.status).toBe(403);
  expect(
    (await asUser(someoneElse).call('PUT', method(referrer), { type: 'PAYPAL', email: 'x@example.com' }))
      .status,
  ).toBe(403);
  // The other tenant's key at its own alias: no such referrer there.
  const read = await other.call('GET', payouts(referrer));
  expect({ status: read.status, code: read.body.apiErrorCode }).toEqual({ status: 404, code: 'NOT_FOUND' });
  const write = await other.call('PUT', method(referrer), { type: 'PAYPAL', email: 'thief@example.com' });
  expect(write.status).toBe(404);
  // The other tenant's key, or a JWT signed with it, at this tenant's alias: refused.
  const otherAtThis = apiAt(api.gw.api(api.tenant.alias), other.auth);
  expect((await otherAtThis.call('GET', payouts(referrer))).status).toBe(401);
  const otherJwt = asUser(referrer, otherKey.apiKey);
  expect((await otherJwt.call('GET', payouts(referrer))).status).toBe(401);
  expect((await api.referrerPayouts(referrer)).payee.method.masked).toBe('r•••@example.com');
});

test('CORS: an allowed origin may read and PUT with the JWT; another origin gets no CORS answer', async () => {
  const preflight = await fetch(`${api.gw.api(api.tenant.alias)}${method(referrer)}`, {
    method: 'OPTIONS',
    headers: {
      origin: ORIGIN,
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'authorization,content-type',
    },
  });
  expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
  const read = await asUser(referrer).call('GET', payouts(referrer), undefined, { origin: ORIGIN });
  expect(read.status).toBe(200);
  expect(read.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  const stranger = await asUser(referrer).call('GET', payouts(referrer), undefined, {
    origin: 'https://elsewhere.example',
  });
  expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
});
