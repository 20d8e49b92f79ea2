import type { Db } from '../shared/db/knex';
import { closeReservation, reservePayoutPage } from '../shared/domain/payouts/payout-runs';
import { markRunSending, payoutRunDecision } from '../shared/domain/payouts/payout-decisions';
import type { PayoutDeps } from '../shared/domain/payouts/payout-deps';
import { finishPayoutRun, pollPayoutRun, sendPayoutBatch } from '../shared/domain/payouts/payout-sending';
import type { PayoutRunRef } from '../shared/types/payouts';

export interface PayoutActivityDeps {
  db: Db;
  payouts: PayoutDeps;
}

/** The payout run's steps (workflows/payout-run.workflow.ts): each one a domain operation, idempotent. */
export function createPayoutActivities(deps: PayoutActivityDeps) {
  return {
    reservePayoutPage: (input: { ref: PayoutRunRef; after: string }) =>
      reservePayoutPage(deps.db, input.ref, input.after),
    closePayoutReservation: (ref: PayoutRunRef) => closeReservation(deps.db, ref),
    payoutRunDecision: (ref: PayoutRunRef) => payoutRunDecision(deps.db, ref),
    markPayoutRunSending: (ref: PayoutRunRef) => markRunSending(deps.db, ref),
    sendPayoutBatch: (input: { ref: PayoutRunRef; batchNo: number }) =>
      sendPayoutBatch(deps.payouts, input.ref, input.batchNo),
    pollPayoutRun: (ref: PayoutRunRef) => pollPayoutRun(deps.payouts, ref),
    finishPayoutRun: (ref: PayoutRunRef) => finishPayoutRun(deps.db, ref),
  };
}
