/**
 * Per-tenant rate limits through the real gateway and PostgreSQL: a tenant over its token bucket gets 429
 * RATE_LIMITED with Retry-After and the IETF RateLimit fields, before its body is read; health, readiness
 * and metrics never are limited; one tenant's bucket does not touch another's; and requests that are not
 * yet the tenant's (wrong credentials, share links, unsigned webhooks) do not use its quota.
 * (The CLI that sets an override, and its arrival at two gateways, is in tenant-cli.test.ts.)
 */
import { setTenantRateLimit } from '../../../shared/domain/tenants/tenant-rate-limits';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import {
  basic,
  createTestTenant,
  keyUsesRecorded,
  postJson,
  startTestGateway,
  type TestGateway,
} from '../../helpers/harness';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.close();
});

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> | undefined;
}

async function program(tenant: IssuedKey, apiKey = tenant.apiKey): Promise<Answer> {
  const res = await fetch(`${gw.api(tenant.alias)}/program`, { headers: { authorization: basic(apiKey) } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** n requests at once; their statuses grouped, and how long they took. */
async function burst(tenant: IssuedKey, n: number) {
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: n }, () => program(tenant)));
  return {
    answers,
    ok: answers.filter((a) => a.status === 200),
    limited: answers.filter((a) => a.status === 429),
    elapsedMs: performance.now() - started,
  };
}

/** A tenant with its own small bucket, set before its first request (the gateway loads the row then). */
async function limitedTenant(rps: number, burstSize: number): Promise<IssuedKey> {
  const tenant = await createTestTenant(gw.deps.db, 'rl');
  await setTenantRateLimit(gw.deps.db, tenant.alias, { rps, burst: burstSize });
  return tenant;
}

async function expectServiceAnswers() {
  const [health, ready, metrics] = await Promise.all(
    ['/healthz', '/readyz', '/metrics'].map((path) => fetch(`${gw.url}${path}`)),
  );
  expect([health!.status, ready!.status, metrics!.status]).toEqual([200, 200, 200]);
  for (const res of [health!, ready!, metrics!]) {
    expect(res.headers.get('ratelimit')).toBeNull();
    await res.arrayBuffer();
  }
}

