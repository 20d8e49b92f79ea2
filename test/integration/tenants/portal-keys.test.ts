/**
 * The API keys page's GraphQL (apiKeys, createApiKey, revokeApiKey) with an operator session and with
 * the API key: a created key is shown once and works at once, a revoked key is refused at once on the
 * gateway that revoked it and on another as soon as its NOTIFY arrives, another tenant's key is 404
 * and untouched, a VIEWER changes nothing, and the audit log never holds a key.
 */
import { listAuditLog } from '../../../shared/domain/common/audit-log';
import {
  adminApi,
  createPortalTenant,
  mailDomain,
  portalTenants,
  type AdminSession,
  type Json,
  type PortalTenant,
} from '../../helpers/admin-api';
import { basic, eventually, postJson, startTestGateway, type TestGateway } from '../../helpers/harness';

const KEY_SHAPE = /^rsk_live_[A-Za-z0-9_-]{86}$/;
const LIST = '{ apiKeys { id prefix dateCreated dateRevoked } }';
const CREATE = 'mutation { createApiKey { id prefix dateCreated key } }';
const REVOKE = 'mutation R($id: ID!) { revokeApiKey(id: $id) { id prefix dateCreated dateRevoked } }';

let gw: TestGateway;
let other: TestGateway;
let a: PortalTenant;
let b: PortalTenant;
let owner: AdminSession;
let adminOp: AdminSession;
let viewer: AdminSession;

/** A REST call with a key: 200 while it works, 401 once revoked. */
const programStatus = (via: TestGateway, tenant: { alias: string }, key: string) =>
  fetch(`${via.api(tenant.alias)}/program`, { headers: { authorization: basic(key) } }).then((r) => r.status);

/** GraphQL with the tenant's API key (not a session). */
const withKey = (tenant: { alias: string }, key: string, query: string, variables?: Json) =>
  postJson(`${gw.api(tenant.alias)}/graphql`, { query, variables }, { authorization: basic(key) });

beforeAll(async () => {
  [gw, other] = await Promise.all([startTestGateway(), startTestGateway()]);
  ({ a, b, owner, admin: adminOp, viewer } = await portalTenants(gw));
});

afterAll(async () => {
  await Promise.all([gw?.close(), other?.close()]);
});

const gql = (session: AdminSession, query: string, variables?: Json) =>
  adminApi(gw).graphql(session, query, variables);

async function activeKeys(session: AdminSession = owner): Promise<Json[]> {
  const res = await gql(session, LIST);
  expect(res.status).toBe(200);
  return res.json.data.apiKeys as Json[];
}

describe('apiKeys and createApiKey', () => {
  test('lists the active keys by prefix; a created key is shown once, listed first and works at once', async () => {
    const before = await activeKeys();
    expect(before).toContainEqual({
      id: expect.any(String),
      prefix: a.apiKey.slice(0, 16),
      dateCreated: expect.any(Number),
      dateRevoked: null,
    });

    const res = await gql(owner, CREATE);
    expect(res.status).toBe(200);
    const created = res.json.data.createApiKey as Json;
    expect(created).toEqual({
      id: expect.any(String),
      prefix: (created.key as string).slice(0, 16),
      dateCreated: expect.any(Number),
      key: expect.stringMatching(KEY_SHAPE),
    });
    expect(Math.abs((created.dateCreated as number) - Date.now())).toBeLessThan(60_000);
    expect(await programStatus(gw, a, created.key as string)).toBe(200);
    // Another gateway may hold the tenant's row from before the key: it takes the key with the NOTIFY.
    await eventually(
      'the new key works on the other gateway',
      async () => (await programStatus(other, a, created.key as string)) === 200,
    );
    expect(await programStatus(gw, a, a.apiKey)).toBe(200); // the others keep working

    const after = await activeKeys();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toEqual({
      id: created.id,
      prefix: created.prefix,
      dateCreated: created.dateCreated,
      dateRevoked: null,
    });
    expect(JSON.stringify(after)).not.toContain(created.key);
  });

  test('the API key manages keys too, and a key of another tenant never shows', async () => {
    const res = await withKey(b, b.apiKey, CREATE);
    expect(res.status).toBe(200);
    const created = res.json.data.createApiKey as Json;
    expect(await programStatus(gw, b, created.key as string)).toBe(200);
    const bKeys = (await withKey(b, b.apiKey, LIST)).json.data.apiKeys as Json[];
    expect(bKeys.map((k) => k.id)).toContain(created.id);
    expect((await activeKeys()).map((k) => k.id)).not.toContain(created.id);

    const revoked = await withKey(b, b.apiKey, REVOKE, { id: created.id });
    expect(revoked.json.data.revokeApiKey.dateRevoked).toEqual(expect.any(Number));
    expect(await programStatus(gw, b, created.key as string)).toBe(401);
  });
});

