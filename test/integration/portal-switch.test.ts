/**
 * Live/test twins in the admin portal: the session view names the twin (`test_X` for `X` and back)
 * when the operator's e-mail is an operator there; POST /admin/api/switch-tenant moves the operator
 * there without a password (new cookie, the old session ended, the twin's role), needs the CSRF token,
 * is 404 without a twin operator, and is recorded in both tenants' audit logs.
 */
import { listAuditLog } from '../../shared/domain/audit-log';
import {
  addOperator,
  adminApi,
  createPortalTenant,
  mailDomain,
  type AdminSession,
  type PortalTenant,
} from '../helpers/admin-api';
import { startTestGateway, uniqueAlias, type TestGateway } from '../helpers/harness';

const LIVE_PASSWORD = 'live horse battery';
const TEST_PASSWORD = 'test horse battery';
const RENAME = 'mutation R($name: String!) { updateProgram(input: { name: $name }) { name } }';

let gw: TestGateway;
let live: PortalTenant;
let test_: PortalTenant;
let lonely: PortalTenant;
let both: string;
let liveOnly: string;
let api: ReturnType<typeof adminApi>;

beforeAll(async () => {
  gw = await startTestGateway();
  api = adminApi(gw);
  const db = gw.deps.db;
  const alias = uniqueAlias('sw');
  live = await createPortalTenant(db, alias);
  test_ = await createPortalTenant(db, `test_${alias}`);
  lonely = await createPortalTenant(db);
  both = `ops@${mailDomain(alias)}`;
  liveOnly = `solo@${mailDomain(alias)}`;
  await addOperator(db, live, both, LIVE_PASSWORD, 'OWNER');
  await addOperator(db, test_, both, TEST_PASSWORD, 'VIEWER');
  await addOperator(db, live, liveOnly, LIVE_PASSWORD, 'ADMIN');
  await addOperator(db, lonely, `ops@${mailDomain(lonely.alias)}`, LIVE_PASSWORD, 'OWNER');
});

afterAll(async () => {
  await gw?.close();
});

const switchTenant = (session: { cookie?: string; csrf?: string }, origin?: string) =>
  api.call('/switch-tenant', { method: 'POST', cookie: session.cookie, csrf: session.csrf, origin });

const tenantOf = async (session: AdminSession) =>
  (await api.graphql(session, '{ tenant { alias mode } }')).json.data?.tenant as unknown;

describe('the twin in the session view', () => {
  test('named at sign-in and by GET /session when the same e-mail is an operator there', async () => {
    const onLive = await api.signIn(live.alias, both, LIVE_PASSWORD);
    expect(onLive.view).toMatchObject({
      operator: { email: both, role: 'OWNER' },
      tenant: { alias: live.alias, mode: 'live' },
      twin: { alias: test_.alias, mode: 'test' },
    });
    expect((await api.call('/session', { cookie: onLive.cookie })).json).toEqual(onLive.view);

    const onTest = await api.signIn(test_.alias, both, TEST_PASSWORD);
    expect(onTest.view).toMatchObject({
      operator: { email: both, role: 'VIEWER' },
      tenant: { alias: test_.alias, mode: 'test' },
      twin: { alias: live.alias, mode: 'live' },
    });
  });

  test('null without a twin tenant, or without the operator on it', async () => {
    const solo = await api.signIn(live.alias, liveOnly, LIVE_PASSWORD);
    expect(solo.view.twin).toBeNull();
    expect((await api.call('/session', { cookie: solo.cookie })).json.twin).toBeNull();
    const alone = await api.signIn(lonely.alias, `ops@${mailDomain(lonely.alias)}`, LIVE_PASSWORD);
    expect(alone.view.twin).toBeNull();
  });
});

