/**
 * A partial refund of a charge (the Braintree stand-in's refund of an amount) reverses only its share of
 * each amount reward the charge gave, once however often and in whatever order notifications list it; a
 * larger refunded total reverses only the difference; refunded in full, the rewards are reversed as a whole
 * and the partial shares stop counting (nothing is reversed twice). Another tenant cannot touch it.
 */
import type { Db } from '../../../shared/db/knex';
import { createProgramRulesRepo } from '../../../shared/repos/program-rules.repo';
import { recordPaymentRefunded } from '../../../shared/domain/programs/rule-occurrences';
import { reconcileReferral } from '../../../shared/domain/referrals/lifecycle';
import { createTestTenant } from '../../helpers/harness';
import type { Delivery, ProcessorApi } from '../../helpers/processor';
import {
  deliverAndProcess as deliverProcessed,
  settledPayingFriend,
  startPaymentRulesApi,
} from '../../helpers/paying-friends';
import { identifyReferrer } from '../../helpers/referrals';

let api: ProcessorApi;
let db: Db;
beforeAll(async () => {
  api = await startPaymentRulesApi();
  db = api.gw.deps.db;
});
afterAll(async () => {
  await api?.close();
});

let clock = 0;
/** A notification of the subscription, each later than the one before (not a redelivery). */
const nextNotice = (subscriptionId: string) =>
  api.sample('subscription_went_active', subscriptionId, new Date(Date.now() + (clock += 2) * 1000));

const deliverAndProcess = (delivery: Delivery) => deliverProcessed(api, delivery);

const payingFriend = (referrer: { code: string }) => settledPayingFriend(api, referrer);

async function refund(transactionId: string, amount?: string): Promise<string> {
  const result = await api.bt.transaction.refund(transactionId, amount as string);
  if (!result.success) throw new Error(result.message);
  return result.transaction.id;
}

interface Row {
  id: string;
  rule_id: string;
  type: string;
  amount_cents: number;
  status: string;
  reversed_by: string | null;
  reverses_reward_id: string | null;
}
/** The referrer's rule rewards: the two rewards first, then the rows reversing part of them. */
const rows = async (accountId: string): Promise<Row[]> =>
  (
    await db('rewards')
      .where({ tenant_id: api.tenantId, account_id: accountId })
      .whereNotNull('grant_key')
      .orderBy([{ column: 'date_given' }, { column: 'grant_no' }])
      .select('id', 'rule_id', 'type', 'amount_cents', 'status', 'reversed_by', 'reverses_reward_id')
  ).map((r: Row) => ({ ...r, amount_cents: Number(r.amount_cents) }));
/** Of each reward (cash first): the amounts of the live rows reversing part of it. */
async function liveShares(accountId: string) {
  const all = await rows(accountId);
  const [cash, credit] = all.filter((r) => r.reverses_reward_id === null);
  const of = (id: string) =>
    all.filter((r) => r.reverses_reward_id === id && r.status !== 'CANCELLED').map((r) => r.amount_cents);
  return { cash: of(cash!.id), credit: of(credit!.id) };
}
async function balance(accountId: string, field: 'rewardBalance' | 'cashBalance') {
  const res = await api.gql(`query($id: String!) { ${field}(accountId: $id) { unit available } }`, {
    id: accountId,
  });
  expect(res.errors).toBeUndefined();
  return res.data[field];
}
async function explain(friend: string): Promise<string[]> {
  const { id } = await db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: friend })
    .first('id');
  const res = await api.gql('query($id: ID!) { explainRewards(referralId: $id) { ruleId text } }', { id });
  expect(res.errors).toBeUndefined();
  return res.data.explainRewards.map((e: { ruleId: string; text: string }) => `${e.ruleId}: ${e.text}`);
}

