/**
 * The widget's program parts: the opt-in leaderboard (top referrers this month and overall, first names
 * or initials only, the viewer marked, denied referrals not counted, null when off) and the referrer's
 * progress to the next milestone or tier of the program's rules.
 */
import { PER_FRIEND, THREE_FRIENDS } from '../../helpers/program-rules';
import {
  identifyReferrer,
  startReferralApi,
  uid,
  userToken,
  type ReferralApi,
} from '../../helpers/referrals';

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi();
});
afterAll(async () => {
  await api?.close();
});

async function createProgram(input: string): Promise<string> {
  return (await api.gqlOk(`mutation { createProgram(input: { ${input} }) { id } }`)).createProgram.id;
}

/** The referrer's code in the program, and its widget there. */
async function referrerIn(programId: string, first: string, last: string) {
  const referrer = await identifyReferrer(api, first, last);
  const res = await api.identify(referrer.accountId, referrer.userId, { programId });
  const jwt = userToken(api.tenant.apiKey, referrer.accountId, referrer.userId);
  const widget = async () =>
    (
      await api.call(
        'GET',
        `/open/account/${referrer.accountId}/user/${referrer.userId}/widget?programId=${programId}`,
        undefined,
        { authorization: `Bearer ${jwt}` },
      )
    ).body;
  return { ...referrer, code: res.body.shareCode as string, widget };
}

async function converted(code: string, paidAt?: string): Promise<string> {
  const friend = uid('acct-f');
  expect((await api.identify(friend, uid('user'), { referredByCode: code })).status).toBe(200);
  await api.call('PUT', `/open/account/${friend}/user/u-pay`, { accountStatus: 'PAID' });
  if (paidAt) {
    await api.gw.deps
      .db('referrals')
      .where({ tenant_id: api.tenantId, referred_account_id: friend })
      .update({ date_paid: paidAt });
  }
  return friend;
}

test('the leaderboard: top referrers this month and ever, by first name or initial, the viewer marked', async () => {
  const program = await createProgram('name: "Champions", leaderboardEnabled: true');
  const ana = await referrerIn(program, 'Ana', 'Alpha');
  const noName = await referrerIn(program, ' ', 'zeta');
  const mail = await referrerIn(program, 'mail@example.com', 'Mailer');
  for (let i = 0; i < 3; i += 1) await converted(ana.code, '2025-05-01T10:00:00Z');
  await converted(ana.code);
  await converted(noName.code);
  await converted(noName.code);
  await converted(mail.code);
  // A referral an operator denied does not count.
  const denied = await converted(mail.code);
  await api.gw.deps
    .db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: denied })
    .update({ review_status: 'DENIED' });

  const board = (await noName.widget()).leaderboard;
  expect(board.month).toEqual([
    { rank: 1, name: 'Z.', conversions: 2, you: true },
    { rank: 2, name: 'Ana', conversions: 1, you: false },
    { rank: 3, name: 'M.', conversions: 1, you: false },
  ]);
  expect(board.allTime.map((e: any) => [e.name, e.conversions])).toEqual([
    ['Ana', 4],
    ['Z.', 2],
    ['M.', 1],
  ]);
  expect(JSON.stringify(board)).not.toContain('@');
  expect(JSON.stringify(board)).not.toContain(ana.accountId);

  // Off by default, and for the default program here.
  const other = await createProgram('name: "Quiet"');
  const quiet = await referrerIn(other, 'Quinn', 'Quiet');
  expect((await quiet.widget()).leaderboard).toBeNull();
});

test("progress: the nearest milestone or better tier of the program's rules", async () => {
  const program = await createProgram('name: "Ladder"');
  const rita = await referrerIn(program, 'Rita', 'Ladder');
  expect((await rita.widget()).progress).toBeNull();
  await api.gqlOk(
    `mutation ($id: ID, $input: ProgramInput!) { updateProgram(id: $id, input: $input) { ruleVersion } }`,
    { id: program, input: { rules: [PER_FRIEND, THREE_FRIENDS] } },
  );
  expect((await rita.widget()).progress).toEqual({
    conversions: 0,
    next: {
      kind: 'MILESTONE',
      ruleName: THREE_FRIENDS.name,
      at: 3,
      remaining: 3,
      reward: {
        type: 'PCT_DISCOUNT',
        discountPercent: 100,
        amountCents: null,
        currency: null,
        percentOfPayment: null,
      },
    },
    // The offer the widget makes: the first friend's tier, not the program's fixed reward.
    perFriend: { ruleName: PER_FRIEND.name, reward: expect.objectContaining({ amountCents: 1000 }) },
  });
  for (let i = 0; i < 3; i += 1) await converted(rita.code);
  // Past the milestone: the $20 tier from the fifth friend is next.
  expect((await rita.widget()).progress).toEqual({
    conversions: 3,
    next: {
      kind: 'TIER',
      ruleName: PER_FRIEND.name,
      at: 5,
      remaining: 2,
      reward: {
        type: 'CREDIT',
        discountPercent: null,
        amountCents: 2000,
        currency: 'USD',
        percentOfPayment: null,
      },
    },
    perFriend: { ruleName: PER_FRIEND.name, reward: expect.objectContaining({ amountCents: 1000 }) },
  });
  await converted(rita.code);
  // The fifth friend is next: it earns the $20 tier.
  expect((await rita.widget()).progress).toEqual({
    conversions: 4,
    next: null,
    perFriend: { ruleName: PER_FRIEND.name, reward: expect.objectContaining({ amountCents: 2000 }) },
  });
});
