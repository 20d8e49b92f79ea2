import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { DispatchInput } from '../shared/types/processors';
import { followConfiguration, runBatchesUntilContinueAsNew } from './batch-loop';
import { configureNotificationDispatcher } from './system-workflows.messages';

const { dispatchStoredNotifications } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  // The activity heartbeats every 2 s: an attempt lost while the Temporal server restarted is retried
  // within seconds, not when its 2 minutes are up (test/faults/temporal-restart.test.ts).
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * The safety net behind "acknowledge once stored": one execution per task queue that starts the
 * workflows of stored notifications no gateway handed over (a crash between commit and start, or
 * Temporal down at that moment), a batch at a time. A `configure` signal (every worker start) replaces
 * its input from the next round.
 */
export async function notificationDispatcherWorkflow(
  input: DispatchInput & { intervalMs: number },
): Promise<void> {
  const next = await runBatchesUntilContinueAsNew({
    configuration: followConfiguration(configureNotificationDispatcher, input),
    batch: (current) => dispatchStoredNotifications(current),
    full: (result, current) => result.found >= current.batchSize && result.failed === 0,
    maxRounds: 200,
  });
  await continueAsNew<typeof notificationDispatcherWorkflow>(next);
}
