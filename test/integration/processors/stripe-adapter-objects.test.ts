/**
 * The Stripe adapter's reads (find*) of objects made through the official client at the Stripe stand-in
 * (a buyer's Checkout, subscriptions, invoices, refunds, disputes), and setSubscriptionCoupons keeping a
 * merchant's own coupon.
 */
import type Stripe from 'stripe';
import type { CouponBillingProcessor } from '../../../shared/processors/coupon-billing';
import { createStripeProcessor } from '../../../shared/processors/stripe.processor';
import { newStripeKey, startStripeStandIn, type StripeStandIn } from '../../helpers/stripe-stand-in';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

interface Merchant {
  key: string;
  stripe: Stripe;
  processor: CouponBillingProcessor;
  price: Stripe.Price;
}

async function merchant(): Promise<Merchant> {
  const key = newStripeKey();
  const stripe = standIn.stripe(key);
  const processor = createStripeProcessor(
    { environment: 'SANDBOX', secretKey: key, webhookSecret: null },
    { baseUrl: standIn.url, timeoutMs: 5_000 },
  );
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: 2000,
    recurring: { interval: 'month' },
    product_data: { name: 'Pro' },
  });
  return { key, stripe, processor, price };
}

const payingCustomer = (m: Merchant, metadata: Record<string, string> = {}) =>
  m.stripe.customers.create({
    email: 'friend@example.com',
    metadata,
    payment_method: 'pm_card_visa',
    invoice_settings: { default_payment_method: 'pm_card_visa' },
  });

async function subscribed(m: Merchant, discounts?: { coupon: string }[]) {
  const customer = await payingCustomer(m);
  const subscription = await m.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: m.price.id }],
    ...(discounts ? { discounts } : {}),
  });
  return { customer, subscription };
}

test('unknown ids: every find answers null', async () => {
  const { processor } = await merchant();
  await expect(processor.findCustomer('cus_missing')).resolves.toBeNull();
  await expect(processor.findCheckoutSession('cs_test_missing')).resolves.toBeNull();
  await expect(processor.findInvoice('in_missing')).resolves.toBeNull();
  await expect(processor.findCharge('ch_missing')).resolves.toBeNull();
  await expect(processor.findDispute('du_missing')).resolves.toBeNull();
  await expect(processor.findSubscription('sub_missing')).resolves.toBeNull();
});

test('a customer: its account, balance and live subscriptions; deleted', async () => {
  const m = await merchant();
  const customer = await payingCustomer(m, { referral_account_id: 'acct-9' });
  const live = await m.stripe.subscriptions.create({ customer: customer.id, items: [{ price: m.price.id }] });
  const ended = await m.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: m.price.id }],
  });
  await m.stripe.subscriptions.cancel(ended.id);
  await m.stripe.customers.createBalanceTransaction(customer.id, { amount: -700, currency: 'usd' });
  // Stripe sets the customer's currency from its first invoice (usd here); localstripe says eur from the
  // start, so the currency is checked against what the official client reads.
  const raw = (await m.stripe.customers.retrieve(customer.id)) as Stripe.Customer;
  expect(await m.processor.findCustomer(customer.id)).toEqual({
    id: customer.id,
    accountId: 'acct-9',
    email: 'friend@example.com',
    currency: raw.currency!.toUpperCase(),
    balanceCents: -700,
    subscriptionIds: [live.id],
    deleted: false,
  });
  await m.stripe.customers.del(customer.id);
  const gone = await m.processor.findCustomer(customer.id);
  // Stripe answers a deleted customer as { deleted: true }; a server that forgets it answers 404.
  expect(gone === null || gone.deleted).toBe(true);
});

test('Checkout with a typed promotion code: the session, its invoice and subscription', async () => {
  const m = await merchant();
  await m.processor.ensureCoupon({
    id: 'ref-o-p25',
    name: 'Friend',
    percentOff: 25,
    duration: 'once',
    metadata: {},
  });
  await m.processor.ensurePromotionCode('JANEDOE', 'ref-o-p25', {});
  const session = await m.stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: m.price.id, quantity: 1 }],
    allow_promotion_codes: true,
    client_reference_id: 'visitor-7',
    customer_email: 'buyer@example.com',
    success_url: 'https://merchant.example/thanks',
  });
  await expect(m.processor.findCheckoutSession(session.id)).resolves.toMatchObject({
    status: 'open',
    promotionCode: null,
    customerId: null,
  });
  await standIn.control(`/_sandbox/checkout/sessions/${session.id}/complete`, {
    key: m.key,
    promotion_code: 'janedoe',
  });
  const found = await m.processor.findCheckoutSession(session.id);
  expect(found).toEqual({
    id: session.id,
    status: 'complete',
    customerId: expect.stringMatching(/^cus_/),
    clientReferenceId: 'visitor-7',
    promotionCode: 'JANEDOE',
    subscriptionId: expect.stringMatching(/^sub_/),
  });

  const subscription = await m.processor.findSubscription(found!.subscriptionId!);
  expect(subscription).toEqual({
    id: found!.subscriptionId,
    customerId: found!.customerId,
    status: 'active',
    ended: false,
    couponIds: ['ref-o-p25'],
    currency: 'USD',
  });
  const raw = await m.stripe.subscriptions.retrieve(found!.subscriptionId!);
  const invoice = await m.processor.findInvoice(String(raw.latest_invoice));
  expect(invoice).toEqual({
    id: String(raw.latest_invoice),
    customerId: found!.customerId,
    subscriptionId: found!.subscriptionId,
    paid: true,
    amountPaidCents: 1500,
    currency: 'USD',
    chargeId: expect.stringMatching(/^ch_/),
    paidAt: expect.any(Date),
    promotionCode: 'JANEDOE',
  });
});

