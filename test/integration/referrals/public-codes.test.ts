/**
 * GET /api/v1/{tenant}/open/codes/{code}: the public code endpoint of the browser library's checkCode
 * and friend-offer. Shape (first name or initial and the offer, no id or e-mail), caching headers and
 * 304, any origin, case-insensitive, unknown tenant = unknown code = malformed code (same status, body
 * and queries), another tenant's code unknown, and the per-address rate limit.
 */
import type { Knex } from 'knex';
import { basic, createTestTenant, startTestGateway, type TestGateway } from '../../helpers/harness';

type Json = Record<string, any>;

let gw: TestGateway;
let acme: { alias: string; apiKey: string };
let other: { alias: string; apiKey: string };
const codes: Record<string, string> = {};

async function call(tenant: { alias: string; apiKey: string }, method: string, path: string, body: Json) {
  const res = await fetch(`${gw.api(tenant.alias)}${path}`, {
    method,
    headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

const open = (alias: string, code: string, headers: Record<string, string> = {}) =>
  fetch(`${gw.api(alias)}/open/codes/${encodeURIComponent(code)}`, { headers });

beforeAll(async () => {
  gw = await startTestGateway();
  acme = await createTestTenant(gw.deps.db, 'pcode');
  other = await createTestTenant(gw.deps.db, 'pcode');
  await call(acme, 'PATCH', '/program', { referredDiscountPercent: 15 });
  const users = {
    maya: { firstName: 'Maya', lastName: 'Lopez', email: 'maya@example.com' },
    initial: { firstName: 'maya@example.com', lastName: 'Dupont', email: 'd@example.com' },
    nobody: { email: 'x@example.com' },
  };
  for (const [id, fields] of Object.entries(users)) {
    codes[id] = (await call(acme, 'PUT', `/open/account/acct-${id}/user/${id}`, fields)).shareCode;
  }
  codes.otherMaya = (
    await call(other, 'PUT', '/open/account/o1/user/maya', { firstName: 'Maya', lastName: 'Other' })
  ).shareCode;
});
afterAll(() => gw.close());

test('a known code: the first name and the offer, never an id or an e-mail, cacheable by anyone', async () => {
  const res = await open(acme.alias, codes.maya!.toLowerCase(), { origin: 'https://anywhere.example' });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Json;
  expect(body).toEqual({
    code: codes.maya,
    referrerName: 'Maya',
    offer: { programName: expect.any(String), discountPercent: 15 },
  });
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  const etag = res.headers.get('etag');
  expect(etag).toMatch(/^"[\w-]{22}"$/);
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/@|acct-|Lopez/);

  const again = await open(acme.alias, codes.maya!, { 'if-none-match': etag! });
  expect(again.status).toBe(304);
  expect(again.headers.get('etag')).toBe(etag);
  expect(await again.text()).toBe('');
});

test('no first name fit to show: the initial, else null', async () => {
  expect(((await (await open(acme.alias, codes.initial!)).json()) as Json).referrerName).toBe('D.');
  expect(((await (await open(acme.alias, codes.nobody!)).json()) as Json).referrerName).toBeNull();
});

/** Status, body without the request id, headers that may not differ, and the SQL it ran. */
async function probe(alias: string, code: string) {
  gw.deps.cache.invalidateAll();
  await gw.deps.clicks.flush();
  const queries: string[] = [];
  const onQuery = (q: Knex.Sql) => queries.push(q.sql);
  gw.deps.db.on('query', onQuery);
  try {
    const res = await open(alias, code);
    const { requestId, ...body } = (await res.json()) as Json;
    expect(requestId).toEqual(expect.any(String));
    const headers = Object.fromEntries(
      [...res.headers].filter(([name]) => !['date', 'x-request-id', 'content-length'].includes(name)),
    );
    return { status: res.status, body, headers, queries };
  } finally {
    gw.deps.db.off('query', onQuery);
  }
}

test('an unknown tenant, an unknown code and a malformed code are the same 404 after the same lookups', async () => {
  const unknownCode = await probe(acme.alias, 'NOSUCHCODE1');
  const unknownTenant = await probe('no_such_tenant', codes.maya!);
  expect(unknownCode.status).toBe(404);
  expect(unknownCode.body).toEqual({
    statusCode: 404,
    apiErrorCode: 'REFERRAL_CODE_NOT_FOUND',
    message: 'Unknown referral code',
  });
  expect(unknownCode.headers['access-control-allow-origin']).toBe('*');
  expect(unknownTenant).toEqual(unknownCode);
  expect(unknownCode.queries).toHaveLength(2);
  // Not the shape of a code, or of an alias: the same answer (without a code lookup to make).
  for (const [alias, code] of [
    [acme.alias, 'no such<code>'],
    [acme.alias, 'X'.repeat(65)],
    ['bad alias!', codes.maya!],
  ] as const) {
    const bad = await probe(alias, code);
    expect({ status: bad.status, body: bad.body }).toEqual({ status: 404, body: unknownCode.body });
  }
});

test("another tenant's code is unknown here", async () => {
  expect((await open(acme.alias, codes.otherMaya!)).status).toBe(404);
  expect((await open(other.alias, codes.maya!)).status).toBe(404);
  expect((await open(other.alias, codes.otherMaya!)).status).toBe(200);
});

test('one client address past its burst is refused: 429 RATE_LIMITED with Retry-After, readable by any origin', async () => {
  // All at once: sequential requests on a loaded machine can be slow enough for the bucket to refill.
  const answers = await Promise.all(Array.from({ length: 45 }, () => open(acme.alias, codes.maya!)));
  const refused = answers.find((a) => a.status === 429)!;
  expect(refused).toBeDefined();
  expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  expect(((await refused.json()) as Json).apiErrorCode).toBe('RATE_LIMITED');
});
