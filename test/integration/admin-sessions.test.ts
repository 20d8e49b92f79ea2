/**
 * The admin portal's sessions through the real gateway: sign-in (one answer for every wrong input),
 * the cookie, idle and absolute expiry on an injected clock, the login throttle per account and per
 * address, CSRF, VIEWERs read only, a session never reaching another tenant, and the audit log.
 */
import crypto from 'node:crypto';
import { startProcessorSandbox, type ProcessorSandbox } from '../../services/processor-sandbox/sandbox';
import { listAuditLog } from '../../shared/domain/audit-log';
import { createOperator } from '../../shared/domain/operators';
import { createTenant, type IssuedKey } from '../../shared/domain/tenants';
import {
  basic,
  postJson,
  startTestGateway,
  testConfig,
  uniqueAlias,
  type TestGateway,
} from '../helpers/harness';

type Json = Record<string, any>;

const PASSWORD = 'correct horse battery';
const VIEWER_PASSWORD = 'viewer horse battery';
const START = Date.parse('2030-01-01T00:00:00Z');
let clock = START;
/** Braintree's stand-in: connecting a processor checks the keys there first. */
let sandbox: ProcessorSandbox;
let gw: TestGateway;
let a: IssuedKey & { id: string };
let b: IssuedKey & { id: string };
let ownerA: string;
let viewerA: string;

/** A mail domain for a tenant (aliases have "_", which domain names may not). */
function domain(alias: string): string {
  return `${alias.replace(/_/g, '-')}.test`;
}

/** A client address of its own per test, so one test's failures never throttle another's sign-ins. */
function address(): string {
  return `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
}

async function login(
  body: Json,
  options: { ip?: string; origin?: string; gateway?: TestGateway } = {},
): Promise<{ status: number; json: Json; cookie: string | null; setCookie: string | null }> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? address() };
  if (options.origin) headers.origin = options.origin;
  const res = await postJson(`${(options.gateway ?? gw).url}/admin/api/login`, body, headers);
  const setCookie = res.headers.get('set-cookie');
  const cookie = setCookie ? setCookie.split(';')[0]! : null;
  return { status: res.status, json: res.json, cookie, setCookie };
}

async function signIn(email: string, password = PASSWORD, alias = a.alias) {
  const res = await login({ tenantAlias: alias, email, password });
  expect(res.status).toBe(200);
  return { cookie: res.cookie!, csrf: res.json.csrfToken as string };
}

async function admin(
  path: string,
  options: { cookie?: string; csrf?: string; method?: string; body?: unknown; origin?: string } = {},
): Promise<{ status: number; json: Json; headers: Headers }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.csrf !== undefined) headers['x-csrf-token'] = options.csrf;
  if (options.origin) headers.origin = options.origin;
  const res = await fetch(`${gw.url}/admin/api${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Json) : {}, headers: res.headers };
}

function graphql(
  session: { cookie: string; csrf?: string },
  query: string,
  variables?: Json,
  origin?: string,
) {
  return admin('/graphql', {
    cookie: session.cookie,
    csrf: session.csrf,
    body: { query, variables },
    origin,
  });
}

async function programName(tenant: IssuedKey): Promise<string> {
  const res = await fetch(`${gw.api(tenant.alias)}/program`, {
    headers: { authorization: basic(tenant.apiKey) },
  });
  return ((await res.json()) as Json).name as string;
}

const RENAME = 'mutation R($name: String!) { updateProgram(input: { name: $name }) { name } }';