describe('revokeApiKey', () => {
  test('a revoked key is refused at once here, and on another gateway once its NOTIFY arrives', async () => {
    const created = (await gql(adminOp, CREATE)).json.data.createApiKey as Json;
    const key = created.key as string;
    for (const via of [gw, other]) {
      // Warm: the key is answered from the gateway's cache, so the refusal below is the invalidation's.
      await eventually('key cached', async () => {
        const hits = via.deps.cache.stats().tenants.hits;
        const status = await programStatus(via, a, key);
        return status === 200 && via.deps.cache.stats().tenants.hits === hits + 1;
      });
    }

    const res = await gql(adminOp, REVOKE, { id: created.id });
    expect(res.status).toBe(200);
    const revoked = res.json.data.revokeApiKey as Json;
    expect(revoked).toEqual({
      id: created.id,
      prefix: created.prefix,
      dateCreated: created.dateCreated,
      dateRevoked: expect.any(Number),
    });
    expect(await programStatus(gw, a, key)).toBe(401);
    await eventually(
      'revoked on the other gateway',
      async () => (await programStatus(other, a, key)) === 401,
    );
    expect(await programStatus(gw, a, a.apiKey)).toBe(200);
    expect((await activeKeys()).map((k) => k.id)).not.toContain(created.id);

    // Again: nothing changes, the first revocation's date stays.
    const again = await gql(owner, REVOKE, { id: created.id });
    expect(again.json.data.revokeApiKey).toEqual(revoked);
  });

  test("another tenant's key id is NOT_FOUND and that key keeps working", async () => {
    const bKeys = (await withKey(b, b.apiKey, LIST)).json.data.apiKeys as Json[];
    const bKey = bKeys.find((k) => k.prefix === b.apiKey.slice(0, 16))!;
    const res = await gql(owner, REVOKE, { id: bKey.id });
    expect(res.status).toBe(200);
    expect(res.json.data).toBeNull();
    expect(res.json.errors).toEqual([
      expect.objectContaining({ message: 'No such API key', extensions: { code: 'NOT_FOUND' } }),
    ]);
    expect(await programStatus(gw, b, b.apiKey)).toBe(200);
    expect(((await withKey(b, b.apiKey, LIST)).json.data.apiKeys as Json[]).map((k) => k.id)).toContain(
      bKey.id,
    );

    // Through B's own API, A's key id is as unknown.
    const aKey = (await activeKeys()).find((k) => k.prefix === a.apiKey.slice(0, 16))!;
    const cross = await withKey(b, b.apiKey, REVOKE, { id: aKey.id });
    expect(cross.json.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(await programStatus(gw, a, a.apiKey)).toBe(200);

    const unknown = await gql(owner, REVOKE, { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.json.errors[0].extensions.code).toBe('NOT_FOUND');
    const malformed = await gql(owner, REVOKE, { id: 'not-a-key-id' });
    expect(malformed.json.errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      validationErrors: [expect.objectContaining({ path: 'id' })],
    });
  });

  test('a VIEWER lists the keys but cannot create or revoke one (403, nothing changes)', async () => {
    const before = await activeKeys(viewer);
    expect(before.length).toBeGreaterThan(0);
    const create = await gql(viewer, CREATE);
    expect(create.status).toBe(403);
    expect(create.json.errors).toEqual([
      expect.objectContaining({ message: 'Viewers can read only', extensions: { code: 'FORBIDDEN' } }),
    ]);
    const revoke = await gql(viewer, REVOKE, { id: before[0]!.id });
    expect(revoke.status).toBe(403);
    expect(await activeKeys()).toEqual(before);
    expect(await programStatus(gw, a, a.apiKey)).toBe(200);
  });
});

describe('audit log', () => {
  test('records createApiKey and revokeApiKey with who and which id, never the key', async () => {
    const created = (await gql(owner, CREATE)).json.data.createApiKey as Json;
    const key = created.key as string;
    expect((await gql(owner, REVOKE, { id: created.id })).status).toBe(200);

    const { entries } = await listAuditLog(gw.deps.db, a.id, { first: 10 });
    const ownerEmail = owner.view.operator.email as string;
    expect(entries[0]).toMatchObject({
      operatorEmail: ownerEmail,
      action: 'revokeApiKey',
      target: created.prefix,
      details: { id: created.id },
    });
    // The target names which key by its prefix, which the API keys page shows too.
    expect(entries[1]).toMatchObject({
      operatorEmail: ownerEmail,
      action: 'createApiKey',
      target: created.prefix,
      details: {},
    });
    const everything = JSON.stringify((await listAuditLog(gw.deps.db, a.id, { first: 200 })).entries);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(key.slice('rsk_live_'.length, 40));

    // What the portal's audit page reads says the same.
    const page = await gql(owner, '{ auditLog(first: 2) { entries { action details } } }');
    expect(page.json.data.auditLog.entries).toEqual([
      { action: 'revokeApiKey', details: { id: created.id } },
      { action: 'createApiKey', details: {} },
    ]);
  });
});

describe('key scopes and caps', () => {
  const INVITE = 'mutation I($email: String!) { inviteOperator(email: $email, role: OWNER) { email role } }';
  const CREATE_SCOPED =
    'mutation C($scopes: [ApiKeyScope!]) { createApiKey(scopes: $scopes) { key scopes createdBy } }';

  test('an ADMIN’s key cannot invite an OWNER nor mint keys, and an ADMIN cannot grant scopes', async () => {
    const made = await gql(adminOp, CREATE_SCOPED);
    expect(made.json.data.createApiKey).toMatchObject({
      scopes: [],
      createdBy: expect.stringMatching(/^operator:/),
    });
    const key = made.json.data.createApiKey.key as string;
    const invite = await withKey(a, key, INVITE, { email: `climb-${Date.now()}@example.com` });
    expect(invite.json.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(invite.json.errors[0].message).toBe('This API key lacks the TEAM scope');
    expect((await withKey(a, key, CREATE)).json.errors?.[0]?.message).toBe(
      'This API key lacks the KEYS scope',
    );
    const granted = await gql(adminOp, CREATE_SCOPED, { scopes: ['TEAM'] });
    expect(granted.json.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const team = (await gql(owner, '{ operators { email role } }')).json.data.operators as Json[];
    expect(team.filter((o) => o.role === 'OWNER')).toHaveLength(1);
  });

  test('an OWNER grants scopes; a key never mints more than it holds', async () => {
    const teamKey = (await gql(owner, CREATE_SCOPED, { scopes: ['TEAM'] })).json.data.createApiKey as Json;
    expect(teamKey.scopes).toEqual(['TEAM']);
    const invited = await withKey(a, teamKey.key as string, INVITE, {
      email: `scoped-${Date.now()}@example.com`,
    });
    expect(invited.json.data?.inviteOperator).toMatchObject({ role: 'OWNER' });
    const keysKey = (await gql(owner, CREATE_SCOPED, { scopes: ['KEYS'] })).json.data.createApiKey as Json;
    const child = await withKey(a, keysKey.key as string, CREATE_SCOPED, { scopes: ['KEYS'] });
    expect(child.json.data.createApiKey).toMatchObject({
      scopes: ['KEYS'],
      createdBy: `apiKey:${String(keysKey.key).slice(0, 16)}`,
    });
    const climb = await withKey(a, keysKey.key as string, CREATE_SCOPED, { scopes: ['KEYS', 'TEAM'] });
    expect(climb.json.errors?.[0]?.message).toBe('You cannot grant the scope TEAM');
    const bad = await gql(owner, CREATE_SCOPED, { scopes: ['ROOT'] });
    expect(bad.json.errors?.[0]?.message).toContain('ApiKeyScope');
    expect(bad.json.data?.createApiKey).toBeUndefined();
  });

  test('a test-mode key never acts on operators, whatever its scopes', async () => {
    const testTenant = await createPortalTenant(gw.deps.db, `test_${a.alias}`);
    const res = await withKey(testTenant, testTenant.apiKey, INVITE, {
      email: `owner@${mailDomain(a.alias)}`,
    });
    expect(res.json.errors?.[0]?.message).toBe('A test-mode API key cannot change operators');
    expect(await gw.deps.db('operators').where({ tenant_id: testTenant.id }).count('* as n')).toEqual([
      { n: '0' },
    ]);
  });

  test('caps on active keys and on operators per tenant (409)', async () => {
    const c = await createPortalTenant(gw.deps.db);
    const config = gw.deps.config as { MAX_API_KEYS_PER_TENANT: number; MAX_OPERATORS_PER_TENANT: number };
    const saved = { ...config };
    config.MAX_API_KEYS_PER_TENANT = 3;
    config.MAX_OPERATORS_PER_TENANT = 2;
    try {
      const made = await Promise.all([1, 2, 3].map(() => withKey(c, c.apiKey, CREATE)));
      const codes = made.map((r) => r.json.errors?.[0]?.extensions?.code ?? 'ok');
      expect(codes.sort()).toEqual(['TOO_MANY_API_KEYS', 'ok', 'ok']);
      const invites = await Promise.all(
        [1, 2, 3].map((n) => withKey(c, c.apiKey, INVITE, { email: `op${n}@${mailDomain(c.alias)}` })),
      );
      expect(invites.map((r) => r.json.errors?.[0]?.extensions?.code ?? 'ok').sort()).toEqual([
        'TOO_MANY_OPERATORS',
        'ok',
        'ok',
      ]);
    } finally {
      Object.assign(config, saved);
    }
  });
});
