import { continueAsNew, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { IdempotencyKeyPrunerInput } from '../shared/types/system';

const { pruneIdempotencyKeys } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

const ROUNDS_PER_RUN = 500;

/**
 * Housekeeping for user-event idempotency keys: one long-lived execution per task queue deletes keys past
 * their window in small batches that skip rows in use, and sleeps when a batch comes back short. Expired
 * keys are already treated as new by ingestion, so this only bounds the table's size.
 */
export async function idempotencyKeyPrunerWorkflow(input: IdempotencyKeyPrunerInput): Promise<void> {
  for (let round = 0; round < ROUNDS_PER_RUN; round += 1) {
    const deleted = await pruneIdempotencyKeys({
      olderThanMs: input.olderThanMs,
      batchSize: input.batchSize,
    });
    if (deleted < input.batchSize) await sleep(input.intervalMs);
    if (workflowInfo().continueAsNewSuggested) break;
  }
  await continueAsNew<typeof idempotencyKeyPrunerWorkflow>(input);
}
