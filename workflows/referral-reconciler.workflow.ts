import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { ReconcilerInput } from '../shared/types/referrals';
import { runBatchesUntilContinueAsNew } from './batch-loop';

const { nudgeStaleReferrals } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  // The activity heartbeats every 2 s: an attempt lost while the Temporal server restarted is retried
  // within seconds, not when its 2 minutes are up (test/faults/temporal-restart.test.ts).
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * The safety net behind "state is written first and the workflow follows": one long-lived execution per
 * task queue that finds referral changes no lifecycle workflow applied (lifecycle_pending_since older
 * than the grace period) and re-delivers them, a batch at a time, sleeping when there is nothing to do.
 */
export async function referralReconcilerWorkflow(input: ReconcilerInput): Promise<void> {
  await runBatchesUntilContinueAsNew({
    batch: () =>
      nudgeStaleReferrals({
        graceMs: input.graceMs,
        batchSize: input.batchSize,
        concurrency: input.concurrency,
      }),
    full: (result) => result.found >= input.batchSize && result.failed === 0,
    intervalMs: input.intervalMs,
    maxRounds: 200,
  });
  await continueAsNew<typeof referralReconcilerWorkflow>(input);
}
