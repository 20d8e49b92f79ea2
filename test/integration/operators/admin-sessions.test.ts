/**
 * The admin portal's sessions through the real gateway: sign-in (one answer for every wrong input),
 * the cookie, idle and absolute expiry on an injected clock, the login throttle per account and per
 * address, CSRF, VIEWERs read only, a session never reaching another tenant, and the audit log.
 */
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { startProcessorSandbox, type ProcessorSandbox } from '../../../services/processor-sandbox/sandbox';
import { listAuditLog } from '../../../shared/domain/common/audit-log';
import { createOperator } from '../../../shared/domain/operators/operators';
import { createTenant, type IssuedKey } from '../../../shared/domain/tenants/tenants';
import {
  basic,
  postJson,
  startTestGateway,
  testConfig,
  uniqueAlias,
  type TestGateway,
} from '../../helpers/harness';

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

const USER_AGENT = 'admin-sessions-test/1.0';

async function login(
  body: Json,
  options: { ip?: string; origin?: string; gateway?: TestGateway; device?: string | null } = {},
): Promise<{
  status: number;
  json: Json;
  cookie: string | null;
  setCookie: string | null;
  /** The trusted-device cookie (`rs_admin_device=...`) and its attributes. */
  device: string | null;
  deviceCookie: string | null;
  retryAfter: string | null;
}> {
  const headers: Record<string, string> = {
    'x-forwarded-for': options.ip ?? address(),
    'user-agent': USER_AGENT,
  };
  if (options.origin) headers.origin = options.origin;
  if (options.device) headers.cookie = options.device;
  const res = await postJson(`${(options.gateway ?? gw).url}/admin/api/login`, body, headers);
  const all = res.headers.getSetCookie();
  const setCookie = all.find((c) => c.startsWith('rs_admin_session=')) ?? null;
  const deviceCookie = all.find((c) => c.startsWith('rs_admin_device=')) ?? null;
  const cookie = setCookie ? setCookie.split(';')[0]! : null;
  const device = deviceCookie ? deviceCookie.split(';')[0]! : null;
  return {
    status: res.status,
    json: res.json,
    cookie,
    setCookie,
    device,
    deviceCookie,
    retryAfter: res.headers.get('retry-after'),
  };
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
    // The trusted-device cookie: long-lived, sent only to the sign-in route, only its hash stored.
    const device = res.deviceCookie!.split('; ');
    expect(device[0]).toMatch(/^rs_admin_device=[A-Za-z0-9_-]{43}$/);
    expect(device.slice(1).sort()).toEqual([
      'HttpOnly',
      `Max-Age=${180 * 24 * 3600}`,
      'Path=/admin/api/login',
      'SameSite=Strict',
    ]);
    const stored = (await gw.deps.db('trusted_devices').select('token_hash')) as { token_hash: Buffer }[];
    const value = device[0]!.split('=')[1]!;
    const hash = crypto.createHash('sha256').update(value).digest();
    expect(stored.some((r) => r.token_hash.equals(hash))).toBe(true);
    expect(JSON.stringify(await gw.deps.db('trusted_devices').select())).not.toContain(value);

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
      expect(res.deviceCookie!.split('; ')).toContain('Secure');
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
  const right = () => ({ tenantAlias: a.alias, email: ownerA, password: PASSWORD });
  const wrong = (i: number) => ({ tenantAlias: a.alias, email: ownerA, password: `wrong-${i}-password` });

  // the throttle was read before the password hash and written after it.
  test('40 parallel guesses count 40: only the free failures reach the password, the right one at 30 does not sign in', async () => {
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 29 ? right() : wrong(i)));
    const results = await Promise.all(guesses.map((body) => login(body)));
    const statuses = results.map((r) => r.status);
    // LOGIN_MAX_FAILURES_PER_ACCOUNT (5) reach the hash; every other guess is held back before it.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(35);
    expect(statuses).not.toContain(200);
    expect(results[29]!.cookie).toBeNull();
  });

  // 5 wrong guesses used to lock the account for 15 minutes, right password or not.
  test('past the free failures each attempt waits longer (429, Retry-After); then the right password signs in from another address', async () => {
    const attacker = address();
    const unknown = { tenantAlias: a.alias, email: `ghost@${domain(a.alias)}`, password: PASSWORD };
    for (let i = 0; i < 5; i += 1) {
      expect((await login(wrong(i), { ip: attacker })).status).toBe(401);
      expect((await login(unknown, { ip: attacker })).status).toBe(401);
    }
    for (const body of [right(), unknown]) {
      const held = await login(body);
      expect(held.status).toBe(429);
      expect(held.cookie).toBeNull();
      expect(held.retryAfter).toBe('1');
      expect(held.json).toMatchObject({
        apiErrorCode: 'TOO_MANY_LOGIN_ATTEMPTS',
        message: 'Too many failed sign-ins; try again in 1 second',
      });
    }
    clock += 1000;
    expect((await login(wrong(5), { ip: attacker })).status).toBe(401);
    const doubled = await login(right());
    expect([doubled.status, doubled.retryAfter]).toEqual([429, '2']);
    clock += 2000;
    expect((await login(right())).status).toBe(200);
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

  test('the owner on a device used before signs in while the attacker is held, even behind the same address', async () => {
    const ip = address();
    const before = await login(right(), { ip });
    expect(before.device).toMatch(/^rs_admin_device=/);
    for (let i = 0; i < 8; i += 1) {
      const res = await login(wrong(i), { ip, device: i % 2 ? null : 'rs_admin_device=forged' });
      expect(res.status).toBe(i < 5 ? 401 : 429);
    }
    expect((await login(right(), { ip })).status).toBe(429);
    const owner = await login(right(), { ip, device: before.device });
    expect(owner.status).toBe(200);
    expect(owner.device).toBe(before.device);
    // The device names one account: it does not lift another account's delay.
    for (let i = 0; i < 5; i += 1) {
      await login({ tenantAlias: a.alias, email: viewerA, password: `nope-${i}-password` });
    }
    const other = { tenantAlias: a.alias, email: viewerA, password: VIEWER_PASSWORD };
    expect((await login(other, { device: before.device })).status).toBe(429);
    // A wrong password on the device counts against the device's own throttle.
    for (let i = 0; i < 5; i += 1) {
      expect((await login(wrong(i), { ip, device: before.device })).status).toBe(401);
    }
    expect((await login(right(), { ip, device: before.device })).status).toBe(429);
  });

  test('30 failures from one address hold that address only, and not a device used before behind it', async () => {
    // (The address is X-Forwarded-For's, believed because testConfig trusts loopback as the proxy.)
    const ip = address();
    const { device } = await login(right());
    for (let i = 0; i < 30; i += 1) {
      const res = await login(
        { tenantAlias: a.alias, email: `guess${i}@${domain(a.alias)}`, password: PASSWORD },
        { ip },
      );
      expect(res.status).toBe(401);
    }
    const held = await login(right(), { ip });
    expect(held.status).toBe(429);
    expect(held.json.apiErrorCode).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    expect((await login(right())).status).toBe(200);
    expect((await login(right(), { ip, device })).status).toBe(200);
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
    const ip = address();
    expect(
      (await login({ tenantAlias: a.alias, email: ownerA, password: 'wrong password!' }, { ip })).status,
    ).toBe(401);
    expect(
      (await login({ tenantAlias: uniqueAlias('none'), email: ownerA, password: 'x'.repeat(12) })).status,
    ).toBe(401);
    const signedIn = await login({ tenantAlias: a.alias, email: ownerA, password: PASSWORD }, { ip });
    const session = { cookie: signedIn.cookie!, csrf: signedIn.json.csrfToken as string };
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
    const client = { clientAddress: ip, userAgent: USER_AGENT };
    expect(entries[1]).toMatchObject({
      operatorEmail: ownerA,
      action: 'operator.login',
      target: ownerA,
      ...client,
    });
    // A failed sign-in in a tenant that exists: anonymous, the e-mail typed (an unknown tenant: nowhere).
    expect(entries[2]).toMatchObject({
      operatorEmail: null,
      actorKind: 'anonymous',
      action: 'operator.login_failed',
      target: ownerA,
      ...client,
    });
    const text = JSON.stringify(entries);
    expect(entries.filter((e) => e.action === 'connectPaymentProcessor')).toHaveLength(1);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(wrongSecret);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(session.csrf);
    // Tenant b's log holds only its own API key's doings (keys are audited too) and failed
    // sign-ins (A's owner's e-mail typed into b), never A's changes.
    const bLog = (await listAuditLog(gw.deps.db, b.id, { first: 200 })).entries;
    expect(bLog.filter((e) => e.actorKind !== 'apiKey' && e.action !== 'operator.login_failed')).toEqual([]);
    expect(bLog.filter((e) => e.operatorEmail === ownerA)).toEqual([]);
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
    // Earlier: the sign-in the invitee tried before setting a password (operator.login_failed), and the
    // invitation itself.
    const next = await graphql(adminSession, AUDIT, { first: 5, after: audit.json.data.auditLog.endCursor });
    const earlier = next.json.data.auditLog.entries as { action: string }[];
    expect(earlier.filter((e) => e.action !== 'operator.login_failed')[0]).toEqual({
      action: 'inviteOperator',
      operatorEmail: ownerA,
      target: email,
      details: { email, role: 'ADMIN' },
    });
    expect(JSON.stringify(next.json)).not.toContain(password);
    expect(JSON.stringify(next.json)).not.toContain(token);

    // The answer is an Operator like the Team list's, pending included (false: the password is set).
    const change =
      'mutation C($email: String!) { changeOperatorRole(email: $email, role: VIEWER) { email role pending } }';
    expect((await graphql(owner, change, { email })).json).toEqual({
      data: { changeOperatorRole: { email, role: 'VIEWER', pending: false } },
    });
    expect((await admin('/session', { cookie: adminSession.cookie })).json.operator).toEqual({
      email,
      role: 'VIEWER',
    });
    expect((await graphql(adminSession, RENAME, { name: 'demoted' })).status).toBe(403);
    expect((await graphql(adminSession, AUDIT, {})).status).toBe(403);

    const remove = 'mutation R($email: String!) { removeOperator(email: $email) { email pending } }';
    expect((await graphql(owner, remove, { email })).json).toEqual({
      data: { removeOperator: { email, pending: false } },
    });
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

describe('two-factor sign-in (TOTP)', () => {
  const codeAt = (secret: string, at = clock) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, timestamp: at });

  async function enrolled(email: string, tenant = a) {
    await createOperator(gw.deps.db, { tenantId: tenant.id, email, password: PASSWORD, role: 'OWNER' });
    const session = await signIn(email, PASSWORD, tenant.alias);
    const started = await admin('/two-factor/enroll', { ...session, method: 'POST' });
    expect(started.status).toBe(200);
    const secret = started.json.secret as string;
    const confirmed = await admin('/two-factor/confirm', { ...session, body: { code: codeAt(secret) } });
    expect(confirmed.status).toBe(200);
    return {
      session,
      secret,
      started: started.json,
      recoveryCodes: confirmed.json.recoveryCodes as string[],
    };
  }

  test('enrol once, then password and code (or a recovery code, once); off again with a code; audited', async () => {
    const email = `totp-${crypto.randomInt(1e9)}@${domain(a.alias)}`;
    const ip = address();
    const { session, secret, started, recoveryCodes } = await enrolled(email);
    expect(started.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(started.qrSvg).toContain('<svg');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = JSON.stringify(await gw.deps.db('operator_two_factor').select());
    expect(stored).not.toContain(secret);
    expect(JSON.stringify(await gw.deps.db('operator_recovery_codes').select())).not.toContain(
      recoveryCodes[0],
    );
    expect((await admin('/two-factor/enroll', { ...session, method: 'POST' })).status).toBe(409);
    expect((await admin('/two-factor', { cookie: session.cookie })).json).toEqual({
      enabled: true,
      required: false,
    });

    const first = await login({ tenantAlias: a.alias, email, password: PASSWORD }, { ip });
    expect(first.status).toBe(200);
    expect(first.cookie).toBeNull();
    expect(first.json).toMatchObject({ twoFactorRequired: true, challenge: expect.any(String) });
    const step2 = (challenge: string, code: string) =>
      postJson(
        `${gw.url}/admin/api/login/two-factor`,
        { challenge, code },
        {
          'x-forwarded-for': ip,
          'user-agent': USER_AGENT,
        },
      );
    // The code used to confirm is not accepted again; a wrong one is 401; the next step's code signs in.
    expect((await step2(first.json.challenge, codeAt(secret))).status).toBe(401);
    expect((await step2(first.json.challenge, '000000')).status).toBe(401);
    clock += 30_000;
    const done = await step2(first.json.challenge, codeAt(secret));
    expect(done.status).toBe(200);
    expect(done.json.operator).toEqual({ email, role: 'OWNER' });
    expect(done.headers.getSetCookie()[0]).toMatch(/^rs_admin_session=/);
    // The challenge is used once.
    clock += 30_000;
    expect((await step2(first.json.challenge, codeAt(secret))).status).toBe(401);

    const second = await login({ tenantAlias: a.alias, email, password: PASSWORD }, { ip });
    expect((await step2(second.json.challenge, recoveryCodes[0]!.toUpperCase())).status).toBe(200);
    const third = await login({ tenantAlias: a.alias, email, password: PASSWORD }, { ip });
    expect((await step2(third.json.challenge, recoveryCodes[0]!)).status).toBe(401);
    // A challenge lives 5 minutes.
    clock += 301_000;
    expect((await step2(third.json.challenge, recoveryCodes[1]!)).status).toBe(401);

    const wrongOff = await admin('/two-factor/disable', { ...session, body: { code: '123456' } });
    expect(wrongOff.status).toBe(400);
    expect(wrongOff.json.validationErrors).toEqual([expect.objectContaining({ path: 'code' })]);
    expect((await admin('/two-factor/disable', { ...session, body: { code: codeAt(secret) } })).status).toBe(
      204,
    );
    expect((await login({ tenantAlias: a.alias, email, password: PASSWORD })).cookie).not.toBeNull();

    const { entries } = await listAuditLog(gw.deps.db, a.id, { first: 200 });
    const mine = entries.filter((e) => e.target === email);
    const actions = mine.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'operator.two_factor_enabled',
        'operator.two_factor_disabled',
        'operator.login_failed',
      ]),
    );
    expect(mine.filter((e) => e.action === 'operator.login' && e.details.twoFactor === true)).toHaveLength(2);
    expect(mine.find((e) => e.action === 'operator.login_failed')).toMatchObject({
      actorKind: 'anonymous',
      clientAddress: ip,
      userAgent: USER_AGENT,
      details: { step: 'twoFactor' },
    });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(recoveryCodes[1]);
  });

  test('wrong codes are throttled per operator like passwords', async () => {
    const email = `totp-${crypto.randomInt(1e9)}@${domain(a.alias)}`;
    const { secret } = await enrolled(email);
    const { json } = await login({ tenantAlias: a.alias, email, password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await postJson(`${gw.url}/admin/api/login/two-factor`, {
        challenge: json.challenge,
        code: `00000${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The right code (the next step's) waits out the delay like a password would, then signs in.
    const next = codeAt(secret, clock + 30_000);
    const two = (code: string) =>
      postJson(`${gw.url}/admin/api/login/two-factor`, { challenge: json.challenge, code });
    expect((await two(next)).status).toBe(429);
    clock += 1000;
    expect((await two(next)).status).toBe(200);
  });

  test('a tenant that requires it: only an OWNER sets it, operators enrol before anything else, other tenants unaffected', async () => {
    const tenant = await createTenant(gw.deps.db, { alias: uniqueAlias('tfa') });
    const c = {
      ...tenant,
      id: ((await gw.deps.db('tenants').where({ alias: tenant.alias }).first('id')) as { id: string }).id,
    };
    const owner = `owner@${domain(c.alias)}`;
    const viewer = `viewer@${domain(c.alias)}`;
    await createOperator(gw.deps.db, { tenantId: c.id, email: owner, password: PASSWORD, role: 'OWNER' });
    await createOperator(gw.deps.db, { tenantId: c.id, email: viewer, password: PASSWORD, role: 'VIEWER' });
    const ownerSession = await signIn(owner, PASSWORD, c.alias);
    const viewerSession = await signIn(viewer, PASSWORD, c.alias);
    expect((await admin('/two-factor/require', { ...viewerSession, body: { required: true } })).status).toBe(
      403,
    );
    const bad = await admin('/two-factor/require', { ...ownerSession, body: { required: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.json.validationErrors).toEqual([expect.objectContaining({ path: 'required' })]);
    // GraphQL: OWNER only (an ADMIN-level key or a VIEWER is refused).
    const SET = 'mutation S($r: Boolean!) { setRequireTwoFactor(required: $r) }';
    const byKey = await fetch(`${gw.api(c.alias)}/graphql`, {
      method: 'POST',
      headers: { authorization: basic(c.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({ query: SET, variables: { r: true } }),
    });
    expect(((await byKey.json()) as Json).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await graphql(viewerSession, SET, { r: true })).status).toBe(403);
    expect((await graphql(ownerSession, SET, { r: true })).json.data).toEqual({ setRequireTwoFactor: true });
    expect((await admin('/two-factor', { cookie: ownerSession.cookie })).json).toEqual({
      enabled: false,
      required: true,
    });

    const query = '{ __typename }';
    for (const session of [ownerSession, viewerSession]) {
      const refused = await graphql(session, query);
      expect(refused.status).toBe(403);
      expect(refused.json.apiErrorCode).toBe('TWO_FACTOR_REQUIRED');
      expect((await admin('/session', { cookie: session.cookie })).status).toBe(200);
    }
    // Tenant A's operators are not held.
    const aSession = await signIn(ownerA);
    expect((await graphql(aSession, query)).json.data).toEqual({ __typename: 'Query' });
    expect((await admin('/two-factor', { cookie: aSession.cookie })).json).toEqual({
      enabled: false,
      required: false,
    });

    const started = await admin('/two-factor/enroll', { ...viewerSession, method: 'POST' });
    const code = TOTP.generate({
      secret: Secret.fromBase32(started.json.secret),
      period: 30,
      timestamp: clock,
    });
    expect((await admin('/two-factor/confirm', { ...viewerSession, body: { code } })).status).toBe(200);
    expect((await graphql(viewerSession, query)).json.data).toEqual({ __typename: 'Query' });
    // The OWNER (not enrolled) may still turn the requirement off through the REST door.
    const off = await admin('/two-factor/require', { ...ownerSession, body: { required: false } });
    expect(off.json).toEqual({ enabled: false, required: false });
    expect((await graphql(ownerSession, query)).json.data).toEqual({ __typename: 'Query' });
    const audit = (await listAuditLog(gw.deps.db, c.id, { first: 50 })).entries;
    expect(audit.find((e) => e.action === 'setRequireTwoFactor')).toMatchObject({
      operatorEmail: owner,
      details: { required: true },
    });
    expect(audit.find((e) => e.action === 'tenant.require_two_factor')).toMatchObject({
      operatorEmail: owner,
      details: { required: false },
    });
  });
});