beforeAll(async () => {
  sandbox = await startProcessorSandbox({ port: 0, host: '127.0.0.1' });
  gw = await startTestGateway({
    now: () => clock,
    config: testConfig({ PROCESSOR_BASE_URL: sandbox.url }),
  });
  const db = gw.deps.db;
  const tenantA = await createTenant(db, { alias: uniqueAlias('adm') });
  const tenantB = await createTenant(db, { alias: uniqueAlias('adm') });
  const idOf = async (alias: string) =>
    ((await db('tenants').where({ alias }).first('id')) as { id: string }).id;
  a = { ...tenantA, id: await idOf(tenantA.alias) };
  b = { ...tenantB, id: await idOf(tenantB.alias) };
  ownerA = `owner@${domain(a.alias)}`;
  viewerA = `viewer@${domain(a.alias)}`;
  await createOperator(db, { tenantId: a.id, email: ownerA, password: PASSWORD, role: 'OWNER' });
  await createOperator(db, { tenantId: a.id, email: viewerA, password: VIEWER_PASSWORD, role: 'VIEWER' });
  await createOperator(db, {
    tenantId: b.id,
    email: `owner@${domain(b.alias)}`,
    password: PASSWORD,
    role: 'OWNER',
  });
});

afterAll(async () => {
  await gw?.close();
  await sandbox?.close();
});

beforeEach(() => {
  clock += 3600_000; // each test on its own hour, past the previous one's sessions and failures
});

describe('sign-in', () => {
  test('right password: the operator, the tenant, a CSRF token and a strict session cookie', async () => {
    const res = await login({ tenantAlias: a.alias, email: ownerA.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      operator: { email: ownerA, role: 'OWNER' },
      tenant: { alias: a.alias, mode: 'live' },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      twin: null,
    });
    const attributes = res.setCookie!.split('; ');
    expect(attributes[0]).toMatch(/^rs_admin_session=[A-Za-z0-9_-]{43}$/);
    expect(attributes.slice(1).sort()).toEqual([
      'HttpOnly',
      'Max-Age=43200',
      'Path=/admin',
      'SameSite=Strict',
    ]);

    const session = await admin('/session', { cookie: res.cookie! });
    expect(session.status).toBe(200);
    expect(session.json).toEqual(res.json);
    expect(session.headers.get('cache-control')).toBe('no-store');
  });

  test('the cookie is Secure when the public URL is https', async () => {
    const https = await startTestGateway({ config: testConfig({ PUBLIC_URL: 'https://portal.example' }) });
    try {
      const res = await login(
        { tenantAlias: a.alias, email: ownerA, password: PASSWORD },
        { gateway: https },
      );
      expect(res.status).toBe(200);
      expect(res.setCookie!.split('; ')).toContain('Secure');
    } finally {
      await https.close();
    }
  });

  test('wrong password, unknown e-mail and unknown tenant are the same 401', async () => {
    const attempts = [
      { tenantAlias: a.alias, email: ownerA, password: 'wrong password!' },
      { tenantAlias: a.alias, email: `nobody@${domain(a.alias)}`, password: PASSWORD },
      { tenantAlias: uniqueAlias('none'), email: ownerA, password: PASSWORD },
      { tenantAlias: b.alias, email: ownerA, password: PASSWORD },
      { tenantAlias: a.alias, email: 'not an e-mail', password: PASSWORD },
    ];
    for (const body of attempts) {
      const res = await login(body);
      expect(res.status).toBe(401);
      expect(res.cookie).toBeNull();
      const { requestId, ...rest } = res.json;
      expect(requestId).toEqual(expect.any(String));
      expect(rest).toEqual({
        statusCode: 401,
        apiErrorCode: 'INVALID_LOGIN',
        message: 'E-mail or password is wrong',
      });
    }
  });

  test('a malformed body is 400 naming the field', async () => {
    const res = await login({ tenantAlias: a.alias, email: ownerA });
    expect(res.status).toBe(400);
    expect(res.json.validationErrors).toEqual([expect.objectContaining({ path: 'password' })]);
  });

  test('no session, or an unknown cookie: 401', async () => {
    expect((await admin('/session')).status).toBe(401);
    expect((await admin('/session', { cookie: 'rs_admin_session=forged' })).json.apiErrorCode).toBe(
      'UNAUTHORIZED',
    );
  });
});

