/**
 * simulateProgram: draft rules replayed over the program's recorded conversions of a period, per month
 * and unit, next to what was given; a referrer's earlier conversions count for tiers and milestones;
 * nothing is written; refusals name the field; another tenant's program is NOT_FOUND and its
 * conversions are never replayed. Payments and events: program-simulation-occurrences.test.ts.
 */
import { PER_FRIEND, THREE_FRIENDS } from '../../helpers/program-rules';
import { identifyReferrer, startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';
import { rowCounts, SIMULATE } from '../../helpers/program-simulation';

let api: ReferralApi;
let other: ReferralApi;
beforeAll(async () => {
  [api, other] = await Promise.all([startReferralApi(), startReferralApi()]);
  await api.gqlOk(
    `mutation { updateProgram(input: { referrerReward: { type: CREDIT, amountCents: 700, unit: "USD" }, rewardHoldDays: 0 }) { id } }`,
  );
});
afterAll(async () => {
  await Promise.all([api?.close(), other?.close()]);
});

/** A friend of `code` who converted at `paidAt` (the recorded dates moved there). */
async function conversionAt(code: string, paidAt: string): Promise<void> {
  const friend = uid('acct-f');
  expect((await api.identify(friend, uid('user'), { referredByCode: code })).status).toBe(200);
  await api.call('PUT', `/open/account/${friend}/user/u-pay`, { accountStatus: 'PAID' });
  const db = api.gw.deps.db;
  const referral = await db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: friend })
    .first('id');
  await db('referrals').where({ id: referral.id }).update({ date_started: paidAt, date_paid: paidAt });
  await db('rewards').where({ referral_id: referral.id }).update({ date_given: paidAt });
}

test('draft rules replayed per month and unit, next to what was given; nothing written', async () => {
  const early = await identifyReferrer(api, 'Erin', 'Early');
  // Three conversions before the period: the milestone was reached then; tiers count them.
  for (const day of ['2025-11-03', '2025-11-10', '2025-12-20'])
    await conversionAt(early.code, `${day}T10:00:00Z`);
  const fresh = await identifyReferrer(api, 'Finn', 'Fresh');
  await conversionAt(early.code, '2026-01-05T10:00:00Z'); // Erin's 4th: $10
  await conversionAt(early.code, '2026-02-01T10:00:00Z'); // Erin's 5th: $20
  await conversionAt(fresh.code, '2026-01-06T10:00:00Z'); // Finn's 1st: $10
  await conversionAt(fresh.code, '2026-01-20T10:00:00Z'); // Finn's 2nd: $10
  await conversionAt(fresh.code, '2026-02-14T10:00:00Z'); // Finn's 3rd: $10, and the milestone
  await conversionAt(fresh.code, '2026-04-01T10:00:00Z'); // after the period

  const before = await rowCounts(api);
  const result = (
    await api.gqlOk(SIMULATE, { rules: [PER_FRIEND, THREE_FRIENDS], from: '2026-01-01', to: '2026-03-31' })
  ).simulateProgram;
  expect(await rowCounts(api)).toEqual(before);

  expect(result).toMatchObject({ from: '2026-01-01', to: '2026-03-31', conversions: 5 });
  expect(result.rules).toEqual([
    {
      ruleId: PER_FRIEND.id,
      totals: [
        { month: '2026-01', unit: 'USD', rewards: 3, amount: 3000 },
        { month: '2026-02', unit: 'USD', rewards: 2, amount: 3000 },
      ],
      // No rule of that id was published: the program gave its fixed reward.
      given: [],
    },
    {
      ruleId: THREE_FRIENDS.id,
      totals: [{ month: '2026-02', unit: 'PERCENT', rewards: 1, amount: 100 }],
      given: [],
    },
  ]);
  expect(result.wouldGive).toEqual([
    { month: '2026-01', unit: 'USD', rewards: 3, amount: 3000 },
    { month: '2026-02', unit: 'PERCENT', rewards: 1, amount: 100 },
    { month: '2026-02', unit: 'USD', rewards: 2, amount: 3000 },
  ]);
  // Given: the program's fixed $7 per conversion.
  expect(result.given).toEqual([
    { month: '2026-01', unit: 'USD', rewards: 3, amount: 2100 },
    { month: '2026-02', unit: 'USD', rewards: 2, amount: 1400 },
  ]);

  // A yearly cap cuts the replay as it would have cut the rewards.
  const capped = (
    await api.gqlOk(SIMULATE, {
      rules: [{ ...PER_FRIEND, limits: [{ period: 'YEAR', maxAmountCents: 2500 }] }],
      from: '2026-01-01',
      to: '2026-03-31',
    })
  ).simulateProgram;
  // Erin: $10 then $15 (capped down); Finn: $10, $10, $5.
  expect(capped.wouldGive).toEqual([
    { month: '2026-01', unit: 'USD', rewards: 3, amount: 3000 },
    { month: '2026-02', unit: 'USD', rewards: 2, amount: 2000 },
  ]);
});

test("another program's conversions are not replayed; another tenant's program is NOT_FOUND", async () => {
  const program = (await api.gqlOk(`mutation { createProgram(input: { name: "Side" }) { id } }`))
    .createProgram.id;
  const simulate = (client: ReferralApi, id?: string) =>
    client.gql(SIMULATE, { id, rules: [PER_FRIEND], from: '2025-01-01', to: '2025-12-31' });
  const side = (await simulate(api, program)).data.simulateProgram;
  expect(side.conversions).toBe(0);
  expect((await simulate(api)).data.simulateProgram.conversions).toBe(3);
  const stolen = await simulate(other, program);
  expect(stolen.errors[0].extensions.code).toBe('NOT_FOUND');
  expect((await simulate(other)).data.simulateProgram).toMatchObject({ conversions: 0, given: [] });
});

test('refusals name the field', async () => {
  const paths = async (variables: Record<string, unknown>) => {
    const result = await api.gql(SIMULATE, {
      rules: [PER_FRIEND],
      from: '2026-01-01',
      to: '2026-01-31',
      ...variables,
    });
    return result.errors.flatMap((e: any) => (e.extensions?.validationErrors ?? []).map((v: any) => v.path));
  };
  expect(await paths({ from: '2026-02-01' })).toEqual(['from']);
  expect(await paths({ from: '2024-01-01', to: '2026-01-01' })).toEqual(['to']);
  expect(await paths({ from: '2026-13-01' })).toEqual(['from']);
  expect(
    await paths({ rules: [{ ...THREE_FRIENDS, reward: { type: 'PCT_DISCOUNT', discountPercent: 120 } }] }),
  ).toEqual(['rules.0.reward.discountPercent']);
  expect(await paths({ id: 'nope' })).toEqual(['id']);
});
