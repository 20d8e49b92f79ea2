/**
 * Identification (PUT /open/account/{a}/user/{u}), share codes and share links, account sync's shape,
 * and what a user JWT may do.
 */
import { startReferralApi, uid, userToken as signUserToken, type ReferralApi } from '../../helpers/referrals';

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi();
});
afterAll(async () => {
  await api?.close();
});

const userToken = (accountId: string, userId: string, extra: Record<string, unknown> = {}) =>
  signUserToken(api.tenant.apiKey, accountId, userId, extra);

describe('identification', () => {
  test('upserts account and user and answers the documented shape', async () => {
    const accountId = uid('acct');
    const userId = uid('user');
    const res = await api.identify(accountId, userId, {
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      locale: 'en_GB',
      paymentProviderId: `cus_${userId}`,
      accountStatus: 'TRIAL',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: userId,
      accountId,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      locale: 'en_GB',
      paymentProviderId: `cus_${userId}`,
      shareCode: expect.stringMatching(/^ADALOVELACE\d*$/),
      shareLink: `${api.config.publicUrl}/r/${api.tenant.alias}/${res.body.shareCode}`,
      referredBy: null,
      dateCreated: expect.any(Number),
    });
    // Partial update: omitted fields stay, null clears, the share code is kept.
    const again = await api.identify(accountId, userId, { email: null, firstName: 'Augusta' });
    expect(again.body).toMatchObject({
      email: null,
      firstName: 'Augusta',
      lastName: 'Lovelace',
      shareCode: res.body.shareCode,
    });
    const read = await api.call('GET', `/open/account/${accountId}/user/${userId}`);
    expect(read.body).toEqual(again.body);
  });

  test('an empty body identifies too; bad fields are 400 naming them', async () => {
    expect((await api.call('PUT', `/open/account/${uid('a')}/user/${uid('u')}`)).status).toBe(200);
    const bad = await api.identify(uid('acct'), uid('user'), {
      email: 'not-an-email',
      accountStatus: 'GOLD',
      shareCode: 'has space',
      surprise: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.apiErrorCode).toBe('VALIDATION_FAILED');
    expect(bad.body.validationErrors.map((v: { path: string }) => v.path).sort()).toEqual(
      ['(root)', 'accountStatus', 'email', 'shareCode'].sort(),
    );
  });

  test('a paymentProviderId held by another account is 409 PAYMENT_PROVIDER_ID_IN_USE', async () => {
    const ppid = `cus_${uid('x')}`;
    expect((await api.identify(uid('acct'), uid('user'), { paymentProviderId: ppid })).status).toBe(200);
    const taken = await api.identify(uid('acct'), uid('user'), { paymentProviderId: ppid });
    expect(taken.status).toBe(409);
    expect(taken.body.apiErrorCode).toBe('PAYMENT_PROVIDER_ID_IN_USE');
  });
});

describe('share codes', () => {
  test('derived from the name (JANEDOE, JANEDOE2, ...), accents folded, at most 15 characters', async () => {
    const last = `Q${uid('n').replace(/[^a-z0-9]/gi, '')}`.slice(0, 6);
    const codes: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await api.identify(uid('acct'), uid('user'), { firstName: 'Zoë', lastName: last });
      codes.push(res.body.shareCode);
    }
    const base = `ZOE${last.toUpperCase()}`;
    expect(codes).toEqual([base, `${base}2`, `${base}3`]);

    const long = await api.identify(uid('acct'), uid('user'), {
      firstName: 'Maximiliana',
      lastName: 'Featherstonehaugh',
    });
    expect(long.body.shareCode).toMatch(/^MAXIMILIANAFEAT[0-9]*$|^MAXIMILIANAFE\d+$/);
    expect(long.body.shareCode.length).toBeLessThanOrEqual(15);
  });

  test('random without a name; unique per tenant ignoring case', async () => {
    const res = await api.identify(uid('acct'), uid('user'), {});
    expect(res.body.shareCode).toMatch(/^[A-Z2-9]{10}$/);
  });

  test('a vanity code is kept; one held by another user is 409 CODE_TAKEN, in any case', async () => {
    const vanity = `Vip${Math.random().toString(36).slice(2, 9)}`.replace(/[^A-Za-z0-9]/g, '');
    const a = await api.identify(uid('acct'), uid('user'), { shareCode: vanity });
    expect(a.status).toBe(200);
    expect(a.body.shareCode).toBe(vanity);
    const b = await api.identify(uid('acct'), uid('user'), { shareCode: vanity.toUpperCase() });
    expect(b.status).toBe(409);
    expect(b.body.apiErrorCode).toBe('CODE_TAKEN');
    // The owner asking again is fine.
    expect(
      (await api.identify(a.body.accountId, a.body.id, { shareCode: vanity.toLowerCase() })).status,
    ).toBe(200);
  });

  test('the share link redirects to the landing URL with rsCode; unknown codes are 404', async () => {
    const patched = await api.call('PATCH', '/program', {
      landingUrl: 'https://shop.example.com/join?utm=ref',
    });
    expect(patched.status).toBe(200);
    const user = await api.identify(uid('acct'), uid('user'), { firstName: 'Link', lastName: 'Tester' });
    const res = await fetch(
      user.body.shareLink
        .replace(api.config.publicUrl, api.gw.url)
        .replace(user.body.shareCode, user.body.shareCode.toLowerCase()),
      { redirect: 'manual' },
    );
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://shop.example.com/join');
    expect(location.searchParams.get('utm')).toBe('ref');
    expect(location.searchParams.get('rsCode')).toBe(user.body.shareCode);

    const missing = await fetch(`${api.gw.url}/r/${api.tenant.alias}/NOPE0000`, { redirect: 'manual' });
    expect(missing.status).toBe(404);
    const otherTenant = await fetch(`${api.gw.url}/r/not_a_tenant/${user.body.shareCode}`, {
      redirect: 'manual',
    });
    expect(otherTenant.status).toBe(404);
  });
});

