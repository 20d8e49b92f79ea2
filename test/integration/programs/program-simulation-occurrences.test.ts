/**
 * simulateProgram with PAYMENT and EVENT rules: the program's recorded payments and user events of the
 * period (payments from rule_occurrences, recorded through the events door; events from user_events) replayed among its conversions in the
 * order they are due, with the rules' windows, thresholds and caps; a referral's event before the period
 * counts as rewarded; refunded payments and payments of referrals that never converted are left out;
 * what the published rules gave, in all and per rule id; nothing is written; another tenant sees none of
 * it.
 */
import { importClient } from '../../helpers/imports';
import { ONBOARDED, RECURRING } from '../../helpers/program-rules';
import { rowCounts, SIMULATE } from '../../helpers/program-simulation';
import { identifyReferrer, startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';
import { until } from '../../helpers/wait';

let api: ReferralApi;
let other: ReferralApi;
beforeAll(async () => {
  [api, other] = await Promise.all([startReferralApi(), startReferralApi()]);
});
afterAll(async () => {
  await Promise.all([api?.close(), other?.close()]);
});

/** The referral of a friend who converted at `paidAt` (its recorded dates moved there). */
async function convertedAt(friend: string, paidAt: string | null): Promise<string> {
  const db = api.gw.deps.db;
  if (paidAt !== null) {
    await api.call('PUT', `/open/account/${friend}/user/u-pay`, { accountStatus: 'PAID' });
  }
  const { id } = await db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: friend })
    .first('id');
  if (paidAt !== null) {
    const started = new Date(Date.parse(paidAt) - 86_400_000).toISOString();
    await db('referrals').where({ id }).update({ date_started: started, date_paid: paidAt });
  }
  return id as string;
}

const payment = (order: string, revenue: number, at: string) => ({
  key: 'payment',
  fields: { revenue, currency: 'USD', order_id: order },
  dateTriggered: Date.parse(at),
});
const onboarded = (seats: number, at: string) => ({
  key: 'onboarded',
  fields: { seats },
  dateTriggered: Date.parse(at),
});

