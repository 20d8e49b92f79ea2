/**
 * Referrals in a program other than the default: a user's code per program, the code finds its
 * program (GET /code, public codes, share links, attribution), the program's offer, fixed reward, hold
 * and rules apply, the widget shows the program, and archiving stops new referrals only. Another
 * tenant cannot use the program's id.
 */
import { importClient } from '../../helpers/imports';
import { THREE_FRIENDS } from '../../helpers/program-rules';
import {
  identifyReferrer,
  startReferralApi,
  uid,
  userToken,
  type ReferralApi,
} from '../../helpers/referrals';

let api: ReferralApi;
let other: ReferralApi;
let partners: string;
beforeAll(async () => {
  [api, other] = await Promise.all([startReferralApi(), startReferralApi()]);
  await api.gqlOk(
    /* GraphQL */ `
      mutation ($input: ProgramInput!) {
        updateProgram(input: $input) {
          id
        }
      }
    `,
    { input: { referredDiscountPercent: 10, rewardHoldDays: 0 } },
  );
  partners = (
    await api.gqlOk(
      /* GraphQL */ `
        mutation ($input: ProgramInput!) {
          createProgram(input: $input) {
            id
          }
        }
      `,
      {
        input: {
          name: 'Partners',
          referredDiscountPercent: 30,
          referrerReward: { type: 'CREDIT', amountCents: 2500, unit: 'EUR' },
          rewardHoldDays: 14,
          widgetHeadline: 'Partners earn EUR 25',
        },
      },
    )
  ).createProgram.id;
});
afterAll(async () => {
  await Promise.all([api?.close(), other?.close()]);
});

/** A referrer identified in the default program and in Partners: both codes. */
async function referrerInBoth(first = 'Paula') {
  const referrer = await identifyReferrer(api, first, 'Partner');
  const res = await api.identify(referrer.accountId, referrer.userId, { programId: partners });
  expect(res.status).toBe(200);
  return { ...referrer, partnerCode: res.body.shareCode as string };
}

const rewardsOf = (accountId: string) =>
  api.gw.deps
    .db('rewards')
    .where({ tenant_id: api.tenantId, account_id: accountId })
    .orderBy('date_given')
    .select('reward_source', 'type', 'discount_percent', 'amount_cents', 'unit', 'status', 'hold_until');

test('a user has a code per program; each code finds its own program and offer', async () => {
  const referrer = await referrerInBoth();
  expect(referrer.partnerCode).toMatch(/^PAULAPARTNER\d*$/);
  expect(referrer.partnerCode).not.toBe(referrer.code);
  // Identified again: the same code; GET user shows the program's code when asked.
  const again = await api.identify(referrer.accountId, referrer.userId, { programId: partners });
  expect(again.body.shareCode).toBe(referrer.partnerCode);
  const plain = await api.call('GET', `/open/account/${referrer.accountId}/user/${referrer.userId}`);
  expect(plain.body.shareCode).toBe(referrer.code);
  const inProgram = await api.call(
    'GET',
    `/open/account/${referrer.accountId}/user/${referrer.userId}?programId=${partners}`,
  );
  expect(inProgram.body.shareCode).toBe(referrer.partnerCode);
  expect(inProgram.body.shareLink).toContain(referrer.partnerCode);

  const lookup = async (code: string) => (await api.call('GET', `/code/${code}`)).body;
  expect(await lookup(referrer.code)).toMatchObject({ code: referrer.code, discountPercentage: 10 });
  expect(await lookup(referrer.partnerCode)).toMatchObject({
    code: referrer.partnerCode,
    discountPercentage: 30,
  });
  const pub = await fetch(`${api.gw.api(api.tenant.alias)}/open/codes/${referrer.partnerCode}`);
  expect(((await pub.json()) as any).offer).toEqual({ programName: 'Partners', discountPercent: 30 });

  // The hosted landing page shows the program's offer.
  const page = await fetch(`${api.gw.url}/r/${api.tenant.alias}/${referrer.partnerCode}`);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain('Partners');
  expect(html).toContain('30');

  // A vanity code in the program; the old one keeps resolving (retired) to the same program.
  const vanity = await api.identify(referrer.accountId, referrer.userId, {
    programId: partners,
    shareCode: `PARTNER${Date.now() % 100000}`,
  });
  expect(vanity.status).toBe(200);
  expect(vanity.body.shareCode).toMatch(/^PARTNER\d+$/);
  expect(await lookup(referrer.partnerCode)).toMatchObject({ discountPercentage: 30 });
});

