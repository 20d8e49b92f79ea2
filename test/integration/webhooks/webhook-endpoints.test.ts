/**
 * Outbound webhook endpoints through the real gateway's GraphQL (first part), with the API key
 * and an operator session: create answers the secret once (sealed in the database, never in a list, the
 * audit log or the logs), update and re-enable, delete, rotation (both secrets sign for 24 hours, as the
 * standardwebhooks library verifies), bad input naming the field (URL, http, private address, unknown
 * event type, description), the per-tenant limit, another tenant's endpoint is NOT_FOUND, VIEWERs read
 * only. The gateway runs the production defaults: https only, private addresses refused.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { createDb, type Db } from '../../../shared/db/knex';
import { createWebhookEndpointsRepo } from '../../../shared/repos/webhook-endpoints.repo';
import { listAuditLog } from '../../../shared/domain/common/audit-log';
import {
  createWebhookEndpoint,
  openWebhookSigningSecrets,
  MAX_WEBHOOK_ENDPOINTS,
  SECRET_ROTATION_OVERLAP_MS,
} from '../../../shared/domain/webhooks/webhook-endpoints';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/domain/webhooks/webhook-event-types';
import { signWebhook } from '../../../shared/domain/webhooks/webhook-signing';
import { closeServer, listen } from '../../../shared/http';
import { createMetrics } from '../../../shared/metrics';
import { createApp } from '../../../services/gateway/app';
import { buildGatewayDeps } from '../../../services/gateway/gateway-deps';
import { createGatewayServer } from '../../../services/gateway/http-server';
import {
  adminApi,
  createPortalTenant,
  signedInOperator,
  type AdminSession,
  type Json,
  type PortalTenant,
} from '../../helpers/admin-api';
import { basic, postJson, testClientBundles, testConfig, type TestGateway } from '../../helpers/harness';

/** What a delivery signs with for this tenant's endpoint (null: no such endpoint), as deliveries open it. */
async function loadWebhookSigningSecrets(
  deps: Parameters<typeof openWebhookSigningSecrets>[0] & { db: Db },
  tenantId: string,
  endpointId: string,
): Promise<string[] | null> {
  const row = await createWebhookEndpointsRepo(deps.db).find(tenantId, endpointId);
  return row ? openWebhookSigningSecrets(deps, row) : null;
}

const ENDPOINT = `{ id url description eventTypes enabled dateDisabled disabledReason previousSecretExpiresAt
  dateCreated dateUpdated }`;
const CREATE = `mutation C($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) { id secret endpoint ${ENDPOINT} } }`;
const UPDATE = `mutation U($id: ID!, $input: UpdateWebhookEndpointInput!) {
  updateWebhookEndpoint(id: $id, input: $input) ${ENDPOINT} }`;
const DELETE = `mutation D($id: ID!) { deleteWebhookEndpoint(id: $id) ${ENDPOINT} }`;
const ROTATE = `mutation R($id: ID!) { rotateWebhookSecret(id: $id) { secret previousSecretExpiresAt endpoint { id } } }`;
const LIST = `{ webhookEndpoints ${ENDPOINT} }`;
const PUBLIC_URL = 'https://93.184.215.14/hooks/referrals';

/** Every log line the gateway writes, to check that no secret is ever in one. */
const logText: string[] = [];
const issuedSecrets: string[] = [];

let gw: TestGateway;
let a: PortalTenant;
let b: PortalTenant;
let owner: AdminSession;
let viewer: AdminSession;

