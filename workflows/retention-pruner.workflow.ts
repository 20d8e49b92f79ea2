import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { RetentionPrunerInput } from '../shared/types/system';
import { runBatchesUntilContinueAsNew } from './batch-loop';

const { pruneExpiredData } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * Housekeeping for data kept only for a while (shared/use-cases/data-retention.ts): one long-lived
 * execution per task queue deletes a batch of each kind per round, and sleeps when a round comes back
 * short.
 */
export async function retentionPrunerWorkflow(input: RetentionPrunerInput): Promise<void> {
  const { intervalMs, ...batch } = input;
  await runBatchesUntilContinueAsNew({
    batch: () => pruneExpiredData(batch),
    full: (deleted) => deleted >= input.batchSize,
    intervalMs,
    maxRounds: 500,
  });
  await continueAsNew<typeof retentionPrunerWorkflow>(input);
}