test("a friend of a program's code gets its discount; the referrer its reward, hold and rules", async () => {
  const referrer = await referrerInBoth('Rosa');
  const friend = uid('acct-f');
  const res = await api.identify(friend, uid('user'), { referredByCode: referrer.partnerCode });
  expect(res.status).toBe(200);
  const referral = await api.gw.deps
    .db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: friend })
    .first('program_id', 'rule_version');
  expect(referral).toEqual({ program_id: partners, rule_version: null });
  expect(await rewardsOf(friend)).toEqual([
    expect.objectContaining({ reward_source: 'REFERRED', type: 'PCT_DISCOUNT', discount_percent: 30 }),
  ]);
  await api.call('PUT', `/open/account/${friend}/user/u-pay`, { accountStatus: 'PAID' });
  const given = await rewardsOf(referrer.accountId);
  expect(given).toEqual([
    expect.objectContaining({ type: 'CREDIT', amount_cents: '2500', unit: 'EUR', status: 'PENDING' }),
  ]);
  const heldDays = (given[0].hold_until.getTime() - Date.now()) / 86_400_000;
  expect(heldDays).toBeGreaterThan(13);
  expect(heldDays).toBeLessThanOrEqual(14);
});

test("a program's milestone counts the program's conversions only; rule keys never collide", async () => {
  const rules = [{ ...THREE_FRIENDS, trigger: { type: 'MILESTONE', conversions: 2 } }];
  const publish = /* GraphQL */ `
    mutation ($id: ID, $input: ProgramInput!) {
      updateProgram(id: $id, input: $input) {
        ruleVersion
      }
    }
  `;
  // The same rule id in both programs.
  await api.gqlOk(publish, { id: partners, input: { rules } });
  await api.gqlOk(publish, { input: { rules } });
  const referrer = await referrerInBoth('Mila');
  const convertFriend = async (code: string) => {
    const friend = uid('acct-f');
    expect((await api.identify(friend, uid('user'), { referredByCode: code })).status).toBe(200);
    await api.call('PUT', `/open/account/${friend}/user/u-pay`, { accountStatus: 'PAID' });
  };
  await convertFriend(referrer.code);
  await convertFriend(referrer.partnerCode);
  const milestones = () =>
    api.gw.deps
      .db('rewards')
      .where({ tenant_id: api.tenantId, account_id: referrer.accountId })
      .whereNotNull('grant_key')
      .orderBy('grant_key')
      .pluck('grant_key');
  // One conversion in each program: neither reached two.
  expect(await milestones()).toEqual([]);
  await convertFriend(referrer.partnerCode);
  expect(await milestones()).toEqual([
    `program:${partners}:rule:${THREE_FRIENDS.id}:referrer:${referrer.accountId}:milestone:2`,
  ]);
  await convertFriend(referrer.code);
  expect(await milestones()).toEqual([
    `program:${partners}:rule:${THREE_FRIENDS.id}:referrer:${referrer.accountId}:milestone:2`,
    `rule:${THREE_FRIENDS.id}:referrer:${referrer.accountId}:milestone:2`,
  ]);
});

test("the widget shows a program's offer, the user's code in it and its friends only", async () => {
  const referrer = await referrerInBoth('Wanda');
  await api.identify(uid('acct-f'), uid('user'), { referredByCode: referrer.partnerCode, firstName: 'Pia' });
  await api.identify(uid('acct-f'), uid('user'), { referredByCode: referrer.code, firstName: 'Dora' });
  const jwt = userToken(api.tenant.apiKey, referrer.accountId, referrer.userId);
  const widget = (query: string) =>
    api.call('GET', `/open/account/${referrer.accountId}/user/${referrer.userId}/widget${query}`, undefined, {
      authorization: `Bearer ${jwt}`,
    });
  const inProgram = (await widget(`?programId=${partners}`)).body;
  expect(inProgram.program).toMatchObject({
    name: 'Partners',
    referredDiscountPercent: 30,
    headline: 'Partners earn EUR 25',
  });
  expect(inProgram.user.shareCode).toBe(referrer.partnerCode);
  expect(inProgram.referrals.map((f: any) => f.name)).toEqual(['Pia']);
  const plain = (await widget('')).body;
  expect(plain.user.shareCode).toBe(referrer.code);
  expect(plain.program.referredDiscountPercent).toBe(10);
  expect(plain.referrals.map((f: any) => f.name).sort()).toEqual(['Dora', 'Pia']);
});