describe('per-tenant rate limit', () => {
  test('over the limit: 429 RATE_LIMITED with Retry-After and RateLimit fields; health, readiness and metrics still answer', async () => {
    const tenant = await limitedTenant(1, 3);
    const { ok, limited, answers, elapsedMs } = await burst(tenant, 10);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    expect(ok.length).toBeLessThanOrEqual(3 + Math.ceil(elapsedMs / 1000));
    expect(ok.length + limited.length).toBe(answers.length);

    for (const a of ok) {
      expect(a.headers.get('ratelimit-policy')).toBe('"tenant";q=1;w=1;rs-burst=3');
      expect(a.headers.get('ratelimit')).toMatch(/^"tenant";r=[0-2];t=1$/);
    }
    expect(limited.length).toBeGreaterThan(0);
    for (const a of limited) {
      expect(a.headers.get('retry-after')).toBe('1');
      expect(a.headers.get('ratelimit-policy')).toBe('"tenant";q=1;w=1;rs-burst=3');
      expect(a.headers.get('ratelimit')).toBe('"tenant";r=0;t=1');
      expect(a.headers.get('content-type')).toMatch(/^application\/json/);
      expect(a.body).toEqual({
        statusCode: 429,
        message: expect.stringMatching(/^Rate limit exceeded: .*1 requests per second \(bursts of 3\)/),
        apiErrorCode: 'RATE_LIMITED',
        requestId: a.headers.get('x-request-id'),
      });
    }

    await expectServiceAnswers();
    const metrics = await (await fetch(`${gw.url}/metrics`)).text();
    const counted = new RegExp(`rate_limited_requests_total\\{tenant="${tenant.alias}"\\} (\\d+)`).exec(
      metrics,
    );
    expect(Number(counted?.[1])).toBeGreaterThanOrEqual(limited.length);

    // The bucket refills at its rate: after Retry-After, the tenant is served again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await program(tenant)).status).toBe(200);
  });

  test('a limited request is refused before its body is read, on REST and GraphQL alike', async () => {
    const tenant = await limitedTenant(1, 1);
    expect((await program(tenant)).status).toBe(200);
    const auth = { authorization: basic(tenant.apiKey) };
    // Both within a second of the first request, so the one-token bucket is still empty.
    const [events, graphql] = await Promise.all([
      postJson(`${gw.api(tenant.alias)}/open/account/a1/user/u1/events`, '{"not json', auth),
      postJson(`${gw.api(tenant.alias)}/graphql`, { query: '{ tenant { alias } }' }, auth),
    ]);
    expect(events.status).toBe(429);
    expect(events.json).toMatchObject({ statusCode: 429, apiErrorCode: 'RATE_LIMITED' });
    expect(graphql.status).toBe(429);
    expect(graphql.json).toMatchObject({ statusCode: 429, apiErrorCode: 'RATE_LIMITED' });
    expect(graphql.headers.get('retry-after')).toBe('1');
    await expectServiceAnswers();
  });

  test('a refusal makes no database query', async () => {
    const tenant = await limitedTenant(1, 1);
    expect((await program(tenant)).status).toBe(200); // the tenant is now in the gateway's cache
    const other = await createTestTenant(gw.deps.db, 'rlq');
    expect((await program(other)).status).toBe(200);
    // Each key's first use from this address is recorded after its answer (the audit's
    // apiKey.new_address): let those writes land before counting the refusals' queries.
    await keyUsesRecorded(gw.deps.db, [tenant.alias, other.alias]);
    const queries: string[] = [];
    const onQuery = (q: { sql: string }) => queries.push(q.sql);
    gw.deps.db.on('query', onQuery);
    try {
      const { limited } = await burst(tenant, 20);
      expect(limited.length).toBeGreaterThanOrEqual(19);
      // At most the one request a refilled token let through reads the program.
      expect(queries.length).toBeLessThanOrEqual(1);
      // The listener does see queries: a served request reads the program.
      expect((await program(other)).status).toBe(200);
      expect(queries.length).toBeGreaterThan(limited.length === 20 ? 0 : 1);
    } finally {
      gw.deps.db.off('query', onQuery);
    }
  });

  test('one tenant over its limit does not limit another', async () => {
    const noisy = await limitedTenant(1, 2);
    const quiet = await createTestTenant(gw.deps.db, 'rlq');
    const flood = await burst(noisy, 12);
    expect(flood.limited.length).toBeGreaterThan(0);

    const calm = await burst(quiet, 30);
    expect(calm.ok).toHaveLength(30);
    const defaults = gw.deps.config;
    expect(calm.ok[0]!.headers.get('ratelimit-policy')).toBe(
      `"tenant";q=${defaults.RATE_LIMIT_RPS};w=1;rs-burst=${defaults.RATE_LIMIT_BURST}`,
    );
    // Still limited itself, while the other is served (a burst: on a loaded machine the calm burst can
    // take long enough for one token to come back).
    expect((await burst(noisy, 6)).limited.length).toBeGreaterThan(0);
    // A counted request refused later, for its own content, carries the fields too.
    const invalid = await postJson(`${gw.api(quiet.alias)}/open/account/a1/user/u1/events`, '{"not json', {
      authorization: basic(quiet.apiKey),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ apiErrorCode: 'INVALID_JSON' });
    expect(invalid.headers.get('ratelimit')).toMatch(/^"tenant";r=\d+;t=1$/);
  });

  test('requests that are not yet the tenant’s do not use its quota', async () => {
    const tenant = await limitedTenant(1, 2);
    const wrongKey = `${tenant.apiKey.slice(0, -1)}${tenant.apiKey.endsWith('A') ? 'B' : 'A'}`;
    const webhook = `${gw.api(tenant.alias)}/processor/braintree/webhook`;
    const attempts = await Promise.all([
      ...Array.from({ length: 10 }, () => program(tenant, wrongKey).then((a) => a.status)),
      ...Array.from({ length: 10 }, () =>
        fetch(`${gw.url}/r/${tenant.alias}/NOSUCHCODE`, { redirect: 'manual' }).then((r) => r.status),
      ),
      ...Array.from({ length: 5 }, () =>
        fetch(webhook, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'bt_signature=forged&bt_payload=forged',
        }).then((r) => r.status),
      ),
    ]);
    expect(attempts.filter((s) => s === 429)).toEqual([]);
    expect(attempts.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(attempts.slice(10, 20)).toEqual(Array(10).fill(404));
    expect(attempts.slice(20)).toEqual(Array(5).fill(401));

    // The whole burst is still there for the tenant itself.
    const own = await burst(tenant, 2);
    expect(own.ok).toHaveLength(2);
    const unauthorized = await program(tenant, wrongKey);
    expect(unauthorized.headers.get('ratelimit')).toBeNull();
  });
});
