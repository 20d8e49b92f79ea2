/**
 * Live/test twins in the admin portal: the session view names the twin (`test_X` for `X` and back)
 * when the operator's row there is *linked* to this one (by the service, or by proving the twin's
 * password at POST /admin/api/link-twin); POST /admin/api/switch-tenant moves the operator there
 * without a password (new cookie, the old session ended, at most the role held where they signed in),
 * needs the CSRF token, is 404 without a linked twin (an e-mail match is not enough), and is recorded in both tenants' audit logs.
 */
import { listAuditLog } from '../../../shared/domain/common/audit-log';
import { linkServiceMadeTwins } from '../../../shared/domain/operators/operator-twins';
import {
  addOperator,
  adminApi,
  createPortalTenant,
  mailDomain,
  type AdminSession,
  type PortalTenant,
} from '../../helpers/admin-api';
import { startTestGateway, uniqueAlias, type TestGateway } from '../../helpers/harness';

const LIVE_PASSWORD = 'live horse battery';
const TEST_PASSWORD = 'test horse battery';
const RENAME = 'mutation R($name: String!) { updateProgram(input: { name: $name }) { name } }';

let gw: TestGateway;
let live: PortalTenant;
let test_: PortalTenant;
let lonely: PortalTenant;
let both: string;
let liveOnly: string;
let planted: string;
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
  expect(await linkServiceMadeTwins(db, live.alias, both)).toBe(true);
  // The live OWNER's e-mail planted in the test twin (as a test-mode key's inviteOperator once could):
  // the two rows share an e-mail but were never linked.
  planted = `boss@${mailDomain(alias)}`;
  await addOperator(db, live, planted, LIVE_PASSWORD, 'OWNER');
  await addOperator(db, test_, planted, TEST_PASSWORD, 'VIEWER');
});

afterAll(async () => {
  await gw?.close();
});

const switchTenant = (session: { cookie?: string; csrf?: string }, origin?: string) =>
  api.call('/switch-tenant', { method: 'POST', cookie: session.cookie, csrf: session.csrf, origin });

const tenantOf = async (session: AdminSession) =>
  (await api.graphql(session, '{ tenant { alias mode } }')).json.data?.tenant as unknown;

describe('the twin in the session view', () => {
  test('named at sign-in and by GET /session when the operator there is linked to this one', async () => {
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

  test('null without a twin tenant, without the operator on it, or when the rows are not linked', async () => {
    expect((await api.signIn(test_.alias, planted, TEST_PASSWORD)).view.twin).toBeNull();
    expect((await api.signIn(live.alias, planted, LIVE_PASSWORD)).view.twin).toBeNull();
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

  test('404 NOT_FOUND without a linked operator on the twin; the session stays', async () => {
    for (const session of [
      await api.signIn(test_.alias, planted, TEST_PASSWORD),
      await api.signIn(live.alias, liveOnly, LIVE_PASSWORD),
      await api.signIn(lonely.alias, `ops@${mailDomain(lonely.alias)}`, LIVE_PASSWORD),
    ]) {
      const res = await switchTenant(session);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({
        apiErrorCode: 'NOT_FOUND',
        message: 'No linked operator account in the twin tenant',
      });
      expect(res.headers.get('set-cookie')).toBeNull();
      expect((await api.call('/session', { cookie: session.cookie })).status).toBe(200);
    }
  });

  test('recorded as operator.switch_tenant in both tenants’ audit logs', async () => {
    const session = await api.signIn(live.alias, both, LIVE_PASSWORD);
    expect((await switchTenant(session)).status).toBe(200);
    const details = { from: live.alias, to: test_.alias, role: 'VIEWER' };
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

describe('POST /admin/api/link-twin', () => {
  const linkTwin = (session: AdminSession, password: unknown) =>
    api.call('/link-twin', {
      method: 'POST',
      cookie: session.cookie,
      csrf: session.csrf,
      body: { password },
    });

  test('a planted twin account cannot be linked without the other account’s password', async () => {
    const onTest = await api.signIn(test_.alias, planted, TEST_PASSWORD);
    const wrong = await linkTwin(onTest, TEST_PASSWORD);
    expect(wrong.status).toBe(401);
    expect(wrong.json.apiErrorCode).toBe('INVALID_LOGIN');
    expect((await switchTenant(onTest)).status).toBe(404);
    expect((await linkTwin(onTest, '')).status).toBe(400);
    expect((await api.call('/link-twin', { method: 'POST', body: { password: 'x' } })).status).toBe(401);
  });

  test('the owner links with the twin’s password; the switch then caps the role at the signed-in one', async () => {
    // Signed in where the operator is a VIEWER: even linked to the live OWNER, the switch gives VIEWER.
    const onTest = await api.signIn(test_.alias, planted, TEST_PASSWORD);
    const linked = await linkTwin(onTest, LIVE_PASSWORD);
    expect(linked.status).toBe(200);
    expect(linked.json).toEqual({ twin: { alias: live.alias, mode: 'live' } });
    const moved = await switchTenant(onTest);
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({
      operator: { email: planted, role: 'VIEWER' },
      tenant: { alias: live.alias },
    });
    const onLive = {
      cookie: moved.headers.get('set-cookie')!.split(';')[0]!,
      csrf: moved.json.csrfToken as string,
    };
    expect((await api.graphql(onLive, RENAME, { name: 'capped' })).status).toBe(403);
    const createKey = await api.graphql(onLive, 'mutation { createApiKey { key } }');
    expect(createKey.status).toBe(403);
    // Signed in on live as OWNER, the same link keeps OWNER.
    const owner = await api.signIn(live.alias, planted, LIVE_PASSWORD);
    expect(owner.view.twin).toEqual({ alias: test_.alias, mode: 'test' });
    const entries = (await listAuditLog(gw.deps.db, live.id, { first: 20 })).entries;
    expect(entries.find((e) => e.action === 'operator.link_twin')).toMatchObject({
      operatorEmail: planted,
      clientAddress: expect.any(String),
    });
  });
});
