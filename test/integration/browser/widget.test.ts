/**
 * The referrer widget's route (GET /open/account/{a}/user/{u}/widget): one answer with the
 * user's link, the program's offer, their referrals (friends by first name or initial, never an e-mail
 * address) and their rewards; only that user's own JWT (or the API key) reads it, in its own tenant.
 */
import { shareQr } from '../../../shared/domain/referrals/share-qr';
import { createTestTenant, eventually } from '../../helpers/harness';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import { startReferralApi, uid, userToken, type ReferralApi } from '../../helpers/referrals';

type Json = Record<string, any>;

let api: ReferralApi;
let other: IssuedKey;
beforeAll(async () => {
  api = await startReferralApi();
  other = await createTestTenant(api.gw.deps.db, 'other');
});
afterAll(async () => {
  await api?.close();
});

const enc = encodeURIComponent;
const widgetPath = (accountId: string, userId: string) =>
  `/open/account/${enc(accountId)}/user/${enc(userId)}/widget`;

async function widget(alias: string, accountId: string, userId: string, authorization?: string) {
  const res = await fetch(`${api.gw.api(alias)}${widgetPath(accountId, userId)}`, {
    headers: authorization === undefined ? {} : { authorization },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}
const bearer = (apiKey: string, accountId: string, userId: string) =>
  `Bearer ${userToken(apiKey, accountId, userId)}`;

/** A friend referred by `code`: identified (IN_PROGRESS), or converted with PAID. */
async function refer(code: string, body: Json, paid = false) {
  const res = await api.identify(uid('acct-f'), uid('user-f'), {
    referredByCode: code,
    ...body,
    ...(paid && { accountStatus: 'PAID' }),
  });
  expect(res.status).toBe(200);
  expect(res.body.referredBy.status).toBe(paid ? 'CONVERTED' : 'IN_PROGRESS');
}

/** A referral made before any rules: the program's fixed reward explained (widget-explanations.test.ts has rules). */
const fixedReward = (outcome: 'GRANTED' | 'NOT_GRANTED') =>
  expect.objectContaining({ ruleId: null, rule: "The referrer's reward", outcome });

describe('GET /open/account/{a}/user/{u}/widget', () => {
  const accountId = uid('acct-r');
  const userId = uid('user-r');
  let code: string;

  beforeAll(async () => {
    const patched = await api.call('PATCH', '/program', {
      name: 'Acme Rewards',
      referredDiscountPercent: 15,
      referrerReward: { type: 'PCT_DISCOUNT', discountPercent: 10 },
      maxReferrerDiscountPercent: 50,
      widgetHeadline: 'Give 15%, get 10%',
    });
    expect(patched.status).toBe(200);
    const referrer = await api.identify(accountId, userId, {
      firstName: 'Rita',
      lastName: 'Referrer',
      email: 'rita@example.com',
    });
    code = referrer.body.shareCode;
    await refer(code, { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' });
    await refer(code, { lastName: 'baker', email: 'b@example.com' }, true);
    await refer(code, { firstName: 'carl@example.com', email: 'carl@example.com' });
    await refer(code, { firstName: '<img src=x onerror=alert(1)>' }, true);
    // Another user of the same account refers someone: not this user's referral.
    const colleague = await api.identify(accountId, uid('user-c'), { firstName: 'Colleague' });
    await refer(colleague.body.shareCode, { firstName: 'Zed' }, true);
  });

  test('answers everything the widget shows, with the user’s own JWT', async () => {
    const res = await widget(
      api.tenant.alias,
      accountId,
      userId,
      bearer(api.tenant.apiKey, accountId, userId),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const link = `${api.config.publicUrl}/r/${api.tenant.alias}/${code}`;
    expect(res.body).toEqual({
      user: {
        id: userId,
        accountId,
        firstName: 'Rita',
        shareCode: code,
        shareLink: link,
      },
      program: {
        name: 'Acme Rewards',
        referredDiscountPercent: 15,
        referrerReward: { type: 'PCT_DISCOUNT', discountPercent: 10, amountCents: null, unit: null },
        headline: 'Give 15%, get 10%',
        subheadline: null,
      },
      share: {
        message: `Rita invited you to Acme Rewards: 15% off your first order with my link ${link}`,
        emailSubject: 'Rita sent you 15% off Acme Rewards',
        qr: shareQr(link),
      },
      summary: { friends: 4, subscribed: 2, earned: [] },
      // Newest first: the first name, else the last name's initial, else "A friend" (never an address).
      referrals: [
        {
          name: '<img src=x onerror=alert(1)>',
          status: 'CONVERTED',
          state: 'SUBSCRIBED',
          reward: {
            type: 'PCT_DISCOUNT',
            status: 'AVAILABLE',
            discountPercent: 10,
            amountCents: null,
            unit: null,
          },
          dateReferred: expect.any(Number),
          dateConverted: expect.any(Number),
          rewardsExplained: [fixedReward('GRANTED')],
        },
        {
          name: 'A friend',
          status: 'IN_PROGRESS',
          state: 'SIGNED_UP',
          reward: null,
          dateReferred: expect.any(Number),
          dateConverted: null,
          rewardsExplained: [fixedReward('NOT_GRANTED')],
        },
        {
          name: 'B.',
          status: 'CONVERTED',
          state: 'SUBSCRIBED',
          reward: {
            type: 'PCT_DISCOUNT',
            status: 'AVAILABLE',
            discountPercent: 10,
            amountCents: null,
            unit: null,
          },
          dateReferred: expect.any(Number),
          dateConverted: expect.any(Number),
          rewardsExplained: [fixedReward('GRANTED')],
        },
        {
          name: 'Ann',
          status: 'IN_PROGRESS',
          state: 'SIGNED_UP',
          reward: null,
          dateReferred: expect.any(Number),
          dateConverted: null,
          rewardsExplained: [fixedReward('NOT_GRANTED')],
        },
      ],
      referralsPage: { limit: 10, nextCursor: null },
      referredBy: null,
      rewards: { discountPercent: 20, balances: [] },
      // The program has no leaderboard and no published rules.
      leaderboard: null,
      progress: null,
    });
    expect(JSON.stringify(res.body.referrals)).not.toContain('@');
    const dates = res.body.referrals.map((r: Json) => r.dateReferred);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // The same instants as the rest of the API shows them (GraphQL's account view).
    const account = await api.account(accountId);
    const own = account!.referrals.filter((r: Json) => r.referrerUserId === userId);
    expect(res.body.referrals.map((r: Json) => [r.dateReferred, r.dateConverted])).toEqual(
      own.map((r: Json) => [r.dateReferralStarted, r.dateReferralPaid]),
    );
  });

  test('credit rewards appear as balances per unit; the discount is capped by the program', async () => {
    await api.call('PATCH', '/program', {
      referrerReward: { type: 'CREDIT', amountCents: 500, unit: 'USD' },
      maxReferrerDiscountPercent: 15,
    });
    await refer(code, { firstName: 'Dora' }, true);
    await refer(code, { firstName: 'Eve' }, true);
    // The program comes from the gateway cache, which sees the change when its notification arrives.
    await eventually('the widget shows the new program', async () => {
      const { body } = await widget(api.tenant.alias, accountId, userId, api.auth);
      return body.program.referrerReward.type === 'CREDIT';
    });
    const res = await widget(
      api.tenant.alias,
      accountId,
      userId,
      bearer(api.tenant.apiKey, accountId, userId),
    );
    expect(res.status).toBe(200);
    expect(res.body.program.referrerReward).toEqual({
      type: 'CREDIT',
      discountPercent: null,
      amountCents: 500,
      unit: 'USD',
    });
    expect(res.body.rewards).toEqual({ discountPercent: 15, balances: [{ unit: 'USD', amountCents: 1000 }] });
    expect(res.body.referrals.slice(0, 2).map((r: Json) => r.name)).toEqual(['Eve', 'Dora']);
  });

  test('the tenant API key reads it too; no credentials is 401', async () => {
    expect((await widget(api.tenant.alias, accountId, userId, api.auth)).status).toBe(200);
    const none = await widget(api.tenant.alias, accountId, userId);
    expect(none.status).toBe(401);
    expect(none.body.apiErrorCode).toBe('UNAUTHORIZED');
  });

  test('a JWT for another user or account of the tenant is refused (403)', async () => {
    const otherUser = bearer(api.tenant.apiKey, accountId, 'someone-else');
    const otherAccount = bearer(api.tenant.apiKey, 'another-account', userId);
    for (const token of [otherUser, otherAccount]) {
      const res = await widget(api.tenant.alias, accountId, userId, token);
      expect(res.status).toBe(403);
      expect(res.body.apiErrorCode).toBe('FORBIDDEN');
    }
  });

  test("another tenant's JWT is 401, even for the same ids; that tenant's own user is not found", async () => {
    const crossTenant = await widget(
      api.tenant.alias,
      accountId,
      userId,
      bearer(other.apiKey, accountId, userId),
    );
    expect(crossTenant.status).toBe(401);
    const intoOther = await widget(
      other.alias,
      accountId,
      userId,
      bearer(api.tenant.apiKey, accountId, userId),
    );
    expect(intoOther.status).toBe(401);
    const ownButUnknown = await widget(
      other.alias,
      accountId,
      userId,
      bearer(other.apiKey, accountId, userId),
    );
    expect(ownButUnknown.status).toBe(404);
    expect(ownButUnknown.body.apiErrorCode).toBe('USER_NOT_FOUND');
  });

  test('an unknown user is 404 USER_NOT_FOUND; a bad id is 400 naming it', async () => {
    const ghost = uid('ghost');
    const res = await widget(api.tenant.alias, accountId, ghost, bearer(api.tenant.apiKey, accountId, ghost));
    expect(res.status).toBe(404);
    expect(res.body.apiErrorCode).toBe('USER_NOT_FOUND');
    const bad = await widget(api.tenant.alias, accountId, 'a\u0007b', api.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors.map((v: Json) => v.path)).toEqual(['userId']);
  });
});
