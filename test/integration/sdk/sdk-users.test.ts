/**
 * The server SDK (clients/sdk) against the real gateway: users, the widget, browser settings and user
 * JWTs signed by signUserJwt: success, validation errors naming the field, wrong credentials, not found.
 */
import { Resvg } from '@resvg/resvg-js';
import { ApiError, ReferralClient, signUserJwt } from '../../../clients/sdk/src/index';
import { eventually } from '../../helpers/harness';
import { uid } from '../../helpers/referrals';
import { apiErrorOf, expectApiError, startSdkStack, type SdkStack } from '../../helpers/sdk';

let stack: SdkStack;
let wrongKey: ReferralClient;
beforeAll(async () => {
  stack = await startSdkStack();
  // The tenant's real key with its last character changed: well-formed, but no key of any tenant.
  const key = stack.api.tenant.apiKey;
  const tampered = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
  wrongKey = stack.clientWith({}, { apiKey: tampered });
});
afterAll(async () => {
  await stack?.close();
});

const TOO_LONG = 'x'.repeat(256);

describe('users', () => {
  test('upsertUser and identify create, update and attribute; getUser reads the same user', async () => {
    const { client } = stack;
    const referrer = await client.upsertUser(uid('acct'), uid('user'), {
      firstName: 'Rita',
      email: 'rita@example.com',
    });
    expect(referrer).toMatchObject({ firstName: 'Rita', email: 'rita@example.com', referredBy: null });
    expect(referrer.shareCode).toEqual(expect.any(String));
    expect(referrer.shareLink).toContain(`/r/${stack.api.tenant.alias}/`);

    const friend = await client.identify(uid('acct'), uid('user'), {
      firstName: 'Fred',
      referredByCode: referrer.shareCode!.toLowerCase(),
    });
    expect(friend.referredBy).toEqual({ code: referrer.shareCode, status: 'IN_PROGRESS' });

    const updated = await client.identify(friend.accountId, friend.id, {
      lastName: 'Friend',
      locale: 'en_US',
    });
    expect(updated).toMatchObject({ firstName: 'Fred', lastName: 'Friend', locale: 'en_US' });
    expect(await client.getUser(friend.accountId, friend.id)).toEqual(updated);
  });

  test('validation errors name the field', async () => {
    const { client } = stack;
    await expectApiError(
      client.upsertUser(uid('acct'), uid('user'), { email: 'not-an-e-mail' }),
      400,
      'VALIDATION_FAILED',
      'email',
    );
    await expectApiError(client.identify(TOO_LONG, uid('user')), 400, 'VALIDATION_FAILED', 'accountId');
    await expectApiError(client.getUser(uid('acct'), TOO_LONG), 400, 'VALIDATION_FAILED', 'userId');
    await expectApiError(client.getWidget(TOO_LONG, uid('user')), 400, 'VALIDATION_FAILED', 'accountId');
    // Unknown members are refused too (strict schemas), named by zod's path.
    const err = await expectApiError(
      client.upsertUser(uid('acct'), uid('user'), { nickname: 'x' } as never),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.validationErrors.length).toBeGreaterThan(0);
  });

  test('an unknown user is 404 USER_NOT_FOUND for getUser and getWidget', async () => {
    await expectApiError(stack.client.getUser(uid('acct'), uid('nobody')), 404, 'USER_NOT_FOUND');
    await expectApiError(stack.client.getWidget(uid('acct'), uid('nobody')), 404, 'USER_NOT_FOUND');
  });

  test('getWidget: the referrer, the program and the friends it referred', async () => {
    const { client } = stack;
    const referrer = await client.identify(uid('acct'), uid('user'), { firstName: 'Wanda' });
    await client.identify(uid('acct'), uid('user'), {
      firstName: 'Frank',
      lastName: 'Friend',
      referredByCode: referrer.shareCode!,
    });
    const widget = await client.getWidget(referrer.accountId, referrer.id);
    expect(widget.user).toMatchObject({ id: referrer.id, firstName: 'Wanda', shareCode: referrer.shareCode });
    expect(widget.referrals).toEqual([expect.objectContaining({ name: 'Frank', status: 'IN_PROGRESS' })]);
    expect(widget.program.referredDiscountPercent).toEqual(expect.any(Number));
    expect(widget.summary).toEqual({ friends: 1, subscribed: 0, earned: [] });
    // The query pages the friends and picks the share texts' locale.
    const paged = await client.getWidget(referrer.accountId, referrer.id, undefined, {
      limit: 1,
      locale: 'de',
    });
    expect(paged.referralsPage).toEqual({ limit: 1, nextCursor: null });
    expect(paged.share?.message).toContain('Wanda lädt dich');
  });
});