describe('logout and expiry', () => {
  test('logout needs the CSRF token, then ends the session and clears the cookie', async () => {
    const session = await signIn(ownerA);
    const refused = await admin('/logout', { cookie: session.cookie, method: 'POST' });
    expect(refused.status).toBe(403);
    expect(refused.json.apiErrorCode).toBe('CSRF_REJECTED');
    expect((await admin('/session', { cookie: session.cookie })).status).toBe(200);

    const res = await admin('/logout', { cookie: session.cookie, csrf: session.csrf, method: 'POST' });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/^rs_admin_session=; Path=\/admin; Max-Age=0; HttpOnly/);
    expect((await admin('/session', { cookie: session.cookie })).status).toBe(401);
    expect((await graphql(session, '{ tenant { alias } }')).status).toBe(401);
  });

  test('a session idle for ADMIN_SESSION_IDLE_S ends; use keeps it alive until ADMIN_SESSION_MAX_S', async () => {
    const idle = await signIn(ownerA);
    clock += 1800_000;
    expect((await admin('/session', { cookie: idle.cookie })).status).toBe(401);

    const busy = await signIn(ownerA);
    const started = clock;
    while (clock + 1500_000 < started + 43200_000) {
      clock += 1500_000;
      expect((await admin('/session', { cookie: busy.cookie })).status).toBe(200);
    }
    clock = started + 43200_000;
    expect((await admin('/session', { cookie: busy.cookie })).status).toBe(401);
  });
});

describe('login throttle', () => {
  test('5 failures lock the account (known or not) for 15 minutes, whatever the address', async () => {
    const unknown = `ghost@${domain(a.alias)}`;
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await login({ tenantAlias: a.alias, email: ownerA, password: `wrong-${i}-password` })).status,
      ).toBe(401);
      expect(
        (await login({ tenantAlias: a.alias, email: unknown, password: `wrong-${i}-password` })).status,
      ).toBe(401);
    }
    clock += 60_000;
    const locked = await login({ tenantAlias: a.alias, email: ownerA, password: PASSWORD });
    const lockedUnknown = await login({ tenantAlias: a.alias, email: unknown, password: PASSWORD });
    for (const res of [locked, lockedUnknown]) {
      expect(res.status).toBe(429);
      expect(res.cookie).toBeNull();
      expect(res.json).toMatchObject({
        apiErrorCode: 'TOO_MANY_LOGIN_ATTEMPTS',
        message: 'Too many failed sign-ins; try again in 14 minutes',
      });
    }
    clock += 14 * 60_000;
    expect((await login({ tenantAlias: a.alias, email: ownerA, password: PASSWORD })).status).toBe(200);
  });

  test('a successful sign-in clears the account failures', async () => {
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 4; i += 1) {
        expect(
          (await login({ tenantAlias: a.alias, email: ownerA, password: `nope-${i}-password` })).status,
        ).toBe(401);
      }
      expect((await login({ tenantAlias: a.alias, email: ownerA, password: PASSWORD })).status).toBe(200);
    }
  });

  test('30 failures from one address lock that address only', async () => {
    // (The address is X-Forwarded-For's, believed because testConfig trusts loopback as the proxy.)
    const ip = address();
    for (let i = 0; i < 30; i += 1) {
      const res = await login(
        { tenantAlias: a.alias, email: `guess${i}@${domain(a.alias)}`, password: PASSWORD },
        { ip },
      );
      expect(res.status).toBe(401);
    }
    const locked = await login({ tenantAlias: a.alias, email: ownerA, password: PASSWORD }, { ip });
    expect(locked.status).toBe(429);
    expect(locked.json.apiErrorCode).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    expect((await login({ tenantAlias: a.alias, email: ownerA, password: PASSWORD })).status).toBe(200);
  });
});