/** startTestGateway's wiring, with a logger at debug level whose lines are kept. */
async function startLoggedGateway(): Promise<TestGateway> {
  const config = testConfig({ LOG_LEVEL: 'debug' });
  const db = createDb({ url: config.databaseUrl, poolMax: 5 });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logText.push(chunk.toString());
      done();
    },
  });
  const logger = pino({ level: 'debug' }, sink);
  const runtime = await buildGatewayDeps({
    config,
    db,
    logger,
    metrics: createMetrics({ collectDefaults: false }),
    clientBundles: testClientBundles(),
  });
  const { server, serve } = createGatewayServer(config, runtime.deps.metrics.registry);
  serve(createApp(runtime.deps).callback());
  const url = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  return {
    url,
    deps: runtime.deps,
    server,
    cacheListener: runtime.cacheListener,
    api: (alias) => `${url}/api/v1/${alias}`,
    async close() {
      await closeServer(server);
      await runtime.close();
    },
  };
}

beforeAll(async () => {
  gw = await startLoggedGateway();
  a = await createPortalTenant(gw.deps.db);
  b = await createPortalTenant(gw.deps.db);
  owner = await signedInOperator(gw, a, 'OWNER');
  viewer = await signedInOperator(gw, a, 'VIEWER');
});

afterAll(async () => {
  await gw?.close();
});

const withKey = async (tenant: PortalTenant, query: string, variables?: Json) => {
  const res = await postJson(
    `${gw.api(tenant.alias)}/graphql`,
    { query, variables },
    { authorization: basic(tenant.apiKey) },
  );
  collectSecrets(res.json);
  return res;
};
const asOperator = async (session: AdminSession, query: string, variables?: Json) => {
  const res = await adminApi(gw).graphql(session, query, variables);
  collectSecrets(res.json);
  return res;
};
function collectSecrets(json: Json | undefined) {
  const data = (json?.data ?? {}) as Json;
  for (const answer of Object.values(data)) {
    if (answer && typeof answer === 'object' && typeof (answer as Json).secret === 'string') {
      issuedSecrets.push((answer as Json).secret as string);
    }
  }
}
const create = async (tenant: PortalTenant, input: Json) => {
  const res = await withKey(tenant, CREATE, { input });
  expect(res.json.errors).toBeUndefined();
  return res.json.data.createWebhookEndpoint as Json;
};
const listOf = async (tenant: PortalTenant) =>
  (await withKey(tenant, LIST)).json.data.webhookEndpoints as Json[];
const sealedRow = (id: string) => gw.deps.db('webhook_endpoints').where({ id }).first();
const validationPaths = (res: { json: Json }) =>
  (res.json.errors?.[0]?.extensions?.validationErrors as { path: string }[] | undefined)?.map((v) => v.path);

test('the catalogue lists the nineteen event types (credit.adjusted, the payouts) with descriptions', async () => {
  const res = await withKey(a, '{ webhookEventTypes { name description } }');
  expect(res.json.data.webhookEventTypes).toEqual(
    Object.entries(WEBHOOK_EVENT_TYPES).map(([name, description]) => ({ name, description })),
  );
  expect(res.json.data.webhookEventTypes).toHaveLength(19);
  expect(res.json.data.webhookEventTypes.map((t: Json) => t.name)).toEqual(
    expect.arrayContaining(['payout.sent', 'payout.paid', 'payout.failed', 'payout.returned']),
  );
});

