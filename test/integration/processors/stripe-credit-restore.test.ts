/**
 * A referrer's credit applied in Stripe, through a dispute: the payment's credit is given once (a
 * balance transaction), taken back while the dispute is open (the reversal's debt, the opposite
 * transaction), and given back when the dispute is won (a further transaction of the debt's row, keyed
 * `…-1`), each once however often the events are delivered.
 */
import { publishRuleVersion } from '../../../shared/domain/programs/rule-versions';
import { openBillingProcessor } from '../../../shared/domain/processors/billing-event-receipt';
import { syncBillingAccount } from '../../../shared/domain/rewards/billing-sync';
import type { Db } from '../../../shared/db/knex';
import { PER_PAYMENT_CREDIT } from '../../helpers/program-rules';
import { identifyReferrer, startReferralApi, type ReferralApi } from '../../helpers/referrals';
import { startStripeStandIn, type StripeStandIn } from '../../helpers/stripe-stand-in';
import { checkoutFriend, connectStripeTenant, type StripeTenant } from '../../helpers/stripe-tenant';
import { until } from '../../helpers/wait';

let standIn: StripeStandIn;
let api: ReferralApi;
let shop: StripeTenant;
let db: Db;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  api = await startReferralApi({ env: { STRIPE_BASE_URL: standIn.url } });
  db = api.gw.deps.db;
  // localstripe bills its customers in EUR: the rule's credit is in EUR, so it is applied there.
  const euros = { ...PER_PAYMENT_CREDIT, reward: { type: 'CREDIT', amountCents: 300, unit: 'EUR' } };
  await publishRuleVersion(db, api.tenantId, [euros], { publishedBy: 'test' });
  shop = await connectStripeTenant(api, standIn, { id: api.tenantId, alias: api.tenant.alias });
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

test('credit given, taken back by an open dispute, given back when it is won: one transaction each', async () => {
  const jane = await identifyReferrer(api, 'Jane');
  const customer = await shop.stripe.customers.create({
    email: 'jane@example.com',
    metadata: { referral_account_id: jane.accountId },
  });
  await until(
    () => db('accounts').where({ tenant_id: api.tenantId, id: jane.accountId }).first(),
    (a) => a?.payment_provider_id === customer.id,
  );
  const balanceOf = async () =>
    (await shop.stripe.customers.listBalanceTransactions(customer.id)).data.map((t) => t.amount).reverse();
  const balanceIs = (amounts: number[]) =>
    until(balanceOf, (found) => JSON.stringify(found) === JSON.stringify(amounts));

  const paid = await checkoutFriend(api, standIn, shop, jane.code);
  await balanceIs([-300]);

  const dispute = await standIn.control(`/_sandbox/charges/${paid.chargeId}/dispute`, { key: shop.key });
  await shop.applied('charge.dispute.created', dispute.id);
  await balanceIs([-300, 300]);

  await standIn.control(`/_sandbox/disputes/${dispute.id}/close`, { key: shop.key, status: 'won' });
  await shop.applied('charge.dispute.closed', dispute.id);
  await balanceIs([-300, 300, -300]);
  expect((await shop.stripe.customers.retrieve(customer.id)) as { balance: number }).toMatchObject({
    balance: -300,
  });

  // Our side: the reward applied once, its debt taken back and given back (seq 0 and 1).
  const credits = await db('processor_credits as c')
    .join('rewards as w', 'w.id', 'c.reward_id')
    .where({ 'c.tenant_id': api.tenantId, 'w.account_id': jane.accountId })
    .orderBy([{ column: 'c.created_at' }, { column: 'c.seq' }])
    .select(
      'c.reward_id',
      'c.amount_cents',
      'c.seq',
      'c.idempotency_key',
      'w.status',
      'w.reverses_reward_id',
    );
  expect(credits.map((c) => [c.amount_cents, c.seq])).toEqual([
    ['-300', 0],
    ['300', 0],
    ['-300', 1],
  ]);
  expect(credits[2].idempotency_key).toMatch(/^referral-credit-.+-1$/);
  expect(credits[1]).toMatchObject({ status: 'CANCELLED' });
  const [reward] = await db('rewards').where({
    tenant_id: api.tenantId,
    account_id: jane.accountId,
    reverses_reward_id: null,
  });
  expect(reward).toMatchObject({ status: 'REDEEMED', reversed_by: null });

  // Every dispute event delivered again, and two more syncs at once: nothing more at Stripe.
  for (const row of await shop.rows()) {
    if (row.subject_id === dispute.id) await standIn.deliveries.resend(shop.key, row.notification_key);
  }
  await standIn.deliveries.settled();
  const deps = api.gw.deps;
  const stripe = await openBillingProcessor(deps, api.tenantId, deps.billingOptions);
  const target = { tenantId: api.tenantId, accountId: jane.accountId };
  await Promise.all([syncBillingAccount(db, stripe, target), syncBillingAccount(db, stripe, target)]);
  expect(await balanceOf()).toEqual([-300, 300, -300]);

  // A later full refund reverses the payment again: the same debt, revived, is taken back once more.
  await shop.stripe.refunds.create({ charge: paid.chargeId });
  await balanceIs([-300, 300, -300, 300]);
  const debt = await db('processor_credits')
    .where({ tenant_id: api.tenantId, reward_id: credits[1].reward_id })
    .orderBy('seq')
    .pluck('amount_cents');
  expect(debt).toEqual(['300', '-300', '300']);
});