test('an invoice without a code, its charge refunded twice, then disputed and decided', async () => {
  const m = await merchant();
  const { customer, subscription } = await subscribed(m);
  const invoice = await m.processor.findInvoice(String(subscription.latest_invoice));
  expect(invoice).toMatchObject({
    paid: true,
    amountPaidCents: 2000,
    promotionCode: null,
    customerId: customer.id,
  });
  const chargeId = invoice!.chargeId!;

  const first = await m.stripe.refunds.create({ charge: chargeId, amount: 500 });
  const second = await m.stripe.refunds.create({ charge: chargeId, amount: 300 });
  const charge = await m.processor.findCharge(chargeId);
  // localstripe's charges name no invoice (Stripe's do): checked against what the official client reads.
  const rawCharge = await m.stripe.charges.retrieve(chargeId);
  expect(charge).toEqual({
    id: chargeId,
    customerId: customer.id,
    invoiceId: (rawCharge.invoice as string | null) ?? null,
    amountCents: 2000,
    currency: 'USD',
    paid: true,
    refundedCents: 800,
    // Both made in the same second, and localstripe lists oldest first where Stripe lists newest first:
    // the order of same-second refunds is not Stripe's here (the mapping's order is a unit test).
    refunds: expect.arrayContaining([
      { id: first.id, amountCents: 500 },
      { id: second.id, amountCents: 300 },
    ]),
    disputed: false,
    createdAt: expect.any(Date),
  });
  expect(charge!.refunds).toHaveLength(2);

  const dispute = await standIn.control<Stripe.Dispute>(`/_sandbox/charges/${chargeId}/dispute`, {
    key: m.key,
  });
  await expect(m.processor.findDispute(dispute.id)).resolves.toEqual({
    id: dispute.id,
    chargeId,
    state: 'OPEN',
    amountCents: dispute.amount,
    currency: 'USD',
  });
  expect((await m.processor.findCharge(chargeId))!.disputed).toBe(true);
  await standIn.control(`/_sandbox/disputes/${dispute.id}/close`, { key: m.key, status: 'won' });
  await expect(m.processor.findDispute(dispute.id)).resolves.toMatchObject({ state: 'WON' });

  const other = await subscribed(m);
  const otherCharge = (await m.processor.findInvoice(String(other.subscription.latest_invoice)))!.chargeId!;
  const lost = await standIn.control<Stripe.Dispute>(`/_sandbox/charges/${otherCharge}/dispute`, {
    key: m.key,
  });
  await standIn.control(`/_sandbox/disputes/${lost.id}/close`, { key: m.key, status: 'lost' });
  await expect(m.processor.findDispute(lost.id)).resolves.toMatchObject({
    state: 'LOST',
    chargeId: otherCharge,
  });
});

describe('setSubscriptionCoupons', () => {
  const updates = (key: string, subscriptionId: string) =>
    standIn.calls(key).filter((c) => c.method === 'POST' && c.path === `/v1/subscriptions/${subscriptionId}`);

  test('ours set beside the merchant’s coupon, which stays; again changes nothing; ours removed', async () => {
    const m = await merchant();
    await m.stripe.coupons.create({ id: 'SPRING', percent_off: 10, duration: 'forever' });
    for (const id of ['ref-s-p20', 'ref-s-p30']) {
      await m.processor.ensureCoupon({ id, name: id, percentOff: 20, duration: 'forever', metadata: {} });
    }
    const { subscription } = await subscribed(m, [{ coupon: 'SPRING' }]);
    const couponsOf = async () => (await m.processor.findSubscription(subscription.id))!.couponIds;
    expect(await couponsOf()).toEqual(['SPRING']);

    await m.processor.setSubscriptionCoupons(subscription.id, 'ref-', ['ref-s-p20']);
    expect((await couponsOf()).sort()).toEqual(['SPRING', 'ref-s-p20']);
    await m.processor.setSubscriptionCoupons(subscription.id, 'ref-', ['ref-s-p20']);
    expect(updates(m.key, subscription.id)).toHaveLength(1);

    await m.processor.setSubscriptionCoupons(subscription.id, 'ref-', ['ref-s-p30']);
    expect((await couponsOf()).sort()).toEqual(['SPRING', 'ref-s-p30']);
    await m.processor.setSubscriptionCoupons(subscription.id, 'ref-', []);
    expect(await couponsOf()).toEqual(['SPRING']);
    expect(updates(m.key, subscription.id)).toHaveLength(3);
  });

  test('on a subscription without discounts', async () => {
    const m = await merchant();
    await m.processor.ensureCoupon({
      id: 'ref-n-p20',
      name: 'n',
      percentOff: 20,
      duration: 'forever',
      metadata: {},
    });
    const { subscription } = await subscribed(m);
    await m.processor.setSubscriptionCoupons(subscription.id, 'ref-', []);
    expect(updates(m.key, subscription.id)).toHaveLength(0);
    await m.processor.setSubscriptionCoupons(subscription.id, 'ref-', ['ref-n-p20']);
    expect((await m.processor.findSubscription(subscription.id))!.couponIds).toEqual(['ref-n-p20']);
  });
});
