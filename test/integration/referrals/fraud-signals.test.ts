/**
 * Fraud signals at attribution (first part), with the real gateway, worker, PostgreSQL and
 * Temporal: each signal (SAME_CLIENT by device id and by a browser's address behind a trusted proxy),
 * found through identification, account sync and a USER import, is stored with
 * the referral and shown in GraphQL and in the `referral.started` webhook payload's shape; the program's
 * velocity limit is a validated setting; another tenant's referral is not readable.
 */
import { startReferralApi, uid, userToken, type ReferralApi } from '../../helpers/referrals';
import { createTestTenant, basic, postJson } from '../../helpers/harness';
import { importClient } from '../../helpers/imports';

let api: ReferralApi;
beforeAll(async () => {
  // testConfig trusts loopback as the load balancer: X-Forwarded-For names the browser's address.
  api = await startReferralApi();
});
afterAll(async () => {
  await api?.close();
});

const SIGNALS = `query A($id: String!) {
  account(id: $id) { referredBy { referralCodeUsed fraudSignals { signal evidence } } } }`;

async function signalsOf(accountId: string): Promise<{ signal: string; evidence: string }[]> {
  const res = await api.gql(SIGNALS, { id: accountId });
  expect(res.errors).toBeUndefined();
  return res.data.account.referredBy.fraudSignals;
}

async function referrer(body: Record<string, unknown>) {
  const res = await api.identify(uid('acct-r'), uid('user'), body);
  expect(res.status).toBe(200);
  return {
    accountId: res.body.accountId as string,
    userId: res.body.id as string,
    code: res.body.shareCode as string,
  };
}

async function setVelocityLimit(limit: number | null) {
  const res = await api.gql(
    `mutation P($n: Int) { updateProgram(input: { maxAttributionsPerReferrerPerHour: $n }) { maxAttributionsPerReferrerPerHour } }`,
    { n: limit },
  );
  expect(res.errors).toBeUndefined();
  expect(res.data.updateProgram.maxAttributionsPerReferrerPerHour).toBe(limit);
}

test('identification: the same mailbox (dots, +tag, case) and the same name, each with evidence', async () => {
  const rita = await referrer({ email: 'rita.ref@gmail.com', firstName: 'Rita', lastName: 'Referrer' });
  const friend = uid('acct');
  const res = await api.identify(friend, uid('user'), {
    email: 'RitaRef+friend@googlemail.com',
    firstName: 'RITA',
    lastName: 'referrer',
    referredByCode: rita.code,
  });
  expect(res.status).toBe(200);
  const signals = await signalsOf(friend);
  expect(signals.map((s) => s.signal)).toEqual(['SAME_EMAIL', 'SAME_NAME']);
  expect(signals[0]!.evidence).toContain('ritaref@gmail.com');
  expect(signals[0]!.evidence).toContain(rita.userId);

  // Operators find it in Temporal's UI: the lifecycle workflow carries the signals as a search attribute.
  const query = `FraudSignals = "SAME_EMAIL" AND FraudSignals = "SAME_NAME" AND EntityId = "${friend}"`;
  let found = 0;
  for (let i = 0; i < 100 && found === 0; i += 1) {
    for await (const wf of api.gw.deps.temporal.client.workflow.list({ query })) {
      if (wf.workflowId.endsWith(friend)) found += 1;
    }
    if (found === 0) await new Promise((r) => setTimeout(r, 100));
  }
  expect(found).toBe(1);
});

test('identification: a disposable address; an ordinary friend raises nothing', async () => {
  const rita = await referrer({ email: 'rita@example.com', firstName: 'Rita', lastName: 'R' });
  const burner = uid('acct');
  await api.identify(burner, uid('user'), { email: 'someone@mailinator.com', referredByCode: rita.code });
  expect((await signalsOf(burner)).map((s) => s.signal)).toEqual(['DISPOSABLE_EMAIL']);

  const honest = uid('acct');
  await api.identify(honest, uid('user'), {
    email: 'ann@example.org',
    firstName: 'Ann',
    lastName: 'Other',
    referredByCode: rita.code,
  });
  expect(await signalsOf(honest)).toEqual([]);
});

