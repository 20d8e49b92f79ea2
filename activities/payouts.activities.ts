import type { Db } from '../shared/db/knex';
import { closeReservation, reservePayoutPage } from '../shared/domain/payouts/payout-runs';
import { markRunSending, payoutRunDecision } from '../shared/domain/payouts/payout-decisions';
import type { PayoutDeps } from '../shared/domain/payouts/payout-deps';
import { finishPayoutRun, pollPayoutRun, sendPayoutBatch } from '../shared/domain/payouts/payout-sending';
import type { PayoutRunRef } from '../shared/types/payouts';
import type { Metrics } from '../shared/metrics';
import type { TemporalDeps } from '../shared/temporal/client';
import { startScheduledPayoutRuns } from '../shared/use-cases/payouts';
import { heartbeating } from './heartbeating';

export interface PayoutActivityDeps {
  db: Db;
  payouts: PayoutDeps;
  temporal: TemporalDeps;
  metrics: Metrics;
  /** PAYOUT_POLL_INTERVAL_MS and PAYOUT_HEARTBEAT_TIMEOUT_MS: the timing of the runs the scheduler starts. */
  payoutTiming: { pollIntervalMs: number; heartbeatTimeoutMs: number };
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
      heartbeating(() => sendPayoutBatch(deps.payouts, input.ref, input.batchNo)),
    pollPayoutRun: (ref: PayoutRunRef) => heartbeating(() => pollPayoutRun(deps.payouts, ref)),
    finishPayoutRun: (ref: PayoutRunRef) => finishPayoutRun(deps.db, ref),
    startScheduledPayoutRuns: () =>
      startScheduledPayoutRuns(
        { db: deps.db, temporal: deps.temporal, metrics: deps.metrics, ...deps.payoutTiming },
        new Date(),
      ),
  };
}