describe('account sync', () => {
  test('echoes the stored account; currency defaults to USD; bad input names the field', async () => {
    const id = uid('acct');
    const res = await api.sync({
      id,
      subscription: { status: 'TRIAL', billingIntervalType: 'MONTH', billingIntervalValue: 1, value: 19.99 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      subscription: { status: 'TRIAL', billingIntervalType: 'MONTH', billingIntervalValue: 1, value: 19.99 },
      referral: null,
      currency: 'USD',
      dateCreated: expect.any(Number),
    });
    const eur = await api.sync({ id, currency: 'EUR' });
    expect(eur.body).toMatchObject({ currency: 'EUR', subscription: { status: 'TRIAL', value: 19.99 } });

    const bad = await api.sync({
      id,
      subscription: { status: 'PAID', billingIntervalType: 'FORTNIGHT' },
      currency: 'euro',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors.map((v: { path: string }) => v.path).sort()).toEqual([
      'currency',
      'subscription.billingIntervalType',
    ]);
    expect((await api.sync({ subscription: {} })).body.validationErrors[0].path).toBe('id');
  });
});

describe('user JWT', () => {
  test("identifies the token's own user; another user's path is 403", async () => {
    const accountId = uid('acct');
    const userId = uid('user');
    const token = userToken(accountId, userId);
    const own = await api.identify(
      accountId,
      userId,
      { firstName: 'Jo' },
      { authorization: `Bearer ${token}` },
    );
    expect(own.status).toBe(200);
    const other = await api.identify(accountId, uid('user'), {}, { authorization: `Bearer ${token}` });
    expect(other.status).toBe(403);
  });

  test('accountStatus and paymentProviderId come only from the signed claims', async () => {
    const accountId = uid('acct');
    const userId = uid('user');
    const unsigned = await api.identify(
      accountId,
      userId,
      { accountStatus: 'PAID' },
      {
        authorization: `Bearer ${userToken(accountId, userId)}`,
      },
    );
    expect(unsigned.status).toBe(403);
    expect(await api.account(accountId)).toBeNull();

    const signed = userToken(accountId, userId, {
      accountStatus: 'PAID',
      paymentProviderId: `cus_${userId}`,
    });
    const res = await api.identify(
      accountId,
      userId,
      {},
      { authorization: '', 'x-saasquatch-user-token': signed },
    );
    expect(res.status).toBe(200);
    expect(res.body.paymentProviderId).toBe(`cus_${userId}`);
    expect((await api.account(accountId))!.subscription.status).toBe('PAID');
  });
});
