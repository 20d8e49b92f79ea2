/**
 * The payout adapters' pure parts: PayPal item statuses, gift-card order and delivery statuses and
 * Stripe transfers as our payout states, amounts in the providers' units, which HTTP statuses are worth a
 * retry, and the gift-card webhook signature.
 */
import type Stripe from 'stripe';
import {
  giftCardOutcome,
  giftCardSignature,
  giftCardSignatureValid,
  giftCardState,
} from '../../shared/payouts/gift-card-mapping';
import { retryableStatus } from '../../shared/payouts/payout-errors';
import { currencyDecimals, majorAmount, minorAmount } from '../../shared/payouts/payout-money';
import { payPalEventItemStatus, payPalItemState, payPalOutcome } from '../../shared/payouts/paypal-mapping';
import { transferOutcome } from '../../shared/payouts/stripe-connect';

describe('PayPal item statuses', () => {
  test.each([
    ['SUCCESS', 'PAID'],
    ['PENDING', 'PENDING'],
    ['ONHOLD', 'PENDING'],
    ['ON_HOLD', 'PENDING'],
    ['NEW', 'PENDING'],
    ['UNCLAIMED', 'UNCLAIMED'],
    ['RETURNED', 'RETURNED'],
    ['REFUNDED', 'RETURNED'],
    ['REVERSED', 'RETURNED'],
    ['FAILED', 'FAILED'],
    ['DENIED', 'FAILED'],
    ['BLOCKED', 'FAILED'],
    ['success', 'PAID'],
    ['SOMETHING_NEW', 'PENDING'],
  ])('%s → %s', (status, state) => {
    expect(payPalItemState(status)).toBe(state);
  });

  test.each([
    ['PAYMENT.PAYOUTS-ITEM.SUCCEEDED', 'SUCCESS'],
    ['PAYMENT.PAYOUTS-ITEM.HELD', 'ONHOLD'],
    ['PAYMENT.PAYOUTS-ITEM.CANCELED', 'RETURNED'],
    ['PAYMENT.PAYOUTS-ITEM.UNCLAIMED', 'UNCLAIMED'],
    ['PAYMENT.PAYOUTS-ITEM.FAILED', 'FAILED'],
    ['PAYMENT.PAYOUTSBATCH.SUCCESS', null],
    ['CHECKOUT.ORDER.APPROVED', null],
  ])('event %s stands for item status %s', (event, status) => {
    expect(payPalEventItemStatus(event)).toBe(status);
  });

  test('an outcome carries the item id and PayPal’s error message; a paid one no message', () => {
    const item = { payout_item_id: 'ITEM1', payout_item: { sender_item_id: 'p1' } };
    expect(payPalOutcome('p1', { ...item, transaction_status: 'SUCCESS' })).toEqual({
      payoutId: 'p1',
      state: 'PAID',
      providerRef: 'ITEM1',
      message: null,
    });
    expect(
      payPalOutcome('p1', {
        ...item,
        transaction_status: 'FAILED',
        errors: { name: 'RECEIVER_ACCOUNT_LOCKED', message: 'Locked' },
      }),
    ).toMatchObject({ state: 'FAILED', message: 'Locked' });
    expect(payPalOutcome('p1', { ...item, transaction_status: 'BLOCKED' })).toMatchObject({
      message: 'PayPal item BLOCKED',
    });
    // A webhook's resource without a status: the event's.
    expect(payPalOutcome('p1', item, 'RETURNED')).toMatchObject({ state: 'RETURNED' });
  });
});

