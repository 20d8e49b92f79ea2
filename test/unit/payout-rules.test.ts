/**
 * The payout rules that are pure: where a provider's word takes a payout (and which ledger transactions it
 * posts), what blocks a referrer from being paid, and the period a scheduled run belongs to.
 */
import { payoutBlocker, payableAmount } from '../../shared/domain/payouts/payout-eligibility';
import { payoutPeriod } from '../../shared/domain/payouts/payout-schedule';
import { cancelTransition, payoutTransition } from '../../shared/domain/payouts/payout-transitions';
import type { PayeeRow } from '../../shared/repos/payees.repo';

const sum = (moves: Record<string, number | undefined>) =>
  Object.values(moves).reduce<number>((a, b) => a + (b ?? 0), 0);

describe('payoutTransition', () => {
  test.each([
    ['RESERVED', 'PENDING', 'SENT', ['PAYOUT_SENT']],
    ['RESERVED', 'PAID', 'PAID', ['PAYOUT_SENT', 'PAYOUT_PAID']],
    ['SENT', 'PAID', 'PAID', ['PAYOUT_PAID']],
    ['RESERVED', 'FAILED', 'FAILED', ['PAYOUT_FAILED']],
    ['SENT', 'FAILED', 'FAILED', ['PAYOUT_FAILED']],
    ['PAID', 'RETURNED', 'RETURNED', ['PAYOUT_RETURNED']],
    ['SENT', 'UNCLAIMED', 'UNCLAIMED', ['PAYOUT_RETURNED']],
    ['RESERVED', 'RETURNED', 'RETURNED', ['PAYOUT_SENT', 'PAYOUT_RETURNED']],
  ] as const)('%s + %s → %s posting %j, each balanced', (from, word, to, kinds) => {
    const change = payoutTransition(from, word, 700)!;
    expect(change.status).toBe(to);
    expect(change.postings.map((p) => p.kind)).toEqual(kinds);
    for (const p of change.postings) expect(sum(p.moves)).toBe(0);
  });

  test.each([
    ['PAID', 'PAID'],
    ['PAID', 'PENDING'],
    ['PAID', 'FAILED'],
    ['SENT', 'PENDING'],
    ['FAILED', 'PAID'],
    ['RETURNED', 'PAID'],
    ['UNCLAIMED', 'RETURNED'],
    ['CANCELLED', 'PAID'],
  ] as const)('%s + %s changes nothing (a repeat or a late word)', (from, word) => {
    expect(payoutTransition(from, word, 700)).toBeNull();
  });

  test('a failure and a return put the money back in available, naming what they undo', () => {
    expect(payoutTransition('SENT', 'FAILED', 700)!.postings[0]).toEqual({
      kind: 'PAYOUT_FAILED',
      moves: { payout_sent: -700, available: 700 },
      reverses: 'PAYOUT_RESERVED',
    });
    expect(payoutTransition('PAID', 'RETURNED', 700)!.postings[0]).toEqual({
      kind: 'PAYOUT_RETURNED',
      moves: { paid_out: -700, available: 700 },
      reverses: 'PAYOUT_PAID',
    });
  });

  test('only a payout not sent yet can be cancelled', () => {
    expect(cancelTransition('RESERVED', 500)!.postings[0]!.moves).toEqual({
      payout_reserved: -500,
      available: 500,
    });
    expect(cancelTransition('SENT', 500)).toBeNull();
    expect(cancelTransition('PAID', 500)).toBeNull();
  });
});

describe('payoutBlocker', () => {
  const payee = (extra: Partial<PayeeRow> = {}) =>
    ({ method_type: 'PAYPAL', held_at: null, tax_form_received: false, ...extra }) as PayeeRow;
  const base = {
    payee: payee(),
    programAvailable: 5000,
    available: 5000,
    minimumCents: 1000,
    taxThresholdCents: null,
    paidThisYear: 0,
  };

  test('nothing blocks a payee with a method above the minimum', () => {
    expect(payoutBlocker(base)).toBeNull();
    expect(payableAmount(base)).toBe(5000);
  });
  test('a clawback owed elsewhere comes first, and the amount never exceeds what they hold overall', () => {
    expect(payoutBlocker({ ...base, available: -1 })).toBe('NEGATIVE_BALANCE');
    expect(payableAmount({ programAvailable: 5000, available: 3000 })).toBe(3000);
    expect(payoutBlocker({ ...base, available: 800 })).toBe('BELOW_MINIMUM');
  });
  test('no method, a hold', () => {
    expect(payoutBlocker({ ...base, payee: undefined })).toBe('NO_METHOD');
    expect(payoutBlocker({ ...base, payee: payee({ method_type: null }) })).toBe('NO_METHOD');
    expect(payoutBlocker({ ...base, payee: payee({ held_at: new Date() }) })).toBe('HELD');
  });
  test('the tax threshold: over it this year without a form waits; with a form it pays', () => {
    const taxed = { ...base, taxThresholdCents: 60000, paidThisYear: 56000 };
    expect(payoutBlocker(taxed)).toBe('TAX_FORM_NEEDED');
    expect(payoutBlocker({ ...taxed, paidThisYear: 55000 })).toBeNull();
    expect(payoutBlocker({ ...taxed, payee: payee({ tax_form_received: true }) })).toBeNull();
  });
});

describe('payoutPeriod', () => {
  test('ISO weeks start on Monday (UTC); months are calendar months', () => {
    expect(payoutPeriod('WEEKLY', new Date('2026-11-29T23:59:59Z'))).toBe('2026-W48'); // a Sunday
    expect(payoutPeriod('WEEKLY', new Date('2026-11-30T00:00:00Z'))).toBe('2026-W49'); // Monday
    expect(payoutPeriod('WEEKLY', new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(payoutPeriod('MONTHLY', new Date('2026-11-30T00:00:00Z'))).toBe('2026-11');
    expect(payoutPeriod('MONTHLY', new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
  });
});