describe('browser settings', () => {
  test('answers the cookie settings; an unknown tenant is 404 NOT_FOUND', async () => {
    expect(await stack.client.getBrowserSettings()).toEqual({
      cookieDays: expect.any(Number),
      lastClickWins: expect.any(Boolean),
      shareParam: 'ref',
    });
    const nobody = new ReferralClient(
      { baseUrl: stack.api.gw.url, tenantAlias: 'no_such_tenant', apiKey: 'k' },
      { maxRetries: 0 },
    );
    await expectApiError(nobody.getBrowserSettings(), 404, 'NOT_FOUND');
  });
});

describe('credentials', () => {
  test.each([
    ['upsertUser', (c: ReferralClient) => c.upsertUser('a', 'u', {})],
    ['getUser', (c: ReferralClient) => c.getUser('a', 'u')],
    ['getWidget', (c: ReferralClient) => c.getWidget('a', 'u')],
    [
      'logUserEvents',
      (c: ReferralClient) => c.logUserEvents({ accountId: 'a', userId: 'u', events: [{ key: 'k' }] }),
    ],
    [
      'logUserEventsBatch',
      (c: ReferralClient) => c.logUserEventsBatch([{ accountId: 'a', userId: 'u', events: [{ key: 'k' }] }]),
    ],
    ['syncAccount', (c: ReferralClient) => c.syncAccount({ id: 'a' })],
    ['lookupCode', (c: ReferralClient) => c.lookupCode('CODE')],
    ['getAccountRewards', (c: ReferralClient) => c.getAccountRewards('a')],
    [
      'associateDiscount',
      (c: ReferralClient) => c.associateDiscount({ accountId: 'a', paymentProviderId: 'p', couponCode: 'C' }),
    ],
    ['segment', (c: ReferralClient) => c.segment({ type: 'track' })],
    ['uploadFile', (c: ReferralClient) => c.uploadFile(Buffer.from('a\n'), { filename: 'x.csv' })],
    ['downloadFile', (c: ReferralClient) => c.downloadFile('imports/x.csv')],
    ['downloadResultFile', (c: ReferralClient) => c.downloadResultFile('results/x.csv')],
    ['validateImport', (c: ReferralClient) => c.validateImport({ fileRef: 'f', type: 'MUTATION/USER' })],
    ['createImportJob', (c: ReferralClient) => c.createImportJob({ fileRef: 'f', type: 'MUTATION/USER' })],
    ['getImportJob', (c: ReferralClient) => c.getImportJob('j')],
    ['waitForImportJob', (c: ReferralClient) => c.waitForImportJob('j')],
    ['getProgram', (c: ReferralClient) => c.getProgram()],
    ['updateProgram', (c: ReferralClient) => c.updateProgram({ name: 'x' })],
    ['graphql', (c: ReferralClient) => c.graphql('{ __typename }')],
  ])('a wrong API key: %s is 401 UNAUTHORIZED', async (_name, call) => {
    await expectApiError(call(wrongKey), 401, 'UNAUTHORIZED');
  });

  test('a user JWT from signUserJwt is accepted for its own user, 403 for another, 401 once expired', async () => {
    const { client, api } = stack;
    const user = await client.identify(uid('acct'), uid('user'), { firstName: 'Jo' });
    const token = signUserJwt({
      apiKey: api.tenant.apiKey,
      accountId: user.accountId,
      userId: user.id,
      expiresInSeconds: 300,
    });
    const asUser = stack.clientWith({}, { userJwt: token });
    expect((await asUser.getUser(user.accountId, user.id)).id).toBe(user.id);
    expect((await asUser.getWidget(user.accountId, user.id)).user.id).toBe(user.id);
    const logged = await asUser.logUserEvents({
      accountId: user.accountId,
      userId: user.id,
      events: [{ key: 'page_view' }],
    });
    expect(logged.status).toBe('APPLIED');

    await expectApiError(asUser.getUser(user.accountId, uid('other')), 403, 'FORBIDDEN');
    // The API-key-only routes do not take a user token.
    await expectApiError(asUser.getProgram(), 401, 'UNAUTHORIZED');

    const expired = signUserJwt({
      apiKey: api.tenant.apiKey,
      accountId: user.accountId,
      userId: user.id,
      expiresInSeconds: 60,
      nowMs: Date.now() - 3_600_000,
    });
    await expectApiError(
      stack.clientWith({}, { userJwt: expired }).getUser(user.accountId, user.id),
      401,
      'UNAUTHORIZED',
    );
    const otherKey = signUserJwt({
      apiKey: 'rsk_test_not-the-tenant-key',
      accountId: user.accountId,
      userId: user.id,
    });
    await expectApiError(
      stack.clientWith({}, { userJwt: otherKey }).getUser(user.accountId, user.id),
      401,
      'UNAUTHORIZED',
    );
  });

  test('signed claims: accountStatus in the token converts, the same field in the body alone is 403', async () => {
    const { client, api } = stack;
    const referrer = await client.identify(uid('acct'), uid('user'));
    const friend = await client.identify(uid('acct'), uid('user'), { referredByCode: referrer.shareCode! });
    const sign = (user?: { accountStatus: string }) =>
      signUserJwt({ apiKey: api.tenant.apiKey, accountId: friend.accountId, userId: friend.id, user });
    const unsigned = stack.clientWith({}, { userJwt: sign() });
    await expectApiError(
      unsigned.identify(friend.accountId, friend.id, { accountStatus: 'PAID' }),
      403,
      'FORBIDDEN',
    );
    const signed = stack.clientWith({}, { userJwt: sign({ accountStatus: 'PAID' }) });
    const paid = await signed.identify(friend.accountId, friend.id, {});
    expect(paid.referredBy).toEqual({ code: referrer.shareCode, status: 'CONVERTED' });
  });

  test('a token without exp is accepted unless the program requires exp', async () => {
    const { client, api } = stack;
    const user = await client.identify(uid('acct'), uid('user'));
    const token = signUserJwt({
      apiKey: api.tenant.apiKey,
      accountId: user.accountId,
      userId: user.id,
      expiresInSeconds: null,
    });
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())).not.toHaveProperty('exp');
    const asUser = stack.clientWith({}, { userJwt: token });
    expect((await asUser.getUser(user.accountId, user.id)).id).toBe(user.id);

    await client.updateProgram({ requireUserJwtExp: true });
    try {
      await eventually('the gateway requires exp', async () => {
        const err = await apiErrorOf(asUser.getUser(user.accountId, user.id)).catch(() => null);
        return err?.statusCode === 401;
      });
      const withExp = signUserJwt({ apiKey: api.tenant.apiKey, accountId: user.accountId, userId: user.id });
      expect((await stack.clientWith({}, { userJwt: withExp }).getUser(user.accountId, user.id)).id).toBe(
        user.id,
      );
    } finally {
      await client.updateProgram({ requireUserJwtExp: false });
    }
    expect(() => new ReferralClient({ baseUrl: api.gw.url, tenantAlias: api.tenant.alias } as never)).toThrow(
      TypeError,
    );
    expect(new ApiError({ statusCode: 400, message: 'm', apiErrorCode: 'X' })).toBeInstanceOf(Error);
  });
});

describe('program logo', () => {
  test('uploadProgramLogo answers the program with its logoUrl; a non-image is 400; removeProgramLogo clears it', async () => {
    const image = new Resvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0a7"/></svg>',
    )
      .render()
      .asPng();
    const program = await stack.client.uploadProgramLogo(image);
    expect(program.logoUrl).toMatch(new RegExp(`^/logos/${stack.api.tenant.alias}/[0-9a-f]{32}\\.png$`));
    await expectApiError(
      stack.client.uploadProgramLogo(Buffer.from('not an image')),
      400,
      'VALIDATION_FAILED',
    );
    expect((await stack.client.getProgram()).logoUrl).toBe(program.logoUrl);
    expect((await stack.client.removeProgramLogo()).logoUrl).toBeNull();
  });
});
