import { AnswerFaults } from '../payout-common/answer-faults';
import { PaymentLedger } from '../payout-common/payment-ledger';

/*
 * What the Stripe front keeps for Connect payouts besides the objects themselves (connected accounts,
 * account links, transfers and their reversals live in the platform account's objects): the transfers
 * made per idempotency key (paid exactly once?), the answer faults a test armed for the next transfers
 * that pay, and the refusals it queued for the next transfers.
 */

export interface TransferRefusal {
  /** Refuse only a transfer to this account (any when unset). */
  destination?: string;
  message: string;
  code: string;
}

export class ConnectState {
  /** Transfers made, by the request's Idempotency-Key (the transfer id when none was given). */
  readonly ledger = new PaymentLedger();
  readonly faults = new AnswerFaults();
  readonly refusals: TransferRefusal[] = [];

  /** The refusal queued for a transfer to this destination, taken off the queue. */
  takeRefusal(destination: string): TransferRefusal | null {
    const index = this.refusals.findIndex((r) => !r.destination || r.destination === destination);
    return index < 0 ? null : this.refusals.splice(index, 1)[0]!;
  }

  reset() {
    this.ledger.reset();
    this.faults.release();
    this.refusals.length = 0;
  }
}
