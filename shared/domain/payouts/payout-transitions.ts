import type { PayoutState } from '../../payouts/payout-provider';
import type { LedgerBook, PayoutLedgerKind } from '../../repos/ledger.repo';
import type { PayoutStatus } from '../../repos/payouts.repo';

/** One ledger transaction a payout's change posts: its kind, the amounts by book, what it undoes. */
export interface PayoutPosting {
  kind: PayoutLedgerKind;
  moves: Partial<Record<LedgerBook, number>>;
  reverses?: PayoutLedgerKind;
}

export interface PayoutTransition {
  status: PayoutStatus;
  postings: PayoutPosting[];
}

/** Statuses a payout never leaves, except PAID, which a return may still undo. */
export const FINAL_PAYOUT_STATUSES: readonly PayoutStatus[] = [
  'FAILED',
  'RETURNED',
  'UNCLAIMED',
  'CANCELLED',
];

/**
 * What a provider's word on a payout does, from where the payout stands: its new status and the ledger
 * transactions to post (each once per payout, so a repeat posts nothing). Null: nothing changes (a
 * duplicate, a late or out-of-order word about a payout already final). The money moves:
 *
 * - reserved → sent (the provider accepted it) → paid out;
 * - a failure before payment: back to available, undoing the reservation;
 * - a return, or PayPal's unclaimed item, after it was sent or paid: back to available.
 */
export function payoutTransition(
  status: PayoutStatus,
  outcome: PayoutState,
  amount: number,
): PayoutTransition | null {
  const sent: PayoutPosting = {
    kind: 'PAYOUT_SENT',
    moves: { payout_reserved: -amount, payout_sent: amount },
  };
  const paid: PayoutPosting = { kind: 'PAYOUT_PAID', moves: { payout_sent: -amount, paid_out: amount } };
  const back = (from: LedgerBook, kind: PayoutLedgerKind, reverses: PayoutLedgerKind): PayoutPosting => ({
    kind,
    moves: { [from]: -amount, available: amount },
    reverses,
  });
  if (FINAL_PAYOUT_STATUSES.includes(status)) return null;
  switch (outcome) {
    case 'PENDING':
      return status === 'RESERVED' ? { status: 'SENT', postings: [sent] } : null;
    case 'PAID':
      if (status === 'RESERVED') return { status: 'PAID', postings: [sent, paid] };
      return status === 'SENT' ? { status: 'PAID', postings: [paid] } : null;
    case 'FAILED':
      if (status === 'RESERVED') {
        return { status: 'FAILED', postings: [back('payout_reserved', 'PAYOUT_FAILED', 'PAYOUT_RESERVED')] };
      }
      return status === 'SENT'
        ? { status: 'FAILED', postings: [back('payout_sent', 'PAYOUT_FAILED', 'PAYOUT_RESERVED')] }
        : null;
    case 'RETURNED':
    case 'UNCLAIMED':
      if (status === 'PAID') {
        return { status: outcome, postings: [back('paid_out', 'PAYOUT_RETURNED', 'PAYOUT_PAID')] };
      }
      if (status === 'SENT') {
        return { status: outcome, postings: [back('payout_sent', 'PAYOUT_RETURNED', 'PAYOUT_RESERVED')] };
      }
      return { status: outcome, postings: [sent, back('payout_sent', 'PAYOUT_RETURNED', 'PAYOUT_RESERVED')] };
  }
}

/** An operator's cancel of a payout not sent yet: back to available, undoing the reservation. */
export function cancelTransition(status: PayoutStatus, amount: number): PayoutTransition | null {
  if (status !== 'RESERVED') return null;
  return {
    status: 'CANCELLED',
    postings: [
      {
        kind: 'PAYOUT_CANCELLED',
        moves: { payout_reserved: -amount, available: amount },
        reverses: 'PAYOUT_RESERVED',
      },
    ],
  };
}