describe('CSRF', () => {
  test('a mutation without the token, with a wrong one or from another origin is 403 and changes nothing', async () => {
    const session = await signIn(ownerA);
    const before = await programName(a);
    const refusals = [
      await graphql({ cookie: session.cookie }, RENAME, { name: 'csrf-1' }),
      await graphql({ cookie: session.cookie, csrf: 'x'.repeat(43) }, RENAME, { name: 'csrf-2' }),
      await graphql(session, RENAME, { name: 'csrf-3' }, 'https://evil.example'),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.json.apiErrorCode).toBe('CSRF_REJECTED');
    }
    expect(await programName(a)).toBe(before);

    const ok = await graphql(session, RENAME, { name: 'csrf-ok' }, new URL(gw.deps.config.publicUrl).origin);
    expect(ok.status).toBe(200);
    expect(ok.json.data).toEqual({ updateProgram: { name: 'csrf-ok' } });
    expect(await programName(a)).toBe('csrf-ok');
  });

  test('a sign-in posted from another site is refused', async () => {
    const res = await login(
      { tenantAlias: a.alias, email: ownerA, password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.json.apiErrorCode).toBe('CSRF_REJECTED');
    expect(res.cookie).toBeNull();
  });

  test('queries over GET need no token', async () => {
    const session = await signIn(ownerA);
    const res = await admin(`/graphql?query=${encodeURIComponent('{ tenant { alias } }')}`, {
      cookie: session.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ tenant: { alias: a.alias } });
  });
});

