/**
 * A refund applied before its invoice.paid: Stripe delivers in any order, and the stand-in's charges (as
 * some real ones) do not name their invoice, so the refund finds no payment to reverse. The paid invoice,
 * applied later, records the payment and reverses it by its charge's refunds then, once.
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

test('charge.refunded delivered before invoice.paid: the payment is reversed when the invoice is applied, once', async () => {
  const referrer = await identifyReferrer(api, 'Rhea');
  await standIn.deliveries.hold(stripe.key);
  const paid = await checkoutFriend(api, standIn, stripe, referrer.code);
  await stripe.stripe.refunds.create({ charge: paid.chargeId });
  const held = await until(
    () => standIn.deliveries.list(stripe.key).filter((d) => d.state === 'held'),
    (list) =>
      ['charge.refunded', 'invoice.paid', 'checkout.session.completed'].every((t) =>
        list.some((d) => d.type === t),
      ),
  );
  const ids = (type: string) => held.filter((d) => d.type === type).map((d) => d.id);
  await standIn.deliveries.release({
    key: stripe.key,
    order: [...ids('customer.created'), ...ids('checkout.session.completed'), ...ids('charge.refunded')],
    keepHolding: true,
  });
  await stripe.applied('charge.refunded', paid.chargeId, 'PROCESSED');
  await standIn.deliveries.release({ key: stripe.key, times: 2 });
  await stripe.applied('invoice.paid', paid.invoiceId, 'PROCESSED');

  const occurrence = await until(
    () =>
      db('rule_occurrences')
        .where({ tenant_id: api.tenantId, occurrence_id: `stripe:${paid.chargeId}` })
        .first(),
    (row) => row?.reversed_at != null && row.reversal_applied_at != null,
  );
  expect(occurrence).toMatchObject({ reversal_kind: 'REFUND' });
  const live = await db('rewards')
    .where({ tenant_id: api.tenantId, account_id: referrer.accountId, payment_id: `stripe:${paid.chargeId}` })
    .whereNot('status', 'CANCELLED');
  expect(live).toEqual([]);
});
