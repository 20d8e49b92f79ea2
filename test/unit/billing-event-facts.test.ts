import { asAccountId, asReferralCode } from '../../shared/domain/processors/billing-event-facts';
import { invoicePayment, processorPaymentId } from '../../shared/domain/programs/payment-reports';

describe('what a Stripe object may name', () => {
  test('a client reference or metadata value is an account id only when it is one', () => {
    expect(asAccountId('acct-42')).toBe('acct-42');
    expect(asAccountId(null)).toBeNull();
    expect(asAccountId('')).toBeNull();
    expect(asAccountId('x'.repeat(256))).toBeNull();
    expect(asAccountId('bad\u0000id')).toBeNull();
  });

  test("a promotion code's text is a referral code when it is one (trimmed)", () => {
    expect(asReferralCode(' JANEDOE ')).toBe('JANEDOE');
    expect(asReferralCode(null)).toBeNull();
    expect(asReferralCode('x'.repeat(65))).toBeNull();
  });
});

describe("a paid invoice's payment", () => {
  const invoice = {
    id: 'in_1',
    chargeId: 'ch_1' as string | null,
    amountPaidCents: 1500,
    currency: 'USD',
    paidAt: new Date('2026-01-02T03:04:05Z'),
  };

  test("is its charge's, which a refund or dispute of the charge names too", () => {
    expect(invoicePayment(invoice)).toEqual({
      kind: 'PAYMENT',
      paymentId: processorPaymentId('stripe', 'ch_1'),
      source: 'PROCESSOR',
      amountCents: 1500,
      currency: 'USD',
      at: invoice.paidAt,
    });
    expect(processorPaymentId('stripe', 'ch_1')).toBe('stripe:ch_1');
    expect(processorPaymentId('braintree', 'tx_1')).toBe('braintree:tx_1');
  });

  test("is the invoice's own when no charge paid it", () => {
    expect(invoicePayment({ ...invoice, chargeId: null })).toMatchObject({ paymentId: 'stripe:in_1' });
  });
});