test('an archived program refers nobody new; its referrals run to their end', async () => {
  const created = (
    await api.gqlOk(/* GraphQL */ `
      mutation {
        createProgram(input: { name: "Summer", referredDiscountPercent: 20 }) {
          id
        }
      }
    `)
  ).createProgram.id as string;
  const referrer = await identifyReferrer(api, 'Sina', 'Summer');
  const code = (await api.identify(referrer.accountId, referrer.userId, { programId: created })).body
    .shareCode as string;
  const early = uid('acct-f');
  await api.identify(early, uid('user'), { referredByCode: code });
  await api.gqlOk(`mutation { archiveProgram(id: "${created}") { archivedAt } }`);

  const late = await api.identify(uid('acct-f'), uid('user'), { referredByCode: code });
  expect(late.status).toBe(400);
  expect(late.body.apiErrorCode).toBe('INVALID_REFERRAL_CODE');
  expect((await api.call('GET', `/code/${code}`)).status).toBe(404);
  expect((await fetch(`${api.gw.url}/r/${api.tenant.alias}/${code}`, { redirect: 'manual' })).status).toBe(
    404,
  );
  const identifyIn = await api.identify(referrer.accountId, referrer.userId, { programId: created });
  expect(identifyIn.status).toBe(400);
  expect(identifyIn.body.validationErrors).toEqual([{ path: 'programId', message: expect.any(String) }]);

  // The friend referred before still converts and rewards the referrer.
  await api.call('PUT', `/open/account/${early}/user/u-pay`, { accountStatus: 'PAID' });
  expect(await rewardsOf(referrer.accountId)).toHaveLength(1);
});

test("another tenant cannot identify, show a widget or look up codes in this tenant's program", async () => {
  const referrer = await referrerInBoth('Tara');
  const stranger = await identifyReferrer(other, 'Sam', 'Stranger');
  const identify = await other.identify(stranger.accountId, stranger.userId, { programId: partners });
  expect(identify.status).toBe(400);
  expect(identify.body.validationErrors).toEqual([{ path: 'programId', message: expect.any(String) }]);
  const jwt = userToken(other.tenant.apiKey, stranger.accountId, stranger.userId);
  const widget = await other.call(
    'GET',
    `/open/account/${stranger.accountId}/user/${stranger.userId}/widget?programId=${partners}`,
    undefined,
    { authorization: `Bearer ${jwt}` },
  );
  expect(widget.status).toBe(404);
  expect((await other.call('GET', `/code/${referrer.partnerCode}`)).status).toBe(404);
  const friend = await other.identify(uid('acct-f'), uid('user'), { referredByCode: referrer.partnerCode });
  expect(friend.status).toBe(400);
});

test("account sync's programId takes only that program's codes; an unknown one is 400", async () => {
  const referrer = await referrerInBoth('Sara');
  const wrong = await api.sync({ id: uid('acct-s'), referral: { code: referrer.code }, programId: partners });
  expect(wrong.status).toBe(400);
  expect(wrong.body.apiErrorCode).toBe('INVALID_REFERRAL_CODE');
  const synced = uid('acct-s');
  const right = await api.sync({ id: synced, referral: { code: referrer.partnerCode }, programId: partners });
  expect(right.status).toBe(200);
  const referral = await api.gw.deps
    .db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: synced })
    .first('program_id');
  expect(referral.program_id).toBe(partners);
  const unknown = await api.sync({ id: uid('acct-s'), programId: 'prg_0123456789abcdef' });
  expect(unknown.status).toBe(400);
  expect(unknown.body.validationErrors).toEqual([{ path: 'programId', message: expect.any(String) }]);
  // Another tenant's program is as unknown.
  const stranger = await other.sync({ id: uid('acct-s'), programId: partners });
  expect(stranger.status).toBe(400);
});

test('a user import with a programId column gives each user a code in that program', async () => {
  const jobs = importClient({ base: api.gw.api(api.tenant.alias), auth: api.auth });
  const account = uid('acct-i');
  const csv = [
    'id,accountId,firstName,lastName,shareCode,programId',
    `u1,${account},Ida,Import,,${partners}`,
    `u2,${account},Ivo,Import,IVOPARTNER${Date.now() % 10000},${partners}`,
    `u3,${account},Iris,Import,,prg_0123456789abcdef`,
    `u4,${account},Ines,Import,,nope`,
  ].join('\n');
  const job = await jobs.run('partners.csv', csv, 'MUTATION/USER');
  const results = await jobs.results(job);
  expect(results.map((r) => r.slice(0, 2))).toEqual([
    ['2', 'SUCCESS'],
    ['3', 'SUCCESS'],
    ['4', 'FAILED'],
    ['5', 'FAILED'],
  ]);
  expect(results[2]![2]).toContain('programId');
  expect(results[3]![2]).toContain('programId');
  const codes = await api.gw.deps
    .db('referral_codes')
    .where({ tenant_id: api.tenantId, account_id: account })
    .orderBy('user_id')
    .select('user_id', 'program_id', 'code');
  expect(codes.filter((c: any) => c.program_id === partners).map((c: any) => c.user_id)).toEqual([
    'u1',
    'u2',
  ]);
  expect(codes.find((c: any) => c.user_id === 'u2' && c.program_id === partners).code).toMatch(/^IVOPARTNER/);
  // Each also has its default program code, as every identified user does.
  expect(codes.filter((c: any) => c.program_id === 'default').map((c: any) => c.user_id)).toEqual([
    'u1',
    'u2',
  ]);
});