test('create answers the secret once; it is sealed at rest and never listed', async () => {
  const created = await create(a, {
    url: PUBLIC_URL,
    eventTypes: ['reward.created', 'referral.converted', 'reward.created'],
    description: 'CRM sync',
  });
  expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(created.endpoint).toMatchObject({
    id: created.id,
    url: PUBLIC_URL,
    description: 'CRM sync',
    eventTypes: ['referral.converted', 'reward.created'],
    enabled: true,
    dateDisabled: null,
    disabledReason: null,
    previousSecretExpiresAt: null,
  });

  const listRes = await withKey(a, LIST);
  expect(listRes.json.data.webhookEndpoints).toEqual([created.endpoint]);
  expect(listRes.text).not.toContain(created.secret);
  expect(listRes.text).not.toContain('whsec_');

  const row = await sealedRow(created.id as string);
  expect(row.secret_sealed).toMatch(/^v1\./);
  expect(row.secret_sealed).not.toContain(created.secret);
  expect(row.secret_sealed).not.toContain((created.secret as string).slice(6));
  // It opens (for deliveries) to exactly the secret shown.
  expect(await loadWebhookSigningSecrets(gw.deps, a.id, created.id as string)).toEqual([created.secret]);
  // Sealed for this tenant and endpoint: the sealed value does not open as another tenant's.
  await gw.deps.db('webhook_endpoints').where({ id: created.id }).update({ tenant_id: b.id });
  await expect(loadWebhookSigningSecrets(gw.deps, b.id, created.id as string)).rejects.toThrow(
    'does not open',
  );
  await gw.deps.db('webhook_endpoints').where({ id: created.id }).update({ tenant_id: a.id });

  // Omitted eventTypes and description: every type, empty description.
  const all = await create(a, { url: 'https://93.184.215.14/all' });
  expect(all.endpoint).toMatchObject({ eventTypes: [], description: '' });
});

