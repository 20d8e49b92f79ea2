import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { PayoutSchedulerInput } from '../shared/types/payouts';
import { followConfiguration, runBatchesUntilContinueAsNew } from './batch-loop';
import { configurePayoutScheduler } from './system-workflows.messages';

const { startScheduledPayoutRuns } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * Weekly and monthly payout runs: one long-lived execution per task queue asks, every interval, for the
 * run of each scheduled program's current week or month (shared/domain/payouts/payout-schedule.ts); the
 * period is the run's idempotency key, so a program gets one run per period however often it asks.
 */
export async function payoutSchedulerWorkflow(input: PayoutSchedulerInput): Promise<void> {
  const next = await runBatchesUntilContinueAsNew({
    configuration: followConfiguration(configurePayoutScheduler, input),
    batch: () => startScheduledPayoutRuns({}),
    full: () => false,
    maxRounds: 200,
  });
  await continueAsNew<typeof payoutSchedulerWorkflow>(next);
}