describe('roles and tenants', () => {
  test('a VIEWER reads but any mutation is 403 and changes nothing', async () => {
    const session = await signIn(viewerA, VIEWER_PASSWORD);
    const read = await graphql(session, '{ program { name } }');
    expect(read.status).toBe(200);
    const before = read.json.data.program.name as string;

    const res = await graphql(session, RENAME, { name: 'viewer-was-here' });
    expect(res.status).toBe(403);
    expect(res.json.errors).toEqual([
      expect.objectContaining({ message: 'Viewers can read only', extensions: { code: 'FORBIDDEN' } }),
    ]);
    expect(res.json.data).toBeUndefined();
    expect(await programName(a)).toBe(before);
  });

  test('a session of tenant A never reaches tenant B, whatever the request names', async () => {
    const connect =
      'mutation C($input: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $input) { merchantId } }';
    const viaKey = await postJson(
      `${gw.api(b.alias)}/graphql`,
      {
        query: connect,
        variables: {
          input: { processor: 'BRAINTREE', merchantId: 'm_b', publicKey: 'p_b', privateKey: 'k_b' },
        },
      },
      { authorization: basic(b.apiKey) },
    );
    expect(viaKey.status).toBe(200);

    const session = await signIn(ownerA);
    const named = await admin(`/graphql?tenantAlias=${b.alias}`, {
      cookie: session.cookie,
      csrf: session.csrf,
      body: {
        query: '{ tenant { alias } paymentProcessor { merchantId } }',
        variables: { tenantAlias: b.alias },
      },
    });
    expect(named.status).toBe(200);
    expect(named.json.data).toEqual({ tenant: { alias: a.alias }, paymentProcessor: null });

    const disconnect = await graphql(session, 'mutation { disconnectPaymentProcessor }');
    expect(disconnect.json.data).toEqual({ disconnectPaymentProcessor: false });

    // B's own API with A's session cookie: not an API key, so 401; and B's connection is untouched.
    const bApi = await fetch(`${gw.api(b.alias)}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
      body: JSON.stringify({ query: '{ paymentProcessor { merchantId } }' }),
    });
    expect(bApi.status).toBe(401);
    const stillB = await postJson(
      `${gw.api(b.alias)}/graphql`,
      { query: '{ paymentProcessor { merchantId } }' },
      { authorization: basic(b.apiKey) },
    );
    expect(stillB.json.data).toEqual({ paymentProcessor: { merchantId: 'm_b' } });
  });

  test('operator mutations and sign-ins are in the audit log, without secrets', async () => {
    const session = await signIn(ownerA);
    const secret = `priv_${crypto.randomBytes(8).toString('hex')}`;
    const res = await graphql(
      session,
      'mutation C($input: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $input) { merchantId } }',
      { input: { processor: 'BRAINTREE', merchantId: 'm_a', publicKey: 'p_a', privateKey: secret } },
    );
    expect(res.json.data).toEqual({ connectPaymentProcessor: { merchantId: 'm_a' } });
    const failed = await graphql(session, RENAME, { name: '' });
    expect(failed.json.errors).toBeDefined();
    // Keys Braintree refuses: not connected, so not audited, and the key is nowhere.
    const wrongSecret = `priv_${crypto.randomBytes(8).toString('hex')}`;
    const refused = await graphql(
      session,
      'mutation C($input: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $input) { merchantId } }',
      { input: { processor: 'BRAINTREE', merchantId: 'm_a', publicKey: 'p_a', privateKey: wrongSecret } },
    );
    expect(refused.json.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(refused.json)).not.toContain(wrongSecret);

    const { entries } = await listAuditLog(gw.deps.db, a.id, { first: 200 });
    expect(entries[0]).toMatchObject({
      operatorEmail: ownerA,
      action: 'connectPaymentProcessor',
      details: { input: { merchantId: 'm_a', publicKey: 'p_a', privateKey: '[redacted]' } },
    });
    expect(entries[1]).toMatchObject({ operatorEmail: ownerA, action: 'operator.login', target: ownerA });
    const text = JSON.stringify(entries);
    expect(entries.filter((e) => e.action === 'connectPaymentProcessor')).toHaveLength(1);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(wrongSecret);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(session.csrf);
    expect((await listAuditLog(gw.deps.db, b.id, { first: 200 })).entries).toEqual([]);
  });
});

describe('team and audit log', () => {
  const INVITE =
    'mutation I($email: String!, $role: OperatorRole!) { inviteOperator(email: $email, role: $role) { email role link expiresAt } }';
  const AUDIT =
    'query A($first: Int, $after: ID) { auditLog(first: $first, after: $after) { entries { action operatorEmail target details } endCursor hasNextPage } }';
  const RESET = 'mutation S($email: String!) { resetOperatorAccess(email: $email) { email link } }';
  const INVITEE_PASSWORD = 'invitee chose this one';

  /** The token of a one-time link (its URL fragment), as the set-password page reads it. */
  const tokenOf = (link: string) => new URL(link).hash.slice(1);
  const setPassword = (token: string, password: string) =>
    admin('/set-password', { body: { token, password } });

  /** Invites an operator and sets their password through the link; answers the link's token too. */
  async function inviteAndAccept(
    owner: { cookie: string; csrf: string },
    role: string,
    password = INVITEE_PASSWORD,
  ) {
    const email = `${role.toLowerCase()}-${crypto.randomBytes(4).toString('hex')}@${domain(a.alias)}`;
    const invited = await graphql(owner, INVITE, { email, role });
    expect(invited.status).toBe(200);
    const token = tokenOf(invited.json.data.inviteOperator.link as string);
    expect((await setPassword(token, password)).status).toBe(200);
    return { email, token };
  }

  test('an OWNER invites, re-roles and removes operators; the change applies to their open sessions', async () => {
    const owner = await signIn(ownerA);
    const email = `admin-${crypto.randomBytes(4).toString('hex')}@${domain(a.alias)}`;
    const invited = await graphql(owner, INVITE, { email, role: 'ADMIN' });
    expect(invited.status).toBe(200);
    // Finding 9: the inviter gets a one-time link, never a password; the invitee is pending until used.
    expect(invited.json.data.inviteOperator).toEqual({
      email,
      role: 'ADMIN',
      link: expect.stringMatching(/^http:\/\/[^/]+\/admin\/set-password#[A-Za-z0-9_-]{43}$/),
      expiresAt: clock + 72 * 3600 * 1000,
    });
    const token = tokenOf(invited.json.data.inviteOperator.link as string);
    const listed = await graphql(owner, '{ operators { email pending } }');
    expect(listed.json.data.operators).toContainEqual({ email, pending: true });
    expect(listed.json.data.operators).toContainEqual({ email: ownerA, pending: false });
    expect((await login({ tenantAlias: a.alias, email, password: '!invited' })).status).toBe(401);

    const common = await setPassword(token, 'qwerty123456');
    expect(common.status).toBe(400);
    expect(common.json.validationErrors).toEqual([
      { path: 'password', message: expect.stringMatching(/common or breached/) },
    ]);
    const accepted = await setPassword(token, INVITEE_PASSWORD);
    expect(accepted).toMatchObject({ status: 200, json: { tenantAlias: a.alias, email } });
    const again = await setPassword(token, 'another fine password');
    expect(again.status).toBe(410);
    expect(again.json.apiErrorCode).toBe('ACCESS_LINK_INVALID');
    const password = INVITEE_PASSWORD;

    const adminSession = await signIn(email, password);
    const refused = await graphql(adminSession, INVITE, { email: `x-${email}`, role: 'VIEWER' });
    expect(refused.status).toBe(403);
    expect(refused.json.errors[0].extensions.code).toBe('FORBIDDEN');

    const audit = await graphql(adminSession, AUDIT, { first: 2 });
    expect(audit.status).toBe(200);
    expect(audit.json.data.auditLog).toEqual({
      entries: [
        { action: 'operator.login', operatorEmail: email, target: email, details: {} },
        { action: 'operator.acceptInvitation', operatorEmail: email, target: email, details: {} },
      ],
      endCursor: expect.any(String),
      hasNextPage: true,
    });
    const next = await graphql(adminSession, AUDIT, { first: 1, after: audit.json.data.auditLog.endCursor });
    expect(next.json.data.auditLog.entries).toEqual([
      { action: 'inviteOperator', operatorEmail: ownerA, target: email, details: { email, role: 'ADMIN' } },
    ]);
    expect(JSON.stringify(next.json)).not.toContain(password);
    expect(JSON.stringify(next.json)).not.toContain(token);

    const change =
      'mutation C($email: String!) { changeOperatorRole(email: $email, role: VIEWER) { email role } }';
    expect((await graphql(owner, change, { email })).json.data).toEqual({
      changeOperatorRole: { email, role: 'VIEWER' },
    });
    expect((await admin('/session', { cookie: adminSession.cookie })).json.operator).toEqual({
      email,
      role: 'VIEWER',
    });
    expect((await graphql(adminSession, RENAME, { name: 'demoted' })).status).toBe(403);
    expect((await graphql(adminSession, AUDIT, {})).status).toBe(403);

    const remove = 'mutation R($email: String!) { removeOperator(email: $email) { email } }';
    expect((await graphql(owner, remove, { email })).json.data).toEqual({ removeOperator: { email } });
    expect((await admin('/session', { cookie: adminSession.cookie })).status).toBe(401);
    expect((await login({ tenantAlias: a.alias, email, password })).status).toBe(401);
  });

  test('a re-issued invitation kills the old link; an expired link is dead', async () => {
    const owner = await signIn(ownerA);
    const email = `late-${crypto.randomBytes(4).toString('hex')}@${domain(a.alias)}`;
    const first = tokenOf(
      (await graphql(owner, INVITE, { email, role: 'VIEWER' })).json.data.inviteOperator.link,
    );
    const REISSUE = 'mutation R($email: String!) { reissueInvitation(email: $email) { link } }';
    const second = tokenOf((await graphql(owner, REISSUE, { email })).json.data.reissueInvitation.link);
    expect((await setPassword(first, INVITEE_PASSWORD)).status).toBe(410);
    clock += 72 * 3600 * 1000;
    expect((await setPassword(second, INVITEE_PASSWORD)).status).toBe(410);
    const third = tokenOf(
      (await graphql(await signIn(ownerA), REISSUE, { email })).json.data.reissueInvitation.link,
    );
    expect((await setPassword(third, INVITEE_PASSWORD)).status).toBe(200);
    const accepted = await graphql(await signIn(ownerA), REISSUE, { email });
    expect(accepted.json.errors[0].extensions.code).toBe('OPERATOR_NOT_PENDING');
  });

  test('a password change ends the other sessions; sign out everywhere ends all; an OWNER resets access', async () => {
    const owner = await signIn(ownerA);
    const { email } = await inviteAndAccept(owner, 'ADMIN');
    const here = await signIn(email, INVITEE_PASSWORD);
    const elsewhere = await signIn(email, INVITEE_PASSWORD);
    const change = (body: Json) => admin('/change-password', { cookie: here.cookie, csrf: here.csrf, body });
    const wrong = await change({ currentPassword: 'not the password', newPassword: 'a brand new password' });
    expect(wrong.status).toBe(403);
    expect(wrong.json.apiErrorCode).toBe('WRONG_PASSWORD');
    const weak = await change({ currentPassword: INVITEE_PASSWORD, newPassword: 'password1234' });
    expect(weak.status).toBe(400);
    expect(weak.json.validationErrors[0].path).toBe('newPassword');
    const changed = await change({ currentPassword: INVITEE_PASSWORD, newPassword: 'a brand new password' });
    expect(changed).toMatchObject({ status: 200, json: { endedSessions: 1 } });
    expect((await admin('/session', { cookie: elsewhere.cookie })).status).toBe(401);
    expect((await admin('/session', { cookie: here.cookie })).status).toBe(200);
    expect((await login({ tenantAlias: a.alias, email, password: INVITEE_PASSWORD })).status).toBe(401);

    const third = await signIn(email, 'a brand new password');
    const out = await admin('/logout-everywhere', { cookie: here.cookie, csrf: here.csrf, body: {} });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await admin('/session', { cookie: here.cookie })).status).toBe(401);
    expect((await admin('/session', { cookie: third.cookie })).status).toBe(401);

    // An OWNER resets another's access: sessions end, the password stops working, a new link is shown.
    const victim = await signIn(email, 'a brand new password');
    const reset = await graphql(owner, RESET, { email });
    expect(reset.json.data.resetOperatorAccess).toEqual({ email, link: expect.stringContaining('#') });
    expect((await admin('/session', { cookie: victim.cookie })).status).toBe(401);
    expect((await login({ tenantAlias: a.alias, email, password: 'a brand new password' })).status).toBe(401);
    expect(
      (await setPassword(tokenOf(reset.json.data.resetOperatorAccess.link), 'after the reset 42')).status,
    ).toBe(200);
    await signIn(email, 'after the reset 42');

    // Only OWNERs reset; and never across tenants.
    const adminSession = await signIn(email, 'after the reset 42');
    expect((await graphql(adminSession, RESET, { email: ownerA })).json.errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    const foreign = await graphql(owner, RESET, { email: `owner@${domain(b.alias)}` });
    expect(foreign.json.errors[0].extensions.code).toBe('NOT_FOUND');
    const entries = (await listAuditLog(gw.deps.db, a.id, { first: 20 })).entries.map((e) => e.action);
    expect(entries).toEqual(
      expect.arrayContaining(['operator.changePassword', 'operator.signOutEverywhere']),
    );
  });

  test('the last OWNER stays; the API key manages the team too; each tenant sees its own', async () => {
    const owner = await signIn(ownerA);
    const demote = await graphql(
      owner,
      'mutation { changeOperatorRole(email: "' + ownerA + '", role: ADMIN) { role } }',
    );
    expect(demote.json.errors[0].extensions.code).toBe('LAST_OWNER');

    const list = await postJson(
      `${gw.api(b.alias)}/graphql`,
      { query: '{ operators { email role } }' },
      { authorization: basic(b.apiKey) },
    );
    expect(list.json.data).toEqual({ operators: [{ email: `owner@${domain(b.alias)}`, role: 'OWNER' }] });
    const mine = await graphql(owner, '{ operators { email } }');
    expect(mine.json.data.operators.map((o: Json) => o.email)).not.toContain(`owner@${domain(b.alias)}`);
    const foreign = await graphql(
      owner,
      `mutation { removeOperator(email: "owner@${domain(b.alias)}") { email } }`,
    );
    expect(foreign.json.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