test('payments and events of the period are replayed with PAYMENT and EVENT rules, windows, caps and thresholds', async () => {
  const db = api.gw.deps.db;
  await api.gqlOk('mutation { updateProgram(input: { paymentEventKey: "payment" }) { id } }');
  // Published: 20 % of every payment for 12 months, and $15 when the friend onboards 3 seats.
  const program = (
    await api.gqlOk(`mutation ($input: ProgramInput!) { createProgram(input: $input) { id } }`, {
      input: { name: 'Recurring', rules: [RECURRING, ONBOARDED] },
    })
  ).createProgram.id;
  const rhea = await identifyReferrer(api, 'Rhea', 'Recurring');
  const { shareCode } = (await api.identify(rhea.accountId, rhea.userId, { programId: program })).body;
  const friends = [uid('acct-f'), uid('acct-f'), uid('acct-f'), uid('acct-f')];
  for (const friend of friends) {
    expect((await api.identify(friend, 'u-pay', { referredByCode: shareCode })).status).toBe(200);
  }
  const [f1, f2, f3, f4] = friends as [string, string, string, string];
  const referrals = [
    await convertedAt(f1, '2026-01-10T10:00:00Z'),
    await convertedAt(f2, '2026-01-20T10:00:00Z'),
    await convertedAt(f3, null), // never converts: its payment waits for ever
    await convertedAt(f4, null),
  ];
  const post = async (friend: string, events: unknown[]) => {
    const res = await api.call('POST', `/open/account/${friend}/user/u-pay/events`, {
      accountId: friend,
      userId: 'u-pay',
      events,
    });
    expect(res.status).toBe(200);
  };
  await post(f1, [
    payment('o-1', 50, '2026-01-10T10:00:00Z'), // at the conversion
    payment('o-2', 80, '2026-02-05T10:00:00Z'),
    payment('o-3', 40, '2026-02-12T10:00:00Z'), // a month and two days after the conversion
    payment('o-4', 30, '2026-04-10T10:00:00Z'), // after the period
    onboarded(5, '2026-01-15T10:00:00Z'),
    onboarded(9, '2026-03-10T10:00:00Z'), // the referral's second: never rewarded again
  ]);
  await post(f2, [
    payment('o-5', 120, '2026-01-15T10:00:00Z'), // before its conversion: due on the 20th
    payment('o-6', 200, '2026-01-25T10:00:00Z'), // refunded below
    onboarded(2, '2026-02-21T10:00:00Z'),
    onboarded(4, '2026-03-05T10:00:00Z'),
  ]);
  await post(f3, [payment('o-7', 60, '2026-02-01T10:00:00Z'), onboarded(3, '2026-01-20T10:00:00Z')]);
  await post(f4, [onboarded(6, '2025-12-15T10:00:00Z'), onboarded(7, '2026-01-25T10:00:00Z')]);

  // The published rules' rewards, once the lifecycles applied them: six payments at 20 % (not F3's), and
  // $15 for F1, F2, F3 and F4. Each moved to when it would have been given.
  const ruleRewards = () =>
    db('rewards')
      .where({ tenant_id: api.tenantId, account_id: rhea.accountId })
      .whereNotNull('rule_id')
      .select('id', 'rule_id', 'referral_id', 'payment_id', 'amount_cents');
  const given = await until(ruleRewards, (rows) => rows.length >= 10, 60_000);
  expect(given).toHaveLength(10);
  const eventDay: Record<string, string> = {
    [referrals[0]!]: '2026-01-15T10:00:00Z',
    [referrals[1]!]: '2026-03-05T10:00:00Z',
    [referrals[2]!]: '2026-01-20T10:00:00Z',
    [referrals[3]!]: '2025-12-15T10:00:00Z',
  };
  for (const reward of given) {
    const at =
      reward.payment_id === null
        ? eventDay[reward.referral_id]
        : (
            await db('rule_occurrences')
              .where({ tenant_id: api.tenantId, kind: 'PAYMENT', occurrence_id: reward.payment_id })
              .first('occurred_at')
          ).occurred_at;
    await db('rewards').where({ id: reward.id }).update({ date_given: at });
  }
  // A refund of o-6, as recordPaymentReversal records it: a simulation leaves the payment out.
  await db('rule_occurrences')
    .where({ tenant_id: api.tenantId, kind: 'PAYMENT', occurrence_id: `event:${f2}:o-6` })
    .update({ reversal_kind: 'REFUND', reversal_ref: 're-6', reversed_at: '2026-02-01T00:00:00Z' });

  // The draft: 25 % of payments for one month, at most $25 a month; $20 from 4 seats.
  const draftPayment = {
    ...RECURRING,
    name: '25 % for a month, $25 a month at most',
    trigger: { type: 'PAYMENT', forMonths: 1 },
    reward: { type: 'CASH', percentOfPayment: 25, currency: 'USD' },
    limits: [{ period: 'MONTH', maxAmountCents: 2500 }],
  };
  const draftEvent = {
    ...ONBOARDED,
    trigger: { type: 'EVENT', eventKey: 'onboarded', field: 'seats', atLeast: 4 },
    reward: { type: 'CREDIT', amountCents: 2000, unit: 'USD' },
  };
  const before = await rowCounts(api);
  const variables = { id: program, rules: [draftPayment, draftEvent], from: '2026-01-01', to: '2026-03-31' };
  const result = (await api.gqlOk(SIMULATE, variables)).simulateProgram;
  expect(await rowCounts(api)).toEqual(before);

  // Payments due in the period: o-1, o-5 (due at F2's conversion), o-2, o-3; not o-4 (April), o-6
  // (refunded) nor o-7 (never converted). Events of the key in the period: six.
  expect(result).toMatchObject({ conversions: 2, payments: 4, events: 6 });
  expect(result.rules).toEqual([
    {
      ruleId: RECURRING.id,
      // January: o-1 gives 12.50, o-5's 30.00 is cut to the 12.50 left of the month's $25. February: o-2
      // gives 20.00; o-3 comes after the month the rule rewards.
      totals: [
        { month: '2026-01', unit: 'USD', rewards: 2, amount: 2500 },
        { month: '2026-02', unit: 'USD', rewards: 1, amount: 2000 },
      ],
      // The published rule of that id: 20 % of o-1, o-5 and o-6, then of o-2 and o-3.
      given: [
        { month: '2026-01', unit: 'USD', rewards: 3, amount: 1000 + 2400 + 4000 },
        { month: '2026-02', unit: 'USD', rewards: 2, amount: 1600 + 800 },
      ],
    },
    {
      ruleId: ONBOARDED.id,
      // F1's 5 seats in January, F2's 4 in March; F3's 3 and F2's 2 are below 4; F4 had its reward in
      // December (6 seats); F1's second event gives nothing.
      totals: [
        { month: '2026-01', unit: 'USD', rewards: 1, amount: 2000 },
        { month: '2026-03', unit: 'USD', rewards: 1, amount: 2000 },
      ],
      // Published with 3 seats: F1 and F3 in January, F2 in March.
      given: [
        { month: '2026-01', unit: 'USD', rewards: 2, amount: 3000 },
        { month: '2026-03', unit: 'USD', rewards: 1, amount: 1500 },
      ],
    },
  ]);
  expect(result.wouldGive).toEqual([
    { month: '2026-01', unit: 'USD', rewards: 3, amount: 4500 },
    { month: '2026-02', unit: 'USD', rewards: 1, amount: 2000 },
    { month: '2026-03', unit: 'USD', rewards: 1, amount: 2000 },
  ]);
  // Given by the published rules: 20 % of o-1, o-5, o-6 and $15 for F1 and F3 in January; 20 % of o-2
  // and o-3 in February; $15 for F2 in March.
  expect(result.given).toEqual([
    { month: '2026-01', unit: 'USD', rewards: 5, amount: 1000 + 2400 + 4000 + 3000 },
    { month: '2026-02', unit: 'USD', rewards: 2, amount: 1600 + 800 },
    { month: '2026-03', unit: 'USD', rewards: 1, amount: 1500 },
  ]);

  // Another tenant: the program is NOT_FOUND, and its own default program replays none of these.
  expect((await other.gql(SIMULATE, variables)).errors[0].extensions.code).toBe('NOT_FOUND');
  const own = (await other.gqlOk(SIMULATE, { ...variables, id: undefined })).simulateProgram;
  expect(own).toMatchObject({ conversions: 0, payments: 0, events: 0, wouldGive: [], given: [] });
});