test('bad input is VALIDATION_FAILED naming the field', async () => {
  const cases: [Json, string, RegExp][] = [
    [{ url: 'not a url' }, 'input.url', /absolute URL/],
    [{ url: 'http://93.184.215.14/hook' }, 'input.url', /https/],
    [{ url: 'https://10.0.0.5/hook' }, 'input.url', /private address/],
    [{ url: 'https://localhost:8443/hook' }, 'input.url', /loopback address/],
    [{ url: 'https://2130706433/hook' }, 'input.url', /loopback address/],
    [{ url: 'https://[::ffff:169.254.169.254]/' }, 'input.url', /link-local address/],
    [{ url: 'https://user:pw@93.184.215.14/' }, 'input.url', /user name or password/],
    [{ url: 'ftp://93.184.215.14/' }, 'input.url', /https URL/],
    [{ url: '' }, 'input.url', /./],
    [{ url: PUBLIC_URL, eventTypes: ['referral.converted', 'referral.exploded'] }, 'input.eventTypes.1', /./],
    [{ url: PUBLIC_URL, description: 'x'.repeat(501) }, 'input.description', /500/],
    [{ url: PUBLIC_URL, description: 'nul\u0000' }, 'input.description', /NUL/],
  ];
  for (const [input, path, message] of cases) {
    const res = await withKey(a, CREATE, { input });
    expect(res.json.data).toBeNull();
    expect(res.json.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(res.json.errors[0].extensions.validationErrors).toEqual([
      { path, message: expect.stringMatching(message) },
    ]);
  }
  // Nothing was stored by any of them.
  expect((await listOf(a)).map((e) => e.url)).not.toContain('https://10.0.0.5/hook');

  const malformedId = await withKey(a, DELETE, { id: 'not-a-uuid' });
  expect(malformedId.json.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  expect(validationPaths(malformedId)).toEqual(['id']);
});

test('with WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE_ADDRESSES (development, tests) localhost is accepted', async () => {
  const devConfig = testConfig({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'yes' });
  expect(devConfig).toMatchObject({ WEBHOOK_ALLOW_HTTP: true, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: true });
  expect(testConfig()).toMatchObject({ WEBHOOK_ALLOW_HTTP: false, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: false });
  const c = await createPortalTenant(gw.deps.db);
  const created = await createWebhookEndpoint({ ...gw.deps, config: devConfig }, c.id, {
    url: 'http://localhost:9/receiver',
  });
  issuedSecrets.push(created.secret);
  expect(created.endpoint.url).toBe('http://localhost:9/receiver');
  expect((await listOf(c)).map((e) => e.id)).toEqual([created.id]);
});

test('update changes what is given; disabling and re-enabling; a private URL is refused', async () => {
  const { id, endpoint } = await create(a, { url: PUBLIC_URL, eventTypes: ['user.created'] });
  const changed = await withKey(a, UPDATE, {
    id,
    input: { url: 'https://93.184.215.14/v2', eventTypes: ['import_job.failed'] },
  });
  expect(changed.json.data.updateWebhookEndpoint).toMatchObject({
    id,
    url: 'https://93.184.215.14/v2',
    eventTypes: ['import_job.failed'],
    description: endpoint.description,
    enabled: true,
  });

  const off = (await withKey(a, UPDATE, { id, input: { enabled: false } })).json.data.updateWebhookEndpoint;
  expect(off).toMatchObject({
    enabled: false,
    disabledReason: expect.any(String),
    dateDisabled: expect.any(Number),
  });
  // What a delivery would set after a 410 Gone: re-enabling clears it.
  await gw.deps
    .db('webhook_endpoints')
    .where({ id })
    .update({ disabled_reason: 'The endpoint answered 410 Gone' });
  const on = (await withKey(a, UPDATE, { id, input: { enabled: true } })).json.data.updateWebhookEndpoint;
  expect(on).toMatchObject({ enabled: true, disabledReason: null, dateDisabled: null });

  const refused = await withKey(a, UPDATE, { id, input: { url: 'https://192.168.1.10/' } });
  expect(validationPaths(refused)).toEqual(['input.url']);
  const unknownType = await withKey(a, UPDATE, { id, input: { eventTypes: ['nope'] } });
  expect(validationPaths(unknownType)).toEqual(['input.eventTypes.0']);
  expect((await listOf(a)).find((e) => e.id === id)).toMatchObject({ url: 'https://93.184.215.14/v2' });
});

test("another tenant's endpoint is NOT_FOUND for every change, and stays as it was", async () => {
  const { id, endpoint } = await create(a, { url: PUBLIC_URL, description: 'only A' });
  const before = await sealedRow(id as string);
  expect(await listOf(b)).toEqual([]);
  for (const [query, variables] of [
    [UPDATE, { id, input: { description: 'taken over' } }],
    [DELETE, { id }],
    [ROTATE, { id }],
  ] as [string, Json][]) {
    const res = await withKey(b, query, variables);
    expect(res.json.data).toBeNull();
    expect(res.json.errors[0]).toMatchObject({
      message: 'No such webhook endpoint',
      extensions: { code: 'NOT_FOUND' },
    });
  }
  expect((await listOf(a)).find((e) => e.id === id)).toEqual(endpoint);
  expect(await sealedRow(id as string)).toEqual(before);
});

test('delete removes the endpoint; deleting again is NOT_FOUND', async () => {
  const { id } = await create(a, { url: PUBLIC_URL });
  const gone = await withKey(a, DELETE, { id });
  expect(gone.json.data.deleteWebhookEndpoint).toMatchObject({ id });
  expect((await listOf(a)).map((e) => e.id)).not.toContain(id);
  expect((await withKey(a, DELETE, { id })).json.errors[0].extensions.code).toBe('NOT_FOUND');
});

test('rotation: a new secret, the previous one keeps signing for 24 hours, both verify', async () => {
  const { id, secret: first } = await create(a, { url: PUBLIC_URL });
  const before = Date.now();
  const res = await withKey(a, ROTATE, { id });
  const rotated = res.json.data.rotateWebhookSecret as Json;
  expect(rotated.secret).toMatch(/^whsec_/);
  expect(rotated.secret).not.toBe(first);
  expect(rotated.previousSecretExpiresAt).toBeGreaterThanOrEqual(before + SECRET_ROTATION_OVERLAP_MS);
  expect(rotated.previousSecretExpiresAt).toBeLessThanOrEqual(Date.now() + SECRET_ROTATION_OVERLAP_MS);
  const listed = (await listOf(a)).find((e) => e.id === id)!;
  expect(listed.previousSecretExpiresAt).toBe(rotated.previousSecretExpiresAt);

  const row = await sealedRow(id as string);
  expect(row.previous_secret_sealed).not.toContain(first);
  const secrets = await loadWebhookSigningSecrets(gw.deps, a.id, id as string);
  expect(secrets).toEqual([rotated.secret, first]);
  const body = JSON.stringify({
    id: 'evt',
    type: 'reward.created',
    timestamp: new Date().toISOString(),
    data: {},
  });
  const headers = signWebhook({
    id: 'evt',
    timestamp: Math.floor(Date.now() / 1000),
    body,
    secrets: secrets!,
  });
  expect(new Webhook(rotated.secret as string).verify(body, { ...headers })).toMatchObject({ id: 'evt' });
  expect(new Webhook(first as string).verify(body, { ...headers })).toMatchObject({ id: 'evt' });

  // After the overlap only the new secret signs, and the list stops showing an expiry.
  const later = { ...gw.deps, now: () => (rotated.previousSecretExpiresAt as number) + 1 };
  expect(await loadWebhookSigningSecrets(later, a.id, id as string)).toEqual([rotated.secret]);
  expect(await loadWebhookSigningSecrets(gw.deps, a.id, '00000000-0000-4000-8000-000000000000')).toBeNull();
});

test('operators: OWNER changes are audited by endpoint id without secrets; a VIEWER reads only', async () => {
  const created = await asOperator(owner, CREATE, { input: { url: PUBLIC_URL, description: 'by owner' } });
  const { id, secret } = created.json.data.createWebhookEndpoint as Json;
  const rotated = await asOperator(owner, ROTATE, { id });
  const newSecret = rotated.json.data.rotateWebhookSecret.secret as string;

  const seen = await asOperator(viewer, LIST);
  expect((seen.json.data.webhookEndpoints as Json[]).map((e) => e.id)).toContain(id);
  const refused = await asOperator(viewer, DELETE, { id });
  expect(refused.status).toBe(403);
  expect(refused.json.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await listOf(a)).map((e) => e.id)).toContain(id);

  const { entries } = await listAuditLog(gw.deps.db, a.id, { first: 200 });
  const mine = entries.filter((e) => e.target === id);
  expect(mine.map((e) => e.action).sort()).toEqual(['createWebhookEndpoint', 'rotateWebhookSecret']);
  expect(mine.find((e) => e.action === 'createWebhookEndpoint')!.details).toMatchObject({
    input: { url: PUBLIC_URL, description: 'by owner' },
  });
  const audit = JSON.stringify(entries);
  for (const s of [secret as string, newSecret]) expect(audit).not.toContain(s);
  expect(audit).not.toContain('whsec_');
});

test(`at most ${MAX_WEBHOOK_ENDPOINTS} endpoints per tenant: one more is CONFLICT`, async () => {
  const c = await createPortalTenant(gw.deps.db);
  await Promise.all(
    Array.from({ length: MAX_WEBHOOK_ENDPOINTS }, (_, i) => create(c, { url: `https://93.184.215.14/${i}` })),
  );
  // Concurrent attempts past the limit: every one refused, the count stays at the limit.
  const over = await Promise.all(
    Array.from({ length: 3 }, () => withKey(c, CREATE, { input: { url: PUBLIC_URL } })),
  );
  for (const res of over) {
    expect(res.json.errors[0].extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'WEBHOOK_ENDPOINT_LIMIT',
      limit: MAX_WEBHOOK_ENDPOINTS,
    });
  }
  expect(await listOf(c)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
  const [first] = await listOf(c);
  await withKey(c, DELETE, { id: first!.id });
  await create(c, { url: PUBLIC_URL });
});

test('no secret shown by any answer above is in the logs', () => {
  expect(issuedSecrets.length).toBeGreaterThan(5);
  const logs = logText.join('');
  expect(logs.length).toBeGreaterThan(0);
  for (const secret of issuedSecrets) {
    expect(logs).not.toContain(secret);
    expect(logs).not.toContain(secret.slice(6));
  }
  expect(logs).not.toContain('whsec_');
});
