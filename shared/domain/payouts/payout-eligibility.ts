import type { PayeeRow } from '../../repos/payees.repo';

/** Why a referrer with cash is not paid in a run (the due list shows it). */
export const PAYOUT_BLOCKERS = [
  'NO_METHOD',
  'HELD',
  'BELOW_MINIMUM',
  'NEGATIVE_BALANCE',
  'TAX_FORM_NEEDED',
] as const;
export type PayoutBlocker = (typeof PAYOUT_BLOCKERS)[number];

export interface PayoutCandidate {
  payee: PayeeRow | undefined;
  /** Cash available in the run's program, and in all programs (below zero: a clawback owed). */
  programAvailable: number;
  available: number;
  minimumCents: number;
  /** The tenant's yearly threshold for payees without a tax form (null: none). */
  taxThresholdCents: number | null;
  /** Paid (or on its way) to the payee in this currency this calendar year. */
  paidThisYear: number;
}

/** What a run would pay the referrer: the program's cash, never more than they hold overall. */
export function payableAmount(c: Pick<PayoutCandidate, 'programAvailable' | 'available'>): number {
  return Math.max(0, Math.min(c.programAvailable, c.available));
}

/**
 * Why the referrer is not paid now, or null when they are: a clawback not paid down (their balance below
 * zero) comes first, then the minimum, the payee's method and hold, and the tax threshold.
 */
export function payoutBlocker(c: PayoutCandidate): PayoutBlocker | null {
  if (c.available < 0) return 'NEGATIVE_BALANCE';
  const amount = payableAmount(c);
  if (amount < c.minimumCents) return 'BELOW_MINIMUM';
  if (!c.payee?.method_type) return 'NO_METHOD';
  if (c.payee.held_at) return 'HELD';
  if (
    c.taxThresholdCents !== null &&
    !c.payee.tax_form_received &&
    c.paidThisYear + amount > c.taxThresholdCents
  ) {
    return 'TAX_FORM_NEEDED';
  }
  return null;
}

/** The first instant of the calendar year (UTC) of a time: the tax threshold's year. */
export function yearStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), 0, 1));
}
