import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { ReconcilerInput } from '../shared/types/referrals';
import { followConfiguration, runBatchesUntilContinueAsNew } from './batch-loop';
import { configureReconciler } from './system-workflows.messages';

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
 * A `configure` signal (every worker start) replaces its input from the next round.
 */
export async function referralReconcilerWorkflow(input: ReconcilerInput): Promise<void> {
  const next = await runBatchesUntilContinueAsNew({
    configuration: followConfiguration(configureReconciler, input),
    batch: (current) =>
      nudgeStaleReferrals({
        graceMs: current.graceMs,
        batchSize: current.batchSize,
        concurrency: current.concurrency,
      }),
    full: (result, current) => result.found >= current.batchSize && result.failed === 0,
    maxRounds: 200,
  });
  await continueAsNew<typeof referralReconcilerWorkflow>(next);
}
