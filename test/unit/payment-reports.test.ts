import { AppError } from '../../shared/errors';
import {
  billingPeriodIndex,
  checkPaymentEvents,
  eventPayment,
  syncPayment,
} from '../../shared/domain/programs/payment-reports';
import type { AccountRow } from '../../shared/repos/accounts.repo';

const at = (iso: string) => new Date(iso);
const FIRST = at('2026-01-31T10:00:00Z');

describe('billingPeriodIndex: whole billing periods since the first payment', () => {
  test('months, with the day clamped at the month end', () => {
    const monthly = { type: 'MONTH', value: 1 };
    expect(billingPeriodIndex(FIRST, FIRST, monthly)).toBe(0);
    expect(billingPeriodIndex(FIRST, at('2026-02-28T09:59:59Z'), monthly)).toBe(0);
    expect(billingPeriodIndex(FIRST, at('2026-02-28T10:00:00Z'), monthly)).toBe(1);
    expect(billingPeriodIndex(FIRST, at('2027-01-31T10:00:00Z'), monthly)).toBe(12);
    expect(billingPeriodIndex(FIRST, at('2025-12-01T00:00:00Z'), monthly)).toBe(0);
  });

  test('quarters, years, weeks and days; no interval synced is one month', () => {
    expect(billingPeriodIndex(FIRST, at('2026-07-31T10:00:00Z'), { type: 'QUARTER', value: 1 })).toBe(2);
    expect(billingPeriodIndex(FIRST, at('2028-02-01T00:00:00Z'), { type: 'YEAR', value: 1 })).toBe(2);
    expect(billingPeriodIndex(FIRST, at('2026-02-14T10:00:00Z'), { type: 'WEEK', value: 2 })).toBe(1);
    expect(billingPeriodIndex(FIRST, at('2026-02-03T10:00:00Z'), { type: 'DAY', value: 3 })).toBe(1);
    expect(billingPeriodIndex(FIRST, at('2026-03-31T10:00:00Z'), { type: null, value: null })).toBe(2);
  });
});

const account = (changes: Partial<AccountRow> = {}) =>
  ({
    id: 'acct-1',
    tenant_id: 't',
    subscription_status: 'PAID',
    billing_interval_type: 'MONTH',
    billing_interval_value: 1,
    currency: 'EUR',
    first_paid_at: FIRST,
    ...changes,
  }) as AccountRow;

test('a PAID sync with a value is the payment of its period; without either, none', () => {
  expect(syncPayment(account(), 49.99, at('2026-03-15T00:00:00Z'))).toEqual({
    kind: 'PAYMENT',
    paymentId: 'sync:acct-1:1',
    source: 'SYNC',
    amountCents: 4999,
    currency: 'EUR',
    at: at('2026-03-15T00:00:00Z'),
  });
  expect(syncPayment(account(), undefined, FIRST)).toBeNull();
  expect(syncPayment(account(), 0, FIRST)).toBeNull();
  expect(syncPayment(account({ subscription_status: 'TRIAL' }), 10, FIRST)).toBeNull();
});

test('a payment event is keyed by its order id, else by the event', () => {
  const event = { id: 'ev-1', dateTriggered: FIRST.getTime() };
  expect(
    eventPayment('acct-1', { ...event, fields: { revenue: 12.5, currency: 'USD', order_id: 'o-9' } }),
  ).toEqual({
    kind: 'PAYMENT',
    paymentId: 'event:acct-1:o-9',
    source: 'EVENT',
    amountCents: 1250,
    currency: 'USD',
    at: FIRST,
  });
  expect(eventPayment('acct-1', { ...event, fields: { revenue: 1, currency: 'USD' } })).toMatchObject({
    paymentId: 'event:ev-1',
  });
});

test('events of the payment key need revenue and currency, named by field; other events pass', () => {
  const refusal = (events: { key: string; fields?: Record<string, unknown> }[]) => {
    try {
      checkPaymentEvents(events, 'payment');
      return null;
    } catch (err) {
      return (err as AppError).details.validationErrors;
    }
  };
  expect(refusal([{ key: 'purchase', fields: {} }])).toBeNull();
  expect(refusal([{ key: 'payment', fields: { revenue: 5, currency: 'USD' } }])).toBeNull();
  expect(
    refusal([{ key: 'purchase' }, { key: 'payment', fields: { revenue: -1, currency: 'usd' } }]),
  ).toEqual([
    { path: 'events.1.fields.revenue', message: expect.any(String) },
    { path: 'events.1.fields.currency', message: expect.stringMatching(/ISO 4217/) },
  ]);
  expect(() => checkPaymentEvents([{ key: 'payment' }], null)).not.toThrow();
});
