/**
 * PAYMENT rules fed by the processor (the Braintree stand-in's charges) and their reversal: each charge of
 * a referred customer's subscription is a payment `braintree:<transaction>`, rewarded once however many
 * notifications list it; a refund (seen on the subscription's charge) or a dispute of the charge reverses
 * the rewards it gave. A reversal after the credit was redeemed leaves a negative balance that a later
 * reward pays down; applying a reversal twice changes nothing; another tenant cannot reverse anything here.
 */
import type { Db } from '../../../shared/db/knex';
import { recordDisputedPayment } from '../../../shared/domain/programs/processor-payments';
import { reconcileReferral } from '../../../shared/domain/referrals/lifecycle';
import { createTestTenant } from '../../helpers/harness';
import type { Delivery, ProcessorApi } from '../../helpers/processor';
import {
  deliverAndProcess as deliverProcessed,
  payingFriend as payingFriendOf,
  settledPayingFriend,
  startPaymentRulesApi,
} from '../../helpers/paying-friends';
import { identifyReferrer } from '../../helpers/referrals';
import { until } from '../../helpers/wait';

let api: ProcessorApi;
let db: Db;
beforeAll(async () => {
  api = await startPaymentRulesApi();
  db = api.gw.deps.db;
});
afterAll(async () => {
  await api?.close();
});

const deliverAndProcess = (delivery: Delivery) => deliverProcessed(api, delivery);
const payingFriend = (referrer: { code: string }) => payingFriendOf(api, referrer);

const ruleRewards = (accountId: string) =>
  db('rewards')
    .where({ tenant_id: api.tenantId, account_id: accountId })
    .whereNotNull('grant_key')
    .orderBy([{ column: 'date_given' }, { column: 'grant_no' }])
    .select(
      'id',
      'rule_id',
      'type',
      'amount_cents',
      'status',
      'payment_id',
      'reversed_by',
      'reverses_reward_id',
    );
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
  const res = await api.gql('query($id: ID!) { explainRewards(referralId: $id) { ruleId outcome text } }', {
    id,
  });
  expect(res.errors).toBeUndefined();
  return res.data.explainRewards.map(
    (e: { ruleId: string; outcome: string; text: string }) => `${e.ruleId} ${e.outcome}: ${e.text}`,
  );
}
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

