/**
 * Stripe objects as the API documents them for 2024-09-30.acacia (test/fixtures/stripe/*.json, trimmed
 * copies of the examples in Stripe's API reference) mapped to the coupon-billing shapes.
 */
import type Stripe from 'stripe';
import { ProcessorRejectedError } from '../../shared/processors/payment-processor';
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
import { stripeFixture as fixture } from '../fixtures/stripe/fixture';

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