describe('gift-card statuses', () => {
  test.each([
    ['EXECUTED', 'SUCCEEDED', 'PAID'],
    ['EXECUTED', 'SCHEDULED', 'PENDING'],
    ['EXECUTED', 'PENDING', 'PENDING'],
    ['EXECUTED', 'FAILED', 'FAILED'],
    ['EXECUTED', null, 'PENDING'],
    ['OPEN', null, 'PENDING'],
    ['PENDING APPROVAL', null, 'PENDING'],
    ['PENDING INTERNAL PAYMENT APPROVAL', null, 'PENDING'],
    ['PENDING SETTLEMENT', null, 'PENDING'],
    ['FAILED', null, 'FAILED'],
    ['CANCELED', 'SUCCEEDED', 'RETURNED'],
  ])('order %s, delivery %s → %s', (order, delivery, state) => {
    expect(giftCardState(order, delivery)).toBe(state);
  });

  test('an outcome names the order and why it failed or came back', () => {
    const order = (status: string, delivery: string) => ({
      id: 'ORD1',
      status,
      rewards: [{ id: 'R1', delivery: { status: delivery } }],
    });
    expect(giftCardOutcome('p1', order('EXECUTED', 'SUCCEEDED'))).toEqual({
      payoutId: 'p1',
      state: 'PAID',
      providerRef: 'ORD1',
      message: null,
    });
    expect(giftCardOutcome('p1', order('EXECUTED', 'FAILED')).message).toBe(
      'Tremendous reward delivery failed',
    );
    expect(giftCardOutcome('p1', order('FAILED', 'PENDING')).message).toBe('Tremendous order failed');
    expect(giftCardOutcome('p1', order('CANCELED', 'SUCCEEDED')).message).toBe('Tremendous order canceled');
  });

  test('the webhook signature: sha256= and the hex HMAC of the raw body; any change fails', () => {
    const body = Buffer.from('{"event":"REWARDS.DELIVERY.SUCCEEDED"}');
    const header = giftCardSignature(body, 'key-1');
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(giftCardSignatureValid(body, header, 'key-1')).toBe(true);
    expect(giftCardSignatureValid(body, header, 'key-2')).toBe(false);
    expect(giftCardSignatureValid(Buffer.from('{"event":"REWARDS.DELIVERY.FAILED"}'), header, 'key-1')).toBe(
      false,
    );
    expect(giftCardSignatureValid(body, header.replace('sha256=', ''), 'key-1')).toBe(false);
  });
});

describe('Stripe transfers', () => {
  const transfer = (fields: Partial<Stripe.Transfer>) =>
    ({
      id: 'tr_1',
      object: 'transfer',
      amount: 1000,
      amount_reversed: 0,
      reversed: false,
      ...fields,
    }) as Stripe.Transfer;

  test('made → PAID; fully reversed → RETURNED; partly reversed stays PAID and says so', () => {
    expect(transferOutcome('p1', transfer({}))).toEqual({
      payoutId: 'p1',
      state: 'PAID',
      providerRef: 'tr_1',
      message: null,
    });
    expect(transferOutcome('p1', transfer({ reversed: true, amount_reversed: 1000 }))).toMatchObject({
      state: 'RETURNED',
    });
    expect(transferOutcome('p1', transfer({ amount_reversed: 300 }))).toMatchObject({
      state: 'PAID',
      message: 'Stripe transfer partly reversed: 300 of 1000',
    });
  });
});

describe('amounts and retries', () => {
  test('minor units as the providers’ decimal amounts, zero-decimal currencies whole', () => {
    expect(majorAmount(1234, 'USD')).toBe('12.34');
    expect(majorAmount(5, 'EUR')).toBe('0.05');
    expect(majorAmount(500, 'JPY')).toBe('500');
    expect(currencyDecimals('huf')).toBe(0);
    expect(minorAmount('12.34', 'USD')).toBe(1234);
    expect(minorAmount('500', 'JPY')).toBe(500);
    expect(() => majorAmount(0, 'USD')).toThrow(/positive/);
    expect(() => majorAmount(1.5, 'USD')).toThrow(/whole/);
  });

  test.each([
    [null, true],
    [408, true],
    [409, true],
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [422, false],
  ])('status %s retryable: %s', (status, retryable) => {
    expect(retryableStatus(status)).toBe(retryable);
  });
});
