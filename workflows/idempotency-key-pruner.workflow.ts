import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { IdempotencyKeyPrunerInput } from '../shared/types/system';
import { followConfiguration, runBatchesUntilContinueAsNew } from './batch-loop';
import { configureIdempotencyKeyPruner } from './system-workflows.messages';

const { pruneIdempotencyKeys } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * Housekeeping for user-event idempotency keys: one long-lived execution per task queue deletes keys past
 * their window in small batches that skip rows in use, and sleeps when a batch comes back short. Expired
 * keys are already treated as new by ingestion, so this only bounds the table's size. A `configure`
 * signal (every worker start) replaces its input from the next round.
 */
export async function idempotencyKeyPrunerWorkflow(input: IdempotencyKeyPrunerInput): Promise<void> {
  const next = await runBatchesUntilContinueAsNew({
    configuration: followConfiguration(configureIdempotencyKeyPruner, input),
    batch: (current) =>
      pruneIdempotencyKeys({ olderThanMs: current.olderThanMs, batchSize: current.batchSize }),
    full: (deleted, current) => deleted >= current.batchSize,
    maxRounds: 500,
  });
  await continueAsNew<typeof idempotencyKeyPrunerWorkflow>(next);
}