test("an EVENT rule of a key no published rule listened to sees the referred users' past events, imported ones too", async () => {
  const db = api.gw.deps.db;
  const program = (
    await api.gqlOk(`mutation ($input: ProgramInput!) { createProgram(input: $input) { id } }`, {
      input: { name: 'Webinars' },
    })
  ).createProgram.id;
  const wendy = await identifyReferrer(api, 'Wendy', 'Webinar');
  const { shareCode } = (await api.identify(wendy.accountId, wendy.userId, { programId: program })).body;
  const [f1, f2, stranger] = [uid('acct-f'), uid('acct-f'), uid('acct-s')];
  for (const friend of [f1, f2]) {
    expect((await api.identify(friend, 'u-pay', { referredByCode: shareCode })).status).toBe(200);
  }
  expect((await api.identify(stranger, 'u-pay')).status).toBe(200);
  await convertedAt(f1, '2026-02-01T10:00:00Z');
  const webinar = (at: string) => ({ key: 'webinar', fields: {}, dateTriggered: Date.parse(at) });
  for (const account of [f1, stranger]) {
    const res = await api.call('POST', `/open/account/${account}/user/u-pay/events`, {
      accountId: account,
      userId: 'u-pay',
      events: [webinar('2026-02-10T10:00:00Z')],
    });
    expect(res.status).toBe(200);
  }
  const jobs = importClient({ base: api.gw.api(api.tenant.alias), auth: api.auth });
  const csv = `userId,accountId,event.key,event.dateTriggered\nu-pay,${f2},webinar,${Date.parse('2026-03-02T10:00:00Z')}\n`;
  expect((await jobs.run('webinars.csv', csv, 'MUTATION/USER_EVENT')).status).toBe('COMPLETED');
  // No rule listened to the key: nothing was recorded for rules, the events are only logged.
  expect(await db('rule_occurrences').where({ tenant_id: api.tenantId, event_key: 'webinar' })).toEqual([]);

  const draft = {
    id: 'webinar',
    name: '$5 when the friend attends a webinar',
    trigger: { type: 'EVENT', eventKey: 'webinar' },
    recipient: 'REFERRER',
    reward: { type: 'CREDIT', amountCents: 500, unit: 'USD' },
  };
  const variables = { id: program, rules: [draft], from: '2026-01-01', to: '2026-03-31' };
  const result = (await api.gqlOk(SIMULATE, variables)).simulateProgram;
  // The two friends' events (one imported), not the stranger's: an account no referral of the program has.
  expect(result).toMatchObject({ conversions: 1, payments: 0, events: 2 });
  expect(result.rules[0].totals).toEqual([
    { month: '2026-02', unit: 'USD', rewards: 1, amount: 500 },
    { month: '2026-03', unit: 'USD', rewards: 1, amount: 500 },
  ]);
});
