/**
 * Stripe events applied (shared/domain/processors/billing-event-effects.ts), delivered signed by the
 * Stripe stand-in (localstripe and its front) to our webhook door, each applied once by the notification
 * workflow: a checkout's promotion code attributes, a paid invoice converts and is a payment for PAYMENT
 * rules, a subscription's end cancels, refunds and disputes reverse what the payment gave and a dispute
 * won restores it. Deliveries are held and released out of order and twice.
 */
import type { Db } from '../../../shared/db/knex';
import { identifyReferrer, type ReferralApi } from '../../helpers/referrals';
import { startStripeStandIn, type StripeStandIn } from '../../helpers/stripe-stand-in';
import { checkoutFriend, startStripeRulesApi, type StripeTenant } from '../../helpers/stripe-tenant';
import { until } from '../../helpers/wait';

let standIn: StripeStandIn;
let api: ReferralApi;
let stripe: StripeTenant;
let db: Db;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  ({ api, stripe } = await startStripeRulesApi(standIn));
  db = api.gw.deps.db;
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

const ruleRewards = (accountId: string) =>
  db('rewards')
    .where({ tenant_id: api.tenantId, account_id: accountId })
    .whereNotNull('grant_key')
    .orderBy([{ column: 'date_given' }, { column: 'grant_no' }])
    .select('rule_id', 'type', 'amount_cents', 'status', 'payment_id', 'reversed_by', 'reverses_reward_id');

const accountRow = (id: string) => db('accounts').where({ tenant_id: api.tenantId, id }).first();

/** The referrer's rewards once they are `count` rows. */
const rewardsOnce = (accountId: string, count: number, test = (_: any[]) => true) =>
  until(
    () => ruleRewards(accountId),
    (rows) => rows.length === count && test(rows),
    30_000,
  );

test('a promotion code typed at Checkout attributes the friend; the paid invoice converts and pays the rules once', async () => {
  const referrer = await identifyReferrer(api, 'Jane');
  const paid = await checkoutFriend(api, standIn, stripe, referrer.code);
  const checkout = await stripe.applied('checkout.session.completed', paid.sessionId);
  expect(checkout.outcome).toMatchObject({ accountId: paid.friend, customerId: paid.customerId });
  const invoice = await stripe.applied('invoice.paid', paid.invoiceId, 'PROCESSED');
  expect(invoice.outcome).toMatchObject({ accountId: paid.friend, accountStatus: 'PAID' });
  const account = await accountRow(paid.friend);
  expect(account.payment_provider_id).toBe(paid.customerId);
  const referral = await db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: paid.friend })
    .first();
  expect(referral).toMatchObject({
    referral_code_used: referrer.code,
    referrer_account_id: referrer.accountId,
  });
  const rewards = await rewardsOnce(referrer.accountId, 2);
  expect(rewards.map((r) => [r.rule_id, r.type, r.amount_cents, r.payment_id, r.status])).toEqual([
    ['recurring', 'CASH', String(paid.amountPaid / 5), `stripe:${paid.chargeId}`, 'AVAILABLE'],
    ['per-payment', 'CREDIT', '300', `stripe:${paid.chargeId}`, 'AVAILABLE'],
  ]);
});