test('a charge pays once however often it is notified; its refund reverses what it gave', async () => {
  const referrer = await identifyReferrer(api, 'Carla');
  const { subscriptionId, transactionId, friend } = await settledPayingFriend(api, referrer);
  // Another notification listing the same charge (a later one, not a redelivery) gives nothing more.
  await deliverAndProcess(api.sample('subscription_charged_successfully', subscriptionId, later(2)));
  const given = await ruleRewards(referrer.accountId);
  expect(given.map((r) => [r.rule_id, r.type, r.amount_cents, r.payment_id, r.status])).toEqual([
    ['recurring', 'CASH', '400', `braintree:${transactionId}`, 'AVAILABLE'],
    ['per-payment', 'CREDIT', '300', `braintree:${transactionId}`, 'AVAILABLE'],
  ]);
  expect(await balance(referrer.accountId, 'cashBalance')).toEqual([{ unit: 'USD', available: 400 }]);

  // The merchant refunds the charge; the next notification of the subscription shows it.
  const refund = await api.bt.transaction.refund(transactionId);
  if (!refund.success) throw new Error(refund.message);
  const refundId = refund.transaction.id;
  await deliverAndProcess(api.sample('subscription_went_active', subscriptionId, later(4)));
  // Applied by the lifecycle the notification messages (or, under load, by the reconciler after it).
  const reversed = await until(
    () => ruleRewards(referrer.accountId),
    (rows) => rows.every((r) => r.status === 'CANCELLED'),
    55_000,
  );
  expect(reversed.map((r) => [r.rule_id, r.status, r.reversed_by])).toEqual([
    ['recurring', 'CANCELLED', `refund:${refundId}`],
    ['per-payment', 'CANCELLED', `refund:${refundId}`],
  ]);
  expect(await explain(friend)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^recurring GRANTED: .* gave the referrer 4.00 USD in cash: 20 % of the payment of 20.00 USD on .* It was reversed by refund ${refundId} on \\d{4}-\\d\\d-\\d\\d\\.$`,
      ),
    ),
    expect.stringMatching(
      new RegExp(
        `^per-payment GRANTED: .* 3.00 USD of credit: a payment .* It was reversed by refund ${refundId}`,
      ),
    ),
  ]);
  // Nothing was used: no debt, nothing owed.
  expect(await balance(referrer.accountId, 'cashBalance')).toEqual([]);
  expect(await balance(referrer.accountId, 'rewardBalance')).toEqual([]);
  const cancelledEvents = await db('webhook_events').where({
    tenant_id: api.tenantId,
    type: 'reward.cancelled',
  });
  expect(
    cancelledEvents.filter((e: { payload: { data: { id: string } } }) =>
      reversed.some((r) => r.id === e.payload.data.id),
    ),
  ).toHaveLength(2);
}, 90_000);

test("the friend's discount refunded on a first charge made without it reverses nothing", async () => {
  const referrer = await identifyReferrer(api, 'Fiona');
  const { subscriptionId, transactionId, customerId, friend } = await payingFriend(referrer);
  await api.bt.testing.settle(transactionId);
  // The next discount sync refunds the friend's discount on that charge (the service's own refund).
  const again = { accountId: friend, paymentProviderId: customerId, couponCode: referrer.code };
  expect((await api.call('POST', '/discount', again)).status).toBe(200);
  const ours = await until(
    () => db('processor_refunds').where({ tenant_id: api.tenantId, transaction_id: transactionId }),
    (rows) => rows.length === 1,
  );
  expect(ours).toEqual([expect.objectContaining({ amount_cents: '200' })]);
  // A later notification lists the charge with that refund: the charge's rewards stand.
  await deliverAndProcess(api.sample('subscription_went_active', subscriptionId, later(4)));
  expect((await ruleRewards(referrer.accountId)).map((r) => [r.rule_id, r.status, r.reversed_by])).toEqual([
    ['recurring', 'AVAILABLE', null],
    ['per-payment', 'AVAILABLE', null],
  ]);
});

test('a dispute after the credit was redeemed leaves a debt that a later reward pays down, once', async () => {
  const referrer = await identifyReferrer(api, 'Dora');
  const first = await payingFriend(referrer);
  const redeemed = await api.gql(
    `mutation($id: String!) { redeemRewardBalance(accountId: $id, unit: "USD", amount: 300) { available } }`,
    { id: referrer.accountId },
  );
  expect(redeemed.data.redeemRewardBalance).toEqual({ available: 0 });

  await deliverAndProcess(api.sample('dispute_opened', first.transactionId));
  await deliverAndProcess(api.sample('dispute_lost', first.transactionId, later(2)));
  const rows = await ruleRewards(referrer.accountId);
  const credit = rows.find((r) => r.rule_id === 'per-payment' && r.reverses_reward_id === null)!;
  expect(credit).toMatchObject({ status: 'CANCELLED', reversed_by: `chargeback:${first.transactionId}` });
  const debts = rows.filter((r) => r.reverses_reward_id !== null);
  expect(debts).toEqual([
    expect.objectContaining({ reverses_reward_id: credit.id, amount_cents: '-300', type: 'CREDIT' }),
  ]);
  expect(await balance(referrer.accountId, 'rewardBalance')).toEqual([{ unit: 'USD', available: -300 }]);
  expect((await explain(first.friend))[1]).toMatch(
    new RegExp(
      `It was reversed by charge-back of ${first.transactionId} on .*\\. 3.00 USD of it was already used and is owed back\\.$`,
    ),
  );
  // The unused cash of the same charge is simply gone.
  expect(await balance(referrer.accountId, 'cashBalance')).toEqual([]);

  // Applying again (the lifecycle reconciling, a repeated dispute) changes nothing.
  await reconcileReferral(db, { tenantId: api.tenantId, accountId: first.friend }, { dayMs: 86_400_000 });
  expect(await recordDisputedPayment(db, api.tenantId, first.transactionId, new Date())).toBe(false);
  expect(await ruleRewards(referrer.accountId)).toEqual(rows);

  // The dashboard's rewards-given counter (a trigger-kept rollup) counts live rewards, not the debt.
  const counted = await db('portal_daily_stats')
    .where({ tenant_id: api.tenantId })
    .sum<{ n: string }[]>('rewards_given as n');
  const live = await db('rewards')
    .where({ tenant_id: api.tenantId })
    .whereNot('status', 'CANCELLED')
    .where((q) => q.whereNull('amount_cents').orWhere('amount_cents', '>=', 0))
    .count<{ n: string }[]>('* as n');
  expect(Number(counted[0]!.n)).toBe(Number(live[0]!.n));

  // A later payment's credit pays the debt down.
  await payingFriend(referrer);
  expect(await balance(referrer.accountId, 'rewardBalance')).toEqual([{ unit: 'USD', available: 0 }]);
  expect(await balance(referrer.accountId, 'cashBalance')).toEqual([{ unit: 'USD', available: 400 }]);
});

test("another tenant cannot reverse this tenant's payments", async () => {
  const referrer = await identifyReferrer(api, 'Edda');
  const { transactionId } = await payingFriend(referrer);
  const before = await ruleRewards(referrer.accountId);
  const otherTenant = await createTestTenant(db, 'other');
  const other = await db('tenants').where({ alias: otherTenant.alias }).first('id');
  expect(await recordDisputedPayment(db, other.id, transactionId, new Date())).toBe(false);
  const forged = await api.deliver(
    api.sample('dispute_opened', transactionId, undefined, {
      merchantId: 'other',
      publicKey: 'pub_other',
      privateKey: 'priv_other',
    }),
  );
  expect(forged.status).not.toBe(200);
  expect(await ruleRewards(referrer.accountId)).toEqual(before);
});
