import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { IdempotencyKeyPrunerInput } from '../shared/types/system';
import { runBatchesUntilContinueAsNew } from './batch-loop';

const { pruneIdempotencyKeys } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * Housekeeping for user-event idempotency keys: one long-lived execution per task queue deletes keys past
 * their window in small batches that skip rows in use, and sleeps when a batch comes back short. Expired
 * keys are already treated as new by ingestion, so this only bounds the table's size.
 */
export async function idempotencyKeyPrunerWorkflow(input: IdempotencyKeyPrunerInput): Promise<void> {
  await runBatchesUntilContinueAsNew({
    batch: () => pruneIdempotencyKeys({ olderThanMs: input.olderThanMs, batchSize: input.batchSize }),
    full: (deleted) => deleted >= input.batchSize,
    intervalMs: input.intervalMs,
    maxRounds: 500,
  });
  await continueAsNew<typeof idempotencyKeyPrunerWorkflow>(input);
}
