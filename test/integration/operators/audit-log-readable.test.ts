/**
 * The audit log people read through GraphQL: each entry's sentence, filters by actor, action
 * and UTC days (validated, naming the field), and another tenant's entries never listed.
 */
import { recordAudit } from '../../../shared/domain/common/audit-log';
import { createOperator } from '../../../shared/domain/operators/operators';
import { adminApi, portalTenants } from '../../helpers/admin-api';
import { basic, createTestTenant, postJson } from '../../helpers/harness';
import { startReferralApi, type ReferralApi } from '../../helpers/referrals';

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi();
});
afterAll(async () => {
  await api?.close();
});

const AUDIT = `query A($actor: String, $action: String, $from: String, $to: String) {
  auditLog(first: 50, actor: $actor, action: $action, from: $from, to: $to) { entries { action sentence } } }`;

async function entry(tenantId: string, at: string, input: Partial<Parameters<typeof recordAudit>[1]>) {
  const row = await recordAudit(api.gw.deps.db, {
    tenantId,
    operator: null,
    action: 'operator.login',
    ...input,
  });
  await api.gw.deps.db('audit_log').where({ id: row.id }).update({ at });
}

test('sentences, filters by actor, action and day, and no other tenant', async () => {
  const t = api.tenantId;
  const operator = async (tenantId: string, email: string) => {
    await createOperator(api.gw.deps.db, {
      tenantId,
      email,
      password: 'correct horse battery staple 9',
      role: 'ADMIN',
    });
    const row = await api.gw.deps.db('operators').where({ tenant_id: tenantId, email }).first('id');
    return { id: row.id as string, email };
  };
  const ana = await operator(t, 'ana@acme.example');
  const bo = await operator(t, 'bo@acme.example');
  await entry(t, '2025-03-01T10:00:00Z', { operator: ana, action: 'operator.login' });
  await entry(t, '2025-03-02T10:00:00Z', {
    operator: ana,
    action: 'reviewReferrals',
    details: { ids: ['r1', 'r2'], decision: 'APPROVE', reason: 'duplicate check done' },
  });
  await entry(t, '2025-03-03T23:59:59Z', { operator: bo, action: 'operator.login' });
  await entry(t, '2025-03-04T00:00:00Z', {
    actor: { kind: 'apiKey', label: 'rsk_live_ab12' },
    action: 'updateProgram',
    details: { input: { maxReferrerDiscountPercent: 50 } },
  });
  const other = await createTestTenant(api.gw.deps.db, 'audit');
  const otherId = (await api.gw.deps.db('tenants').where({ alias: other.alias }).first('id')).id as string;
  const theirAna = await operator(otherId, 'ana@acme.example');
  await entry(otherId, '2025-03-02T11:00:00Z', { operator: theirAna, action: 'operator.login' });

  const list = async (vars: Record<string, string>) => {
    const res = await api.gql(AUDIT, vars);
    expect(res.errors).toBeUndefined();
    return (res.data.auditLog.entries as { sentence: string }[]).map((e) => e.sentence);
  };
  const march = { from: '2025-03-01', to: '2025-03-31' };
  expect(await list(march)).toEqual([
    "An API key rsk_live_ab12 changed the program's maxReferrerDiscountPercent",
    'bo@acme.example signed in',
    'ana@acme.example approved 2 referrals: duplicate check done',
    'ana@acme.example signed in',
  ]);
  expect(await list({ ...march, actor: 'ANA@acme.example' })).toEqual([
    'ana@acme.example approved 2 referrals: duplicate check done',
    'ana@acme.example signed in',
  ]);
  expect(await list({ ...march, actor: 'rsk_live_ab12' })).toHaveLength(1);
  expect(await list({ ...march, action: 'operator.login' })).toEqual([
    'bo@acme.example signed in',
    'ana@acme.example signed in',
  ]);
  expect(await list({ from: '2025-03-02', to: '2025-03-03' })).toEqual([
    'bo@acme.example signed in',
    'ana@acme.example approved 2 referrals: duplicate check done',
  ]);

  // Bad filters are refused, naming the field.
  const bad = await api.gql(AUDIT, { from: '2025-02-30', action: 'drop table' });
  expect(bad.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  expect(JSON.stringify(bad.errors[0].extensions.validationErrors)).toContain('action');
  expect(JSON.stringify(bad.errors[0].extensions.validationErrors)).toContain('from');

  // The other tenant sees only its own entry.
  const theirs = await postJson(
    `${api.gw.api(other.alias)}/graphql`,
    { query: AUDIT, variables: march },
    { authorization: basic(other.apiKey) },
  );
  expect(theirs.json.data.auditLog.entries).toEqual([
    { action: 'operator.login', sentence: 'ana@acme.example signed in' },
  ]);
});

test('the CSV export: streamed, filtered, formulas defused; VIEWERs and other tenants get nothing', async () => {
  const { a, b, owner, viewer } = await portalTenants(api.gw);
  const admin = adminApi(api.gw);
  // Sign-ins of the three operators are logged today; add one entry with a formula in its reason.
  await recordAudit(api.gw.deps.db, {
    tenantId: a.id,
    operator: null,
    actor: { kind: 'apiKey', label: 'rsk_live_cd34' },
    action: 'reviewReferrals',
    target: '=cmd|calc',
    details: { ids: ['r9'], decision: 'DENY', reason: '@SUM(1+1)' },
  });
  await recordAudit(api.gw.deps.db, { tenantId: b.id, operator: null, action: 'operator.login' });

  const all = await admin.call('/audit-log.csv', { cookie: owner.cookie });
  expect(all.status).toBe(200);
  expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(all.headers.get('content-disposition')).toBe(`attachment; filename="audit-log-${a.alias}.csv"`);
  const lines = all.text.split('\r\n');
  expect(lines[0]).toBe('at,actor,actorKind,action,target,sentence,clientAddress,userAgent,details');
  expect(lines[1]).toMatch(
    /^[0-9T:.Z-]+,An API key rsk_live_cd34,apiKey,reviewReferrals,'=cmd\|calc,An API key rsk_live_cd34 denied 1 referral: @SUM\(1\+1\),,,/,
  );
  expect(lines.filter((l) => l.includes(',operator.login,'))).toHaveLength(3);
  expect(all.text).not.toContain(b.alias);

  const filtered = await admin.call(
    '/audit-log.csv?action=operator.login&actor=VIEWER@' + viewer.view.operator.email.split('@')[1],
    {
      cookie: owner.cookie,
    },
  );
  expect(filtered.status).toBe(200);
  expect(filtered.text.trim().split('\r\n')).toHaveLength(2);
  expect(filtered.text).toContain(`${viewer.view.operator.email} signed in`);

  const bad = await admin.call('/audit-log.csv?from=2025-13-01', { cookie: owner.cookie });
  expect(bad.status).toBe(400);
  expect(bad.json.validationErrors[0].path).toBe('from');
  expect((await admin.call('/audit-log.csv', { cookie: viewer.cookie })).status).toBe(403);
  expect((await admin.call('/audit-log.csv')).status).toBe(401);
});