test('partial refunds reverse their share once each, and a full refund after them nothing twice', async () => {
  const referrer = await identifyReferrer(api, 'Greta');
  const { subscriptionId, transactionId, friend } = await payingFriend(referrer);

  // $5 of the $20 charge: a quarter of the $4 cash and of the $3 credit, however often it is listed.
  const first = await refund(transactionId, '5.00');
  await deliverAndProcess(nextNotice(subscriptionId));
  await deliverAndProcess(nextNotice(subscriptionId));
  await reconcileReferral(db, { tenantId: api.tenantId, accountId: friend }, { dayMs: 86_400_000 });
  expect(await liveShares(referrer.accountId)).toEqual({ cash: [-100], credit: [-75] });
  expect(await balance(referrer.accountId, 'cashBalance')).toEqual([{ unit: 'USD', available: 300 }]);
  // The rules' limits count what is left of each reward.
  const history = await createProgramRulesRepo(db).referrerHistory(
    api.tenantId,
    'default',
    referrer.accountId,
  );
  expect(history.grants.map((g) => [g.rule_id, Number(g.amount_cents)]).sort()).toEqual([
    ['per-payment', 225],
    ['recurring', 300],
  ]);
  expect(await balance(referrer.accountId, 'rewardBalance')).toEqual([{ unit: 'USD', available: 225 }]);
  const rewards = (await rows(referrer.accountId)).filter((r) => r.reverses_reward_id === null);
  expect(rewards.map((r) => [r.rule_id, r.status, r.reversed_by])).toEqual([
    ['recurring', 'AVAILABLE', null],
    ['per-payment', 'AVAILABLE', null],
  ]);
  const payment = `braintree:${transactionId}`;
  expect(await explain(friend)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^recurring: .* 4.00 USD in cash: .* It was partly reversed: 1.00 USD of it, as 5.00 USD of the payment ${payment} of 20.00 USD was refunded \\(latest refund ${first}\\)\\.$`,
      ),
    ),
    expect.stringMatching(/^per-payment: .* It was partly reversed: 0.75 USD of it, as 5.00 USD of /),
  ]);

  // $3 more ($8 in all): only the difference, 40 % of each reward less what was reversed already.
  await refund(transactionId, '3.00');
  await deliverAndProcess(nextNotice(subscriptionId));
  expect(await liveShares(referrer.accountId)).toEqual({ cash: [-100, -60], credit: [-75, -45] });
  expect(await balance(referrer.accountId, 'rewardBalance')).toEqual([{ unit: 'USD', available: 180 }]);

  // The referrer spends $1.50 of the credit left; then the rest of the charge is refunded ($10: with the
  // service's own $2 the whole charge is refunded).
  const redeemed = await api.gql(
    `mutation($id: String!) { redeemRewardBalance(accountId: $id, unit: "USD", amount: 150) { available } }`,
    { id: referrer.accountId },
  );
  expect(redeemed.data.redeemRewardBalance).toEqual({ available: 30 });
  const last = await refund(transactionId);
  await deliverAndProcess(nextNotice(subscriptionId));
  await deliverAndProcess(nextNotice(subscriptionId));
  const after = await rows(referrer.accountId);
  expect(after.filter((r) => r.reverses_reward_id === null).map((r) => [r.status, r.reversed_by])).toEqual([
    ['CANCELLED', `refund:${last}`],
    ['CANCELLED', `refund:${last}`],
  ]);
  // The shares stopped counting; what was used of the credit is owed back, as for any reversal.
  expect(after.filter((r) => r.reverses_reward_id !== null && r.status !== 'CANCELLED')).toEqual([
    expect.objectContaining({ rule_id: 'per-payment', amount_cents: -150, status: 'AVAILABLE' }),
  ]);
  expect(await balance(referrer.accountId, 'cashBalance')).toEqual([]);
  expect(await balance(referrer.accountId, 'rewardBalance')).toEqual([{ unit: 'USD', available: -150 }]);
  expect((await explain(friend))[1]).toMatch(
    new RegExp(
      `It was reversed by refund ${last} on .*\\. 1.50 USD of it was already used and is owed back\\.$`,
    ),
  );
});

test('a partial refund after the credit expired takes back a share of what was redeemed only', async () => {
  const referrer = await identifyReferrer(api, 'Edda');
  const { subscriptionId, transactionId } = await payingFriend(referrer);
  // $1 of the $3 credit redeemed, then the credit expires: the referrer got $1 of it.
  const redeemed = await api.gql(
    `mutation($id: String!) { redeemRewardBalance(accountId: $id, unit: "USD", amount: 100) { available } }`,
    { id: referrer.accountId },
  );
  expect(redeemed.data.redeemRewardBalance).toEqual({ available: 200 });
  await db('rewards')
    .where({ tenant_id: api.tenantId, account_id: referrer.accountId, rule_id: 'per-payment' })
    .update({ status: 'EXPIRED' });
  // Half of the charge refunded: half of the $4 cash, and half of the $1 redeemed, not of the $3 given.
  await refund(transactionId, '10.00');
  await deliverAndProcess(nextNotice(subscriptionId));
  expect(await liveShares(referrer.accountId)).toEqual({ cash: [-200], credit: [-50] });
});

test('a dispute after a partial refund reverses the rest of the rewards, the share not twice', async () => {
  const referrer = await identifyReferrer(api, 'Jola');
  const { subscriptionId, transactionId } = await payingFriend(referrer);
  await refund(transactionId, '4.00');
  await deliverAndProcess(nextNotice(subscriptionId));
  expect(await liveShares(referrer.accountId)).toEqual({ cash: [-80], credit: [-60] });
  await deliverAndProcess(api.sample('dispute_opened', transactionId));
  const after = await rows(referrer.accountId);
  expect(after.filter((r) => r.reverses_reward_id === null).map((r) => [r.status, r.reversed_by])).toEqual([
    ['CANCELLED', `chargeback:${transactionId}`],
    ['CANCELLED', `chargeback:${transactionId}`],
  ]);
  expect(after.filter((r) => r.status !== 'CANCELLED')).toEqual([]);
  expect(await balance(referrer.accountId, 'cashBalance')).toEqual([]);
  expect(await balance(referrer.accountId, 'rewardBalance')).toEqual([]);
});

test('notifications of a partial refund delivered at once reverse its share once', async () => {
  const referrer = await identifyReferrer(api, 'Hanna');
  const { subscriptionId, transactionId, friend } = await payingFriend(referrer);
  await refund(transactionId, '10.00');
  const deliveries = await Promise.all([
    api.deliver(nextNotice(subscriptionId)),
    api.deliver(nextNotice(subscriptionId)),
  ]);
  expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
  await Promise.all(deliveries.map((d) => api.processed(d.body.notificationId)));
  await Promise.all(
    [1, 2].map(() =>
      reconcileReferral(db, { tenantId: api.tenantId, accountId: friend }, { dayMs: 86_400_000 }),
    ),
  );
  expect(await liveShares(referrer.accountId)).toEqual({ cash: [-200], credit: [-150] });
  expect(await balance(referrer.accountId, 'cashBalance')).toEqual([{ unit: 'USD', available: 200 }]);
});

test("another tenant cannot record a refund of this tenant's payment", async () => {
  const referrer = await identifyReferrer(api, 'Irma');
  const { transactionId } = await payingFriend(referrer);
  const before = await rows(referrer.accountId);
  const otherTenant = await createTestTenant(db, 'other-refunds');
  const other = await db('tenants').where({ alias: otherTenant.alias }).first('id');
  const payment = `braintree:${transactionId}`;
  expect(await recordPaymentRefunded(db, other.id, payment, { refundedCents: 500, ref: 'forged' })).toBe(
    false,
  );
  const occurrence = await db('rule_occurrences')
    .where({ tenant_id: api.tenantId, occurrence_id: payment })
    .first('refunded_cents', 'reversal_ref');
  expect(occurrence).toEqual({ refunded_cents: '0', reversal_ref: null });
  expect(await rows(referrer.accountId)).toEqual(before);
});
