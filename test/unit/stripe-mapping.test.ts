/**
 * Stripe objects as the API documents them for 2024-09-30.acacia (test/fixtures/stripe/*.json, trimmed
 * copies of the examples in Stripe's API reference) mapped to the coupon-billing shapes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type Stripe from 'stripe';
import { ProcessorRejectedError } from '../../shared/processors/payment-processor';
import { singleCouponUpdate, subscriptionDiscountUpdate } from '../../shared/processors/stripe-discounts';
import { eventEffect, mapEvent, STRIPE_WEBHOOK_EVENTS } from '../../shared/processors/stripe-events';
import {
  appliedDiscounts,
  disputeState,
  invoicePromotionCode,
  liveSubscriptionIds,
  mapCharge,
  mapCheckoutSession,
  mapCustomer,
  mapDispute,
  mapInvoice,
  mapSubscription,
  sessionPromotionCode,
} from '../../shared/processors/stripe-mapping';

function fixture<T>(name: string): T {
  const file = path.join(__dirname, '..', 'fixtures', 'stripe', `${name}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

describe('customers', () => {
  test('a live customer: the account from metadata, currency upper case, balance as is', () => {
    const customer = fixture<Stripe.Customer>('customer');
    expect(mapCustomer(customer, ['sub_1'])).toEqual({
      id: 'cus_NffrFeUfNV2Hib',
      accountId: 'acct-42',
      email: 'jennyrosen@example.com',
      currency: 'EUR',
      balanceCents: -2500,
      subscriptionIds: ['sub_1'],
      deleted: false,
    });
  });

  test('without metadata, email or currency', () => {
    const customer = { ...fixture<Stripe.Customer>('customer'), metadata: {}, email: null, currency: null };
    expect(mapCustomer(customer, [])).toMatchObject({ accountId: null, email: null, currency: null });
  });

  test('a deleted customer', () => {
    expect(mapCustomer(fixture<Stripe.DeletedCustomer>('customer-deleted'), [])).toEqual({
      id: 'cus_NffrFeUfNV2Hib',
      accountId: null,
      email: null,
      currency: null,
      balanceCents: 0,
      subscriptionIds: [],
      deleted: true,
    });
  });

  test('subscriptions listed with status all: the ended ones are left out', () => {
    const subs = [
      { id: 'sub_a', status: 'active' },
      { id: 'sub_b', status: 'canceled' },
      { id: 'sub_c', status: 'past_due' },
      { id: 'sub_d', status: 'incomplete_expired' },
      { id: 'sub_e', status: 'trialing' },
    ] as Pick<Stripe.Subscription, 'id' | 'status'>[];
    expect(liveSubscriptionIds(subs)).toEqual(['sub_a', 'sub_c', 'sub_e']);
  });
});

describe('checkout sessions', () => {
  const session = fixture<Stripe.Checkout.Session>('checkout-session');

  test('the promotion code typed on the page, from the expanded breakdown', () => {
    expect(sessionPromotionCode(session)).toBe('promo_1MiM6KLkdIwHu7ixrIaX4wgn');
  });

  test('the promotion code the session was created with, from discounts', () => {
    const created = { ...session, discounts: [{ coupon: 'ref-prog1-p20', promotion_code: 'promo_X' }] };
    expect(sessionPromotionCode(created as Stripe.Checkout.Session)).toBe('promo_X');
  });

  test('none without discounts', () => {
    const plain = {
      ...session,
      discounts: null,
      total_details: { ...session.total_details, breakdown: undefined },
    };
    expect(sessionPromotionCode(plain as Stripe.Checkout.Session)).toBeNull();
  });

  test('mapped with the code’s text', () => {
    expect(mapCheckoutSession(session, 'JANEDOE')).toEqual({
      id: session.id,
      status: 'complete',
      customerId: 'cus_NffrFeUfNV2Hib',
      clientReferenceId: 'ref-visitor-7',
      promotionCode: 'JANEDOE',
      subscriptionId: 'sub_1MowQVLkdIwHu7ixeRlqHVzs',
    });
  });

  test('an expanded customer and no client reference', () => {
    const expanded = { ...session, customer: { id: 'cus_X', object: 'customer' }, client_reference_id: null };
    expect(mapCheckoutSession(expanded as Stripe.Checkout.Session, null)).toMatchObject({
      customerId: 'cus_X',
      clientReferenceId: null,
    });
  });
});

describe('invoices', () => {
  const invoice = fixture<Stripe.Invoice>('invoice');

  test('paid, with its charge, paid_at and currency upper case', () => {
    expect(mapInvoice(invoice, 'JANEDOE')).toEqual({
      id: 'in_1MtHbELkdIwHu7ixl4OzzPMv',
      customerId: 'cus_NffrFeUfNV2Hib',
      subscriptionId: 'sub_1MowQVLkdIwHu7ixeRlqHVzs',
      paid: true,
      amountPaidCents: 1600,
      currency: 'USD',
      chargeId: 'ch_3MtHbFLkdIwHu7ix0Pj5vkcy',
      paidAt: new Date(1680644470 * 1000),
      promotionCode: 'JANEDOE',
    });
  });

  test('unpaid and without a charge: paidAt falls back to its creation', () => {
    const open = {
      ...invoice,
      paid: false,
      status: 'open',
      amount_paid: 0,
      charge: null,
      status_transitions: { ...invoice.status_transitions, paid_at: null },
    };
    expect(mapInvoice(open as Stripe.Invoice, null)).toMatchObject({
      paid: false,
      chargeId: null,
      amountPaidCents: 0,
      paidAt: new Date(1680644467 * 1000),
    });
  });

  test('the promotion code from the expanded discounts, else from the single discount', () => {
    expect(invoicePromotionCode(invoice)).toBe('promo_1MiM6KLkdIwHu7ixrIaX4wgn');
    const single = { ...invoice, discounts: ['di_1MtJUtLkdIwHu7ixXkbIBMpr'] };
    expect(invoicePromotionCode(single as Stripe.Invoice)).toBe('promo_1MiM6KLkdIwHu7ixrIaX4wgn');
    expect(invoicePromotionCode({ ...invoice, discounts: [], discount: null })).toBeNull();
  });

  test('an expanded promotion code is used as is', () => {
    const code = fixture<Stripe.PromotionCode>('promotion-code');
    const discount = { ...(invoice.discounts[0] as Stripe.Discount), promotion_code: code };
    expect(invoicePromotionCode({ ...invoice, discounts: [discount] })).toBe(code);
  });
});

describe('charges', () => {
  const charge = fixture<Stripe.Charge>('charge');
  const refunds = fixture<Stripe.ApiList<Stripe.Refund>>('refunds').data;

  test('refunds oldest first, failed ones left out', () => {
    expect(mapCharge(charge, refunds)).toEqual({
      id: 'ch_3MtHbFLkdIwHu7ix0Pj5vkcy',
      customerId: 'cus_NffrFeUfNV2Hib',
      invoiceId: 'in_1MtHbELkdIwHu7ixl4OzzPMv',
      amountCents: 1600,
      currency: 'USD',
      paid: true,
      refundedCents: 700,
      refunds: [
        { id: 're_3MtHbFLkdIwHu7ix0a7Zx3aA', amountCents: 500 },
        { id: 're_3MtHbFLkdIwHu7ix0b8Yw4bB', amountCents: 200 },
      ],
      disputed: false,
      createdAt: new Date(1680644469 * 1000),
    });
  });

  test('refunds made in the same second keep Stripe’s order', () => {
    const same = [
      { ...refunds[1], id: 're_second', created: 5 },
      { ...refunds[1], id: 're_first', created: 5 },
    ];
    expect(mapCharge(charge, same).refunds.map((r) => r.id)).toEqual(['re_first', 're_second']);
  });
});

describe('disputes', () => {
  test.each([
    ['warning_needs_response', 'OPEN'],
    ['warning_under_review', 'OPEN'],
    ['needs_response', 'OPEN'],
    ['under_review', 'OPEN'],
    ['won', 'WON'],
    ['warning_closed', 'WON'],
    ['lost', 'LOST'],
  ])('%s is %s', (status, state) => {
    expect(disputeState(status)).toBe(state);
  });

  test('an unknown status is refused rather than guessed', () => {
    expect(() => disputeState('prevented')).toThrow(ProcessorRejectedError);
  });

  test('mapped with its charge', () => {
    expect(mapDispute(fixture<Stripe.Dispute>('dispute'))).toEqual({
      id: 'du_1MtJUT2eZvKYlo2CNaw2HvEv',
      chargeId: 'ch_3MtHbFLkdIwHu7ix0Pj5vkcy',
      state: 'OPEN',
      amountCents: 1600,
      currency: 'USD',
    });
  });
});

describe('subscriptions', () => {
  const subscription = fixture<Stripe.Subscription>('subscription');

  test('its coupons from the expanded discounts', () => {
    expect(mapSubscription(subscription)).toEqual({
      id: 'sub_1MowQVLkdIwHu7ixeRlqHVzs',
      customerId: 'cus_NffrFeUfNV2Hib',
      status: 'active',
      ended: false,
      couponIds: ['SPRING', 'ref-prog1-p20'],
      currency: 'USD',
    });
  });

  test.each([
    ['canceled', true],
    ['incomplete_expired', true],
    ['unpaid', false],
    ['past_due', false],
  ])('%s: ended %s', (status, ended) => {
    expect(mapSubscription({ ...subscription, status } as Stripe.Subscription).ended).toBe(ended);
  });

  test('discounts as ids only cannot name their coupons', () => {
    const ids = { ...subscription, discounts: ['di_1MerchantSpring'] };
    expect(appliedDiscounts(ids)).toBeNull();
    expect(() => mapSubscription(ids)).toThrow(ProcessorRejectedError);
  });

  test('an id that is the single discount’s is read from it', () => {
    const single = { ...subscription, discounts: ['di_1OursFriend'], discount: subscription.discounts[1] };
    expect(appliedDiscounts(single as Stripe.Subscription)).toEqual([
      { discountId: 'di_1OursFriend', couponId: 'ref-prog1-p20' },
    ]);
  });

  test('the older single discount where discounts is absent', () => {
    const single = { ...subscription, discounts: undefined, discount: subscription.discounts[1] };
    expect(appliedDiscounts(single as unknown as Stripe.Subscription)).toEqual([
      { discountId: 'di_1OursFriend', couponId: 'ref-prog1-p20' },
    ]);
  });
});

describe('the discounts update of setSubscriptionCoupons', () => {
  const applied = appliedDiscounts(fixture<Stripe.Subscription>('subscription')) ?? [];

  test('nothing to do when ours are already the ones wanted', () => {
    expect(subscriptionDiscountUpdate(applied, 'ref-', ['ref-prog1-p20'])).toBeNull();
  });

  test('a new coupon of ours replaces the old; the merchant’s is kept by its discount id', () => {
    expect(subscriptionDiscountUpdate(applied, 'ref-', ['ref-prog1-p30'])).toEqual([
      { discount: 'di_1MerchantSpring' },
      { coupon: 'ref-prog1-p30' },
    ]);
  });

  test('one of ours that stays is kept by id, so its duration does not start over', () => {
    expect(subscriptionDiscountUpdate(applied, 'ref-', ['ref-prog1-p20', 'ref-prog2-a500'])).toEqual([
      { discount: 'di_1MerchantSpring' },
      { discount: 'di_1OursFriend' },
      { coupon: 'ref-prog2-a500' },
    ]);
  });

  test('removing ours leaves the merchant’s; removing everything clears the list', () => {
    expect(subscriptionDiscountUpdate(applied, 'ref-', [])).toEqual([{ discount: 'di_1MerchantSpring' }]);
    expect(subscriptionDiscountUpdate(applied.slice(1), 'ref-', [])).toBe('');
    expect(subscriptionDiscountUpdate([], 'ref-', [])).toBeNull();
  });
});

describe('events', () => {
  test('the nine event types, each with its effect', () => {
    expect([...STRIPE_WEBHOOK_EVENTS].sort()).toEqual(
      [
        'customer.created',
        'customer.updated',
        'checkout.session.completed',
        'invoice.paid',
        'customer.subscription.updated',
        'customer.subscription.deleted',
        'charge.refunded',
        'charge.dispute.created',
        'charge.dispute.closed',
      ].sort(),
    );
    expect(STRIPE_WEBHOOK_EVENTS.map(eventEffect)).not.toContain('IGNORE');
    expect(eventEffect('invoice.created')).toBe('IGNORE');
    expect(eventEffect('constructor')).toBe('IGNORE');
  });

  test('invoice.paid names its invoice and customer', () => {
    expect(mapEvent(fixture('event-invoice-paid'))).toEqual({
      id: 'evt_1MtHbHLkdIwHu7ixAb3ddTqQ',
      type: 'invoice.paid',
      effect: 'INVOICE_PAID',
      createdAt: new Date(1680644470 * 1000),
      objectId: 'in_1MtHbELkdIwHu7ixl4OzzPMv',
      customerId: 'cus_NffrFeUfNV2Hib',
      livemode: false,
    });
  });

  const event = (type: string, object: Record<string, unknown>) => ({
    id: 'evt_1',
    object: 'event',
    type,
    created: 1700000000,
    livemode: true,
    data: { object },
  });

  test.each([
    ['customer.created', { id: 'cus_1', object: 'customer' }, 'CUSTOMER', 'cus_1'],
    ['customer.updated', { id: 'cus_1', object: 'customer' }, 'CUSTOMER', 'cus_1'],
    ['checkout.session.completed', { id: 'cs_1', customer: 'cus_1' }, 'CHECKOUT', 'cus_1'],
    ['checkout.session.completed', { id: 'cs_1', customer: null }, 'CHECKOUT', null],
    ['customer.subscription.updated', { id: 'sub_1', customer: 'cus_1' }, 'SUBSCRIPTION', 'cus_1'],
    ['customer.subscription.deleted', { id: 'sub_1', customer: { id: 'cus_2' } }, 'SUBSCRIPTION', 'cus_2'],
    ['charge.refunded', { id: 'ch_1', customer: 'cus_1' }, 'REFUND', 'cus_1'],
    ['charge.dispute.created', { id: 'du_1', charge: 'ch_1' }, 'DISPUTE', null],
    ['charge.dispute.closed', { id: 'du_1', charge: 'ch_1' }, 'DISPUTE', null],
    ['product.created', { id: 'prod_1' }, 'IGNORE', null],
  ])('%s → %s', (type, object, effect, customerId) => {
    const objectId = (object as { id: string }).id;
    expect(mapEvent(event(type, object))).toEqual({
      id: 'evt_1',
      type,
      effect,
      createdAt: new Date(1700000000 * 1000),
      objectId,
      customerId,
      livemode: true,
    });
  });

  test.each([
    ['no id', { type: 'invoice.paid', created: 1 }],
    ['no type', { id: 'evt_1', created: 1 }],
    ['an empty id', { id: '', type: 'invoice.paid', created: 1 }],
    ['no created', { id: 'evt_1', type: 'invoice.paid' }],
    ['an array', []],
    ['a string', 'evt_1'],
    ['null', null],
  ])('a payload with %s is not an event', (_, payload) => {
    expect(() => mapEvent(payload)).toThrow(ProcessorRejectedError);
  });
});

describe('the older single-coupon update (a server without discounts)', () => {
  const ours = [{ discountId: 'di_1', couponId: 'ref-a' }];
  const merchants = [{ discountId: 'di_2', couponId: 'SPRING' }];

  test('set, replaced, kept, removed', () => {
    expect(singleCouponUpdate('sub_1', [], 'ref-', ['ref-a'])).toEqual({ coupon: 'ref-a' });
    expect(singleCouponUpdate('sub_1', ours, 'ref-', ['ref-b'])).toEqual({ coupon: 'ref-b' });
    expect(singleCouponUpdate('sub_1', ours, 'ref-', ['ref-a'])).toBeNull();
    expect(singleCouponUpdate('sub_1', ours, 'ref-', [])).toEqual({ coupon: '' });
    expect(singleCouponUpdate('sub_1', [], 'ref-', [])).toBeNull();
  });

  test('the merchant’s coupon is never removed, so ours cannot be added beside it', () => {
    expect(singleCouponUpdate('sub_1', merchants, 'ref-', [])).toBeNull();
    expect(() => singleCouponUpdate('sub_1', merchants, 'ref-', ['ref-a'])).toThrow(ProcessorRejectedError);
    expect(() => singleCouponUpdate('sub_1', [], 'ref-', ['ref-a', 'ref-b'])).toThrow(ProcessorRejectedError);
  });
});