test('velocity: past the program limit within an hour, and only then', async () => {
  await setVelocityLimit(2);
  try {
    const rita = await referrer({ firstName: 'Vera', lastName: 'Velocity' });
    const friends = [uid('acct'), uid('acct'), uid('acct')];
    for (const friend of friends) {
      const res = await api.identify(friend, uid('user'), { referredByCode: rita.code });
      expect(res.status).toBe(200);
    }
    expect(await signalsOf(friends[0]!)).toEqual([]);
    expect(await signalsOf(friends[1]!)).toEqual([]);
    expect(await signalsOf(friends[2]!)).toEqual([
      {
        signal: 'VELOCITY',
        evidence: 'this is attribution 3 to the referrer within an hour; the program allows 2',
      },
    ]);
  } finally {
    await setVelocityLimit(null);
  }
});

test('account sync: signals from the account users already identified', async () => {
  const rita = await referrer({ email: 'sync.rita@example.com' });
  const friend = uid('acct');
  await api.identify(friend, uid('user'), { email: 'SYNC.RITA+x@example.com' });
  const synced = await api.sync({ id: friend, referral: { code: rita.code } });
  expect(synced.status).toBe(200);
  expect((await signalsOf(friend)).map((s) => s.signal)).toEqual(['SAME_EMAIL']);
});

test('a USER import row with a code: the same signals as identification', async () => {
  const rita = await referrer({ email: 'imp.rita@example.com', firstName: 'Imogen', lastName: 'Rita' });
  const friend = uid('acct');
  const csv = [
    'id,accountId,email,firstName,lastName,referredBy.code',
    `${uid('u')},${friend},imp.rita+2@example.com,Imogen,Rita,${rita.code}`,
  ].join('\n');
  const job = await importClient({ base: api.gw.api(api.tenant.alias), auth: api.auth }).run(
    'fraud.csv',
    csv,
    'MUTATION/USER',
  );
  expect(job.status).toBe('COMPLETED');
  expect((await signalsOf(friend)).map((s) => s.signal)).toEqual(['SAME_EMAIL', 'SAME_NAME']);
});

