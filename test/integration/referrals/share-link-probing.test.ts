/**
 * Share-link 404s are identical for an unknown tenant and an unknown code (status, HTML body, headers and
 * the queries run, which is what their timing follows), so codes cannot be probed tenant by tenant: two
 * queries each with a cold gateway cache, none once it is warm.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { notifyTenantChanged } from '../../../shared/db/notify';
import {
  basic,
  createTestTenant,
  eventually,
  startTestGateway,
  type TestGateway,
} from '../../helpers/harness';

type Json = Record<string, any>;

let gw: TestGateway;
let tenant: { alias: string; apiKey: string };
let code: string;

beforeAll(async () => {
  gw = await startTestGateway();
  tenant = await createTestTenant(gw.deps.db, 'link');
  const call = (method: string, path: string, body: Json) =>
    fetch(`${gw.api(tenant.alias)}${path}`, {
      method,
      headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await call('PATCH', '/program', { landingUrl: 'https://shop.example/join' })).status).toBe(200);
  const user = await call('PUT', '/open/account/acct-1/user/jane', { firstName: 'Jane', lastName: 'Doe' });
  code = ((await user.json()) as Json).shareCode;
});
afterAll(() => gw.close());

/**
 * The answer with what may differ per request (date, request id) left out, and the SQL it ran; `cold`
 * empties the gateway cache first.
 */
async function probe(alias: string, shareCode: string, { cold }: { cold: boolean }) {
  if (cold) gw.deps.cache.invalidateAll();
  // Visits counted so far are written now, so their batched write does not land among this request's SQL.
  await gw.deps.clicks.flush();
  const queries: string[] = [];
  const onQuery = (q: Knex.Sql) => queries.push(q.sql);
  gw.deps.db.on('query', onQuery);
  try {
    const res = await fetch(`${gw.url}/r/${alias}/${shareCode}`, { redirect: 'manual' });
    const headers = Object.fromEntries(
      [...res.headers].filter(([name]) => !['date', 'x-request-id'].includes(name)),
    );
    expect(res.headers.get('x-request-id')).toEqual(expect.any(String));
    return { status: res.status, headers, body: await res.text(), queries };
  } finally {
    gw.deps.db.off('query', onQuery);
  }
}

test('the link works for the right tenant (the control)', async () => {
  const res = await fetch(`${gw.url}/r/${tenant.alias}/${code}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe(`https://shop.example/join?rsCode=${code}`);
});

test.each([
  ['cold', true, 2],
  ['warm', false, 0],
])(
  'an unknown tenant with a real code answers exactly as a real tenant with an unknown code (%s cache)',
  async (_state, cold, queryCount) => {
    // Other test files create tenants in the same database, and each new tenant's NOTIFY rightly drops
    // cached "unknown tenant" answers: a pair of probes that one fell between is taken again.
    const pair = async () => {
      // Counted before the warm-up: a notification arriving between the warm-up and the pair drops the
      // warmed answers too.
      const before = gw.deps.cache.stats().invalidations;
      if (!cold) {
        await probe('no_such_tenant', code, { cold: false });
        await probe(tenant.alias, 'NOSUCHCODE1', { cold: false });
      }
      const answers = [
        await probe('no_such_tenant', code, { cold }),
        await probe(tenant.alias, 'NOSUCHCODE1', { cold }),
      ] as const;
      // A notification committed during the pair may still be on its way to the gateway: PostgreSQL
      // delivers them in commit order, so once a sentinel sent now has arrived, every earlier one has too.
      await notifyTenantChanged(gw.deps.db, crypto.randomUUID(), 'new-code');
      await eventually(
        'the sentinel notification arrives',
        async () => gw.deps.cache.stats().invalidations > before,
      );
      return { answers, undisturbed: gw.deps.cache.stats().invalidations === before + 1 };
    };
    let taken = await pair();
    for (let i = 0; i < 5 && !taken.undisturbed; i++) taken = await pair();
    const [unknownTenant, unknownCode] = taken.answers;
    expect(unknownTenant.status).toBe(404);
    expect(unknownTenant.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknownTenant.headers['content-security-policy']).toMatch(/^default-src 'none';/);
    // The title is a translated text now, escaped like every value: ' is &#39;.
    expect(unknownTenant.body).toContain('This link doesn&#39;t work');
    expect(unknownTenant.headers).toEqual(unknownCode.headers);
    expect(unknownTenant.body).toEqual(unknownCode.body);
    expect(unknownTenant.queries).toEqual(unknownCode.queries);
    expect(unknownTenant.queries).toHaveLength(queryCount);
  },
);

test('the gateway keeps serving', async () => {
  expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${gw.url}/readyz`)).status).toBe(200);
});
