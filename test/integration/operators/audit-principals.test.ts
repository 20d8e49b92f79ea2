/**
 * the audit log records every change whoever makes it, not only operators' ones.
 * An API key's mutations (the team, keys, program, SFTP, webhooks), its REST changes and uploads are
 * recorded with the key's prefix, the client's address and user agent; the first use of a key from a new
 * address is recorded once; an entry commits with its change or not at all; a tenant never sees
 * another's entries.
 */
import { listAuditLog, type AuditEntryView } from '../../../shared/domain/common/audit-log';
import {
  adminApi,
  createPortalTenant,
  mailDomain,
  signedInOperator,
  type PortalTenant,
} from '../../helpers/admin-api';
import { basic, eventually, postJson, startTestGateway, type TestGateway } from '../../helpers/harness';

let gw: TestGateway;
let a: PortalTenant;
let b: PortalTenant;
const UA = 'audit-test/1.0';

beforeAll(async () => {
  gw = await startTestGateway();
  [a, b] = await Promise.all([createPortalTenant(gw.deps.db), createPortalTenant(gw.deps.db)]);
});

afterAll(() => gw.close());

const withKey = (tenant: PortalTenant, query: string, variables?: Record<string, unknown>, from?: string) =>
  postJson(
    `${gw.api(tenant.alias)}/graphql`,
    { query, variables },
    { authorization: basic(tenant.apiKey), 'user-agent': UA, ...(from ? { 'x-forwarded-for': from } : {}) },
  );

const entries = async (tenant: PortalTenant): Promise<AuditEntryView[]> =>
  (await listAuditLog(gw.deps.db, tenant.id, { first: 200 })).entries;

test('an API key’s mutations of each family are recorded with its prefix, address and user agent', async () => {
  const calls: [string, string, Record<string, unknown>?][] = [
    [
      'inviteOperator',
      'mutation I($e: String!) { inviteOperator(email: $e, role: VIEWER) { email } }',
      { e: `v@${mailDomain(a.alias)}` },
    ],
    ['createApiKey', 'mutation { createApiKey { prefix } }'],
    ['updateProgram', 'mutation { updateProgram(input: { name: "Audited" }) { name } }'],
    ['enableSftp', 'mutation { enableSftp { enabled } }'],
    [
      'createWebhookEndpoint',
      'mutation { createWebhookEndpoint(input: { url: "https://93.184.215.14/audit" }) { endpoint { id } } }',
    ],
  ];
  for (const [, query, variables] of calls) {
    const res = await withKey(a, query, variables);
    expect(res.json.errors).toBeUndefined();
  }
  const log = await entries(a);
  for (const [action] of calls) {
    expect(log.find((e) => e.action === action)).toMatchObject({
      operatorEmail: null,
      actorKind: 'apiKey',
      actorLabel: a.apiKey.slice(0, 16),
      clientAddress: '127.0.0.1',
      userAgent: UA,
    });
  }
  expect(JSON.stringify(log)).not.toContain(a.apiKey);
});

test('REST changes and uploads with the key are recorded too', async () => {
  const patched = await fetch(`${gw.api(a.alias)}/program`, {
    method: 'PATCH',
    headers: { authorization: basic(a.apiKey), 'content-type': 'application/json', 'user-agent': UA },
    body: JSON.stringify({ name: 'Patched over REST' }),
  });
  expect(patched.status).toBe(200);
  const uploaded = await fetch(`${gw.api(a.alias)}/export/upload?filename=users.csv`, {
    method: 'POST',
    headers: { authorization: basic(a.apiKey), 'content-type': 'text/csv' },
    body: 'id,accountId\nu1,a1\n',
  });
  expect(uploaded.status).toBe(200);
  const log = await entries(a);
  expect(log.find((e) => e.action === 'program.update')).toMatchObject({
    actorKind: 'apiKey',
    details: { name: 'Patched over REST' },
    userAgent: UA,
  });
  expect(log.find((e) => e.action === 'file.upload')).toMatchObject({
    actorKind: 'apiKey',
    target: ((await uploaded.json()) as { fileRef: string }).fileRef,
  });
});

test('the entry commits with its change: when the entry cannot be written, the change is undone', async () => {
  const probe = `audit-probe-${Date.now()}`;
  const constraint = `audit_probe_${Date.now()}`;
  await gw.deps.db.raw(
    `alter table audit_log add constraint ${constraint} check (coalesce(details->'input'->>'name', '') <> '${probe}') not valid`,
  );
  try {
    const res = await withKey(a, 'mutation N($n: String!) { updateProgram(input: { name: $n }) { name } }', {
      n: probe,
    });
    expect(res.json.errors?.[0]?.extensions?.code).toBe('INTERNAL_ERROR');
  } finally {
    await gw.deps.db.raw(`alter table audit_log drop constraint ${constraint}`);
  }
  const program = await fetch(`${gw.api(a.alias)}/program`, { headers: { authorization: basic(a.apiKey) } });
  expect(((await program.json()) as { name: string }).name).not.toBe(probe);
  // A refused mutation leaves no entry either.
  const before = (await entries(a)).length;
  const refused = await withKey(
    a,
    'mutation { revokeApiKey(id: "00000000-0000-4000-8000-000000000000") { id } }',
  );
  expect(refused.json.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  expect((await entries(a)).length).toBe(before);
});

test('the first use of a key from a new address is recorded once', async () => {
  for (let i = 0; i < 3; i += 1) await withKey(b, '{ tenant { alias } }', undefined, '198.51.100.7');
  await withKey(b, '{ tenant { alias } }', undefined, '198.51.100.8');
  await eventually(
    'both addresses are recorded',
    async () => (await entries(b)).filter((e) => e.action === 'apiKey.new_address').length >= 2,
  );
  const seen = (await entries(b)).filter((e) => e.action === 'apiKey.new_address');
  expect(seen.map((e) => e.clientAddress).sort()).toEqual(['198.51.100.7', '198.51.100.8']);
  expect(seen[0]).toMatchObject({ actorKind: 'apiKey', target: b.apiKey.slice(0, 16) });
});

test('sign-in audit and cross-tenant: a tenant’s audit log never shows another’s entries', async () => {
  const owner = await signedInOperator(gw, b, 'OWNER');
  const page = await adminApi(gw).graphql(
    owner,
    '{ auditLog(first: 200) { entries { action actorKind actorLabel clientAddress } } }',
  );
  const shown = page.json.data.auditLog.entries as { actorLabel: string | null }[];
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.map((e) => e.actorLabel)).not.toContain(a.apiKey.slice(0, 16));
  expect(page.json.data.auditLog.entries).toContainEqual(
    expect.objectContaining({ action: 'apiKey.new_address', actorKind: 'API_KEY' }),
  );
});
