import { continueAsNew, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { ReconcilerInput } from '../shared/types/referrals';

const { nudgeStaleReferrals } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

const ROUNDS_PER_RUN = 200;

/**
 * The safety net behind "state is written first and the workflow follows": one long-lived execution per
 * task queue that finds referral changes no lifecycle workflow applied (lifecycle_pending_since older
 * than the grace period) and re-delivers them, a batch at a time, sleeping when there is nothing to do.
 */
export async function referralReconcilerWorkflow(input: ReconcilerInput): Promise<void> {
  for (let round = 0; round < ROUNDS_PER_RUN; round += 1) {
    const result = await nudgeStaleReferrals({
      graceMs: input.graceMs,
      batchSize: input.batchSize,
      concurrency: input.concurrency,
    });
    if (result.found < input.batchSize || result.failed > 0) await sleep(input.intervalMs);
    if (workflowInfo().continueAsNewSuggested) break;
  }
  await continueAsNew<typeof referralReconcilerWorkflow>(input);
}
