/**
 * What the gateway notes of a tenant's browser integration, off the request path: origins
 * refused by CORS (bounded at 50 per tenant, only real origins, never another tenant's) and the first
 * browser call (written once); read by GraphQL browserIntegration, and allowBrowserOrigin.
 */
import {
  basic,
  createTestTenant,
  startTestGateway,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';
import { userToken } from '../../helpers/referrals';
import { keyApi } from '../../helpers/api-client';

type Json = Record<string, any>;

let gw: TestGateway;
let acme: { alias: string; apiKey: string };
let other: { alias: string; apiKey: string };

const gql = (tenant: { alias: string; apiKey: string }, query: string, variables: Json = {}) =>
  keyApi(gw, tenant).gql(query, variables);

const INTEGRATION = `{ browserIntegration { scriptUrl scriptTag jwtSnippet firstBrowserCallAt
  refusedOrigins { origin firstSeenAt lastSeenAt requests } } }`;

const preflight = (alias: string, origin: string) =>
  fetch(`${gw.api(alias)}/open/account/a1/user/u1`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'PUT' },
  });

beforeAll(async () => {
  // Flushed by the test only, so "nothing written on the request path" cannot race the timer.
  gw = await startTestGateway({ config: testConfig({ CLICK_FLUSH_MS: '600000' }) });
  acme = await createTestTenant(gw.deps.db, 'sight');
  other = await createTestTenant(gw.deps.db, 'sight');
  const patch = await fetch(`${gw.api(acme.alias)}/program`, {
    method: 'PATCH',
    headers: { authorization: basic(acme.apiKey), 'content-type': 'application/json' },
    body: JSON.stringify({ allowedOrigins: ['https://shop.example'] }),
  });
  expect(patch.status).toBe(200);
});
afterAll(() => gw.close());

test('refused origins are counted per tenant, written in a batch, never shown to another tenant', async () => {
  for (let i = 0; i < 3; i += 1) await preflight(acme.alias, 'https://wrong.example');
  await preflight(acme.alias, 'https://shop.example'); // allowed: not a refusal
  await preflight(acme.alias, 'null'); // not an origin a page can be told to add
  await preflight('no_such_tenant', 'https://wrong.example');
  // Nothing is written on the request path.
  const { id: acmeId } = await gw.deps.db('tenants').where({ alias: acme.alias }).first('id');
  const stored = gw.deps.db('browser_refused_origins').where({ tenant_id: acmeId });
  expect(await stored.count('* as n').first()).toMatchObject({ n: '0' });
  await gw.deps.browserSightings.flush();

  const mine = (await gql(acme, INTEGRATION)).data.browserIntegration;
  expect(mine.refusedOrigins).toEqual([
    {
      origin: 'https://wrong.example',
      firstSeenAt: expect.any(Number),
      lastSeenAt: expect.any(Number),
      requests: 3,
    },
  ]);
  expect(mine.scriptTag).toBe(`<script src="${mine.scriptUrl}" data-tenant="${acme.alias}"></script>`);
  expect(mine.scriptUrl).toMatch(/\/js\/referral-[0-9a-f]{10}\.js$/);
  expect(mine.jwtSnippet).toContain('process.env.REFERRAL_API_KEY');
  expect(mine.jwtSnippet).not.toContain(acme.apiKey);
  const theirs = (await gql(other, INTEGRATION)).data.browserIntegration;
  expect(theirs.refusedOrigins).toEqual([]);
});

test('at most 50 origins are kept per tenant, however many are refused', async () => {
  for (let i = 0; i < 70; i += 1) await preflight(acme.alias, `https://flood${i}.example`);
  await gw.deps.browserSightings.flush();
  for (let i = 70; i < 80; i += 1) await preflight(acme.alias, `https://flood${i}.example`);
  await preflight(acme.alias, 'https://wrong.example');
  await gw.deps.browserSightings.flush();
  const rows = await gw.deps
    .db('browser_refused_origins')
    .join('tenants', 'tenants.id', 'tenant_id')
    .where('alias', acme.alias);
  expect(rows).toHaveLength(50);
  // A known origin keeps counting past the bound.
  expect(Number(rows.find((r: Json) => r.origin === 'https://wrong.example').requests)).toBe(4);
});

test('the first browser call is written once; allowBrowserOrigin adds an origin and it leaves the list', async () => {
  expect((await gql(acme, INTEGRATION)).data.browserIntegration.firstBrowserCallAt).toBeNull();
  const call = () =>
    fetch(`${gw.api(acme.alias)}/open/account/a1/user/u1`, {
      method: 'PUT',
      headers: {
        origin: 'https://shop.example',
        authorization: `Bearer ${userToken(acme.apiKey, 'a1', 'u1')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ firstName: 'Ann' }),
    });
  expect((await call()).status).toBe(200);
  await gw.deps.browserSightings.flush();
  const first = (await gql(acme, INTEGRATION)).data.browserIntegration.firstBrowserCallAt;
  expect(first).toEqual(expect.any(Number));
  expect((await call()).status).toBe(200);
  await gw.deps.browserSightings.flush();
  expect((await gql(acme, INTEGRATION)).data.browserIntegration.firstBrowserCallAt).toBe(first);
  expect((await gql(other, INTEGRATION)).data.browserIntegration.firstBrowserCallAt).toBeNull();

  const bad = await gql(acme, 'mutation($o: String!) { allowBrowserOrigin(origin: $o) { allowedOrigins } }', {
    o: 'https://shop.example/path',
  });
  expect(bad.errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED' });
  expect(JSON.stringify(bad.errors[0].extensions)).toContain('origin');
  const ok = await gql(acme, 'mutation($o: String!) { allowBrowserOrigin(origin: $o) { allowedOrigins } }', {
    o: 'HTTPS://Wrong.example/',
  });
  expect(ok.data.allowBrowserOrigin.allowedOrigins).toEqual([
    'https://shop.example',
    'https://wrong.example',
  ]);
  const origins = (await gql(acme, INTEGRATION)).data.browserIntegration.refusedOrigins.map(
    (r: Json) => r.origin,
  );
  expect(origins).toHaveLength(49);
  expect(origins).not.toContain('https://wrong.example');
});

test('two origins allowed at the same moment both land (the tenant row is locked for the change)', async () => {
  const origins = Array.from({ length: 6 }, (_, i) => `https://race${i}.example`);
  const answers = await Promise.all(
    origins.map((o) =>
      gql(other, 'mutation($o: String!) { allowBrowserOrigin(origin: $o) { allowedOrigins } }', { o }),
    ),
  );
  for (const answer of answers) expect(answer.errors).toBeUndefined();
  const program = await gql(other, '{ program { allowedOrigins } }');
  expect([...program.data.program.allowedOrigins].sort()).toEqual(expect.arrayContaining(origins));
});