describe('POST /admin/api/switch-tenant', () => {
  test('signs in to the twin as the same e-mail with its role; the old session is over', async () => {
    const old = await api.signIn(live.alias, both, LIVE_PASSWORD);
    const res = await switchTenant(old, new URL(gw.deps.config.publicUrl).origin);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({
      operator: { email: both, role: 'VIEWER' },
      tenant: { alias: test_.alias, mode: 'test' },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      twin: { alias: live.alias, mode: 'live' },
    });
    expect(res.json.csrfToken).not.toBe(old.csrf);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(
      /^rs_admin_session=[A-Za-z0-9_-]{43}; Path=\/admin; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    );
    const moved = { cookie: setCookie.split(';')[0]!, csrf: res.json.csrfToken as string, view: res.json };
    expect(moved.cookie).not.toBe(old.cookie);

    // The new session is the twin's, with the twin's role (a VIEWER there).
    expect(await tenantOf(moved)).toEqual({ alias: test_.alias, mode: 'TEST' });
    expect((await api.call('/session', { cookie: moved.cookie })).json).toEqual(res.json);
    expect((await api.graphql(moved, RENAME, { name: 'viewer-here' })).status).toBe(403);

    // Nothing of the old session works any more: its cookie, nor its CSRF token with the new cookie.
    expect((await api.call('/session', { cookie: old.cookie })).status).toBe(401);
    expect((await api.graphql(old, '{ tenant { alias } }')).status).toBe(401);
    expect((await api.graphql(old, RENAME, { name: 'old-session' })).status).toBe(401);
    const mixed = await api.graphql({ cookie: moved.cookie, csrf: old.csrf }, RENAME, { name: 'mixed' });
    expect(mixed.status).toBe(403);
    expect(mixed.json.apiErrorCode).toBe('CSRF_REJECTED');

    // And back: the live tenant as its OWNER.
    const back = await switchTenant(moved);
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({
      operator: { email: both, role: 'OWNER' },
      tenant: { alias: live.alias, mode: 'live' },
      twin: { alias: test_.alias, mode: 'test' },
    });
    expect((await api.call('/session', { cookie: moved.cookie })).status).toBe(401);
    const home = {
      cookie: back.headers.get('set-cookie')!.split(';')[0]!,
      csrf: back.json.csrfToken as string,
    };
    expect((await api.graphql(home, RENAME, { name: 'back-home' })).json.data).toEqual({
      updateProgram: { name: 'back-home' },
    });
  });

  test('needs the CSRF token and the own origin; refused, the session stays where it is', async () => {
    const session = await api.signIn(live.alias, both, LIVE_PASSWORD);
    const refusals = [
      await switchTenant({ cookie: session.cookie }),
      await switchTenant({ cookie: session.cookie, csrf: 'x'.repeat(43) }),
      await switchTenant(session, 'https://evil.example'),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.json.apiErrorCode).toBe('CSRF_REJECTED');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect((await api.call('/session', { cookie: session.cookie })).json.tenant).toEqual({
      alias: live.alias,
      mode: 'live',
    });
    expect((await switchTenant({})).status).toBe(401);
    expect((await switchTenant({ cookie: 'rs_admin_session=forged', csrf: session.csrf })).status).toBe(401);
  });

  test('404 NOT_FOUND without an operator of this e-mail on the twin; the session stays', async () => {
    for (const session of [
      await api.signIn(live.alias, liveOnly, LIVE_PASSWORD),
      await api.signIn(lonely.alias, `ops@${mailDomain(lonely.alias)}`, LIVE_PASSWORD),
    ]) {
      const res = await switchTenant(session);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({
        apiErrorCode: 'NOT_FOUND',
        message: 'No twin tenant with an operator of this e-mail',
      });
      expect(res.headers.get('set-cookie')).toBeNull();
      expect((await api.call('/session', { cookie: session.cookie })).status).toBe(200);
    }
  });

  test('recorded as operator.switch_tenant in both tenants’ audit logs', async () => {
    const session = await api.signIn(live.alias, both, LIVE_PASSWORD);
    expect((await switchTenant(session)).status).toBe(200);
    const details = { from: live.alias, to: test_.alias };
    for (const tenant of [live, test_]) {
      const { entries } = await listAuditLog(gw.deps.db, tenant.id, { first: 1 });
      expect(entries).toEqual([
        expect.objectContaining({
          operatorEmail: both,
          action: 'operator.switch_tenant',
          target: both,
          details,
        }),
      ]);
    }
    const lonelyLog = await listAuditLog(gw.deps.db, lonely.id, { first: 200 });
    expect(lonelyLog.entries.map((e) => e.action)).not.toContain('operator.switch_tenant');
  });
});
