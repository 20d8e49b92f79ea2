import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { RetentionPrunerInput } from '../shared/types/system';
import { followConfiguration, runBatchesUntilContinueAsNew } from './batch-loop';
import { configureRetentionPruner } from './system-workflows.messages';

const { pruneExpiredData } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * Housekeeping for data kept only for a while (shared/use-cases/data-retention.ts): one long-lived
 * execution per task queue deletes a batch of each kind per round, and sleeps when a round comes back
 * short. A `configure` signal (every worker start: a new WEBHOOK_RETENTION_DAYS, say) replaces its input
 * from the next round.
 */
export async function retentionPrunerWorkflow(input: RetentionPrunerInput): Promise<void> {
  const next = await runBatchesUntilContinueAsNew({
    configuration: followConfiguration(configureRetentionPruner, input),
    batch: (current) =>
      pruneExpiredData({
        webhookEventsOlderThanMs: current.webhookEventsOlderThanMs,
        userClientsOlderThanMs: current.userClientsOlderThanMs,
        batchSize: current.batchSize,
      }),
    full: (deleted, current) => deleted >= current.batchSize,
    maxRounds: 500,
  });
  await continueAsNew<typeof retentionPrunerWorkflow>(next);
}