test('the velocity limit is validated, naming the field', async () => {
  for (const bad of [0, 100_001, 1.5]) {
    const res = await api.gql(
      `mutation P($n: Int) { updateProgram(input: { maxAttributionsPerReferrerPerHour: $n }) { name } }`,
      { n: bad },
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  }
  const rest = await api.call('PATCH', '/program', { maxAttributionsPerReferrerPerHour: -1 });
  expect(rest.status).toBe(400);
  expect(rest.body.validationErrors[0].path).toBe('maxAttributionsPerReferrerPerHour');
});

test("another tenant cannot read this tenant's referral or its signals", async () => {
  const rita = await referrer({ email: 'x.rita@example.com' });
  const friend = uid('acct');
  await api.identify(friend, uid('user'), { email: 'x.rita+1@example.com', referredByCode: rita.code });
  const other = await createTestTenant(api.gw.deps.db, 'fraud-other');
  const res = await postJson(
    `${api.gw.api(other.alias)}/graphql`,
    { query: SIGNALS, variables: { id: friend } },
    { authorization: basic(other.apiKey) },
  );
  expect(JSON.stringify(res.json)).not.toContain('SAME_EMAIL');
  expect(res.json.data?.account ?? null).toBeNull();
});

/** Identification with the user's own JWT (a browser), from `address` as the load balancer reports it. */
function identifyAsBrowser(
  accountId: string,
  userId: string,
  body: Record<string, unknown>,
  address: string,
) {
  return api.identify(accountId, userId, body, {
    authorization: `Bearer ${userToken(api.tenant.apiKey, accountId, userId)}`,
    'x-forwarded-for': address,
  });
}

test('SAME_CLIENT: the friend identifies from the device id the referrer used (the library sends it)', async () => {
  const device = 'dev_0123456789abcdefABCD';
  const rita = await referrer({ firstName: 'Dee', lastName: 'Vice', deviceId: device });
  const friend = uid('acct');
  const res = await api.identify(friend, uid('user'), { deviceId: device, referredByCode: rita.code });
  expect(res.status).toBe(200);
  const signals = await signalsOf(friend);
  expect(signals.map((s) => s.signal)).toEqual(['SAME_CLIENT']);
  expect(signals[0]!.evidence).toMatch(
    /^the referred user identified from the browser device dev_0123… \(the referrer's, last seen /,
  );

  const other = uid('acct');
  await api.identify(other, uid('user'), {
    deviceId: 'dev_someone_else_entirely',
    referredByCode: rita.code,
  });
  expect(await signalsOf(other)).toEqual([]);
});

test("SAME_CLIENT: a browser's address behind a trusted proxy; an API-key call's address never counts", async () => {
  const ritaAccount = uid('acct-r');
  const ritaUser = uid('user');
  const me = await identifyAsBrowser(ritaAccount, ritaUser, { firstName: 'Ada' }, '203.0.113.7');
  expect(me.status).toBe(200);
  const code = me.body.shareCode as string;

  const fromHome = uid('acct');
  const friendUser = uid('user');
  expect(
    (await identifyAsBrowser(fromHome, friendUser, { referredByCode: code }, '203.0.113.7')).status,
  ).toBe(200);
  const signals = await signalsOf(fromHome);
  expect(signals.map((s) => s.signal)).toEqual(['SAME_CLIENT']);
  expect(signals[0]!.evidence).toContain('the client address 203.0.113.7');

  const elsewhere = uid('acct');
  await identifyAsBrowser(elsewhere, uid('user'), { referredByCode: code }, '198.51.100.9');
  expect(await signalsOf(elsewhere)).toEqual([]);

  // The merchant's server identifies with the API key: its own address is not the friend's.
  const byServer = uid('acct');
  await api.identify(byServer, uid('user'), { referredByCode: code }, { 'x-forwarded-for': '203.0.113.7' });
  expect(await signalsOf(byServer)).toEqual([]);
});

test('a bad device id is 400 naming the field, and nothing is stored', async () => {
  const accountId = uid('acct');
  const res = await api.identify(accountId, uid('user'), { deviceId: 'short' });
  expect(res.status).toBe(400);
  expect(res.body.validationErrors[0].path).toBe('deviceId');
  expect(await api.gw.deps.db('users').where({ tenant_id: api.tenantId, account_id: accountId })).toEqual([]);
});

test('POST /discount: the account users already identified are compared too', async () => {
  const rita = await referrer({ email: 'disc.rita@example.com' });
  const friend = uid('acct');
  await api.identify(friend, uid('user'), { email: 'Disc.Rita+shop@example.com' });
  const res = await api.call('POST', '/discount', {
    accountId: friend,
    paymentProviderId: uid('cus'),
    couponCode: rita.code,
  });
  expect(res.status).toBe(200);
  expect((await signalsOf(friend)).map((s) => s.signal)).toEqual(['SAME_EMAIL']);
});

describe('the fraudPolicy', () => {
  const POLICY = `mutation P($p: [FraudRuleInput!]) { updateProgram(input: { fraudPolicy: $p }) { fraudPolicy { signal action } } }`;
  const setPolicy = async (policy: { signal: string; action: string }[]) => {
    const res = await api.gql(POLICY, { p: policy });
    expect(res.errors).toBeUndefined();
    expect(res.data.updateProgram.fraudPolicy).toEqual(policy);
  };
  afterEach(() => setPolicy([]));

  test('BLOCK: no referral, no reward, no referral.started; the answer says REFUSED and why', async () => {
    await setPolicy([
      { signal: 'SAME_EMAIL', action: 'BLOCK' },
      { signal: 'SAME_NAME', action: 'ALLOW' },
    ]);
    const rita = await referrer({ email: 'block.rita@gmail.com', firstName: 'Bea', lastName: 'Block' });
    const friend = uid('acct');
    const res = await api.identify(friend, uid('user'), {
      email: 'b.l.o.c.k.rita@gmail.com',
      firstName: 'Bea',
      lastName: 'Block',
      referredByCode: rita.code,
    });
    expect(res.status).toBe(200);
    // Only the signal the policy blocks is named; SAME_NAME is ALLOW.
    expect(res.body.referredBy).toEqual({ code: rita.code, status: 'REFUSED', refusedFor: ['SAME_EMAIL'] });
    const db = api.gw.deps.db;
    expect(await db('referrals').where({ tenant_id: api.tenantId, referred_account_id: friend })).toEqual([]);
    expect(
      await db('webhook_events')
        .where({ tenant_id: api.tenantId, type: 'referral.started' })
        .whereRaw(`payload->'data'->>'referredAccountId' = ?`, [friend]),
    ).toEqual([]);
    // The user is saved, and later reads show no referral.
    const later = await api.call('GET', `/open/account/${friend}/user/${res.body.id}`);
    expect(later.body).toMatchObject({ email: 'b.l.o.c.k.rita@gmail.com', referredBy: null });

    // An honest referrer's code still attributes the same account afterwards.
    const honest = await referrer({ email: 'someone.else@example.com' });
    const again = await api.sync({ id: friend, referral: { code: honest.code } });
    expect(again.body.referral).toEqual({ code: honest.code, status: 'IN_PROGRESS' });
  });

  test('BLOCK through account sync answers REFUSED too; a USER import row says so in its result', async () => {
    await setPolicy([{ signal: 'DISPOSABLE_EMAIL', action: 'BLOCK' }]);
    const rita = await referrer({ email: 'sync.block@example.com' });
    const friend = uid('acct');
    await api.identify(friend, uid('user'), { email: 'burner@mailinator.com' });
    const synced = await api.sync({ id: friend, referral: { code: rita.code } });
    expect(synced.status).toBe(200);
    expect(synced.body.referral).toEqual({
      code: rita.code,
      status: 'REFUSED',
      refusedFor: ['DISPOSABLE_EMAIL'],
    });

    const imported = uid('acct');
    const csv = [
      'id,accountId,email,referredBy.code',
      `${uid('u')},${imported},x@mailinator.com,${rita.code}`,
    ].join('\n');
    const client = importClient({ base: api.gw.api(api.tenant.alias), auth: api.auth });
    const job = await client.run('block.csv', csv, 'MUTATION/USER');
    expect(job.status).toBe('COMPLETED');
    expect(await client.results(job)).toEqual([
      ['2', 'SUCCESS', `created; referral ${rita.code} refused (DISPOSABLE_EMAIL)`],
    ]);
    expect(
      await api.gw.deps.db('referrals').where({ tenant_id: api.tenantId, referred_account_id: imported }),
    ).toEqual([]);
  });

  test('a signal listed twice and an unknown one are refused, naming the field', async () => {
    for (const [policy, path] of [
      [
        [
          { signal: 'SAME_EMAIL', action: 'BLOCK' },
          { signal: 'SAME_EMAIL', action: 'ALLOW' },
        ],
        'input.fraudPolicy.1.signal',
      ],
    ] as const) {
      const res = await api.gql(POLICY, { p: policy });
      expect(res.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.errors[0].extensions)).toContain(path);
    }
    const rest = await api.call('PATCH', '/program', { fraudPolicy: [{ signal: 'NOPE', action: 'BLOCK' }] });
    expect(rest.status).toBe(400);
    expect(rest.body.validationErrors[0].path).toBe('fraudPolicy.0.signal');
    expect((await api.call('GET', '/program')).body.fraudPolicy).toEqual([]);
  });
});

test("SAME_CLIENT never reads another tenant's clients, even for the same account and user ids", async () => {
  const device = 'dev_shared_across_tenants_01';
  const rita = await referrer({ firstName: 'Tena', lastName: 'Nt' });
  // Another tenant has a user with the very same ids, seen on the device the friend will use.
  const other = await createTestTenant(api.gw.deps.db, 'fraud-clients');
  const res = await fetch(
    `${api.gw.api(other.alias)}/open/account/${encodeURIComponent(rita.accountId)}/user/${encodeURIComponent(rita.userId)}`,
    {
      method: 'PUT',
      headers: { authorization: basic(other.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: device }),
    },
  );
  expect(res.status).toBe(200);
  const friend = uid('acct');
  await api.identify(friend, uid('user'), { deviceId: device, referredByCode: rita.code });
  expect(await signalsOf(friend)).toEqual([]);
});
