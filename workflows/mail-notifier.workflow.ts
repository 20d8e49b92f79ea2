import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { MailNotifierInput } from '../shared/types/notifications';
import { followConfiguration, runBatchesUntilContinueAsNew } from './batch-loop';
import { configureMailNotifier } from './system-workflows.messages';

const { runMailNotifier } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * E-mail notifications, one execution per task queue: each round takes a batch of the notification
 * outbox and starts a delivery workflow per message, and now and then scans for credit about to expire
 * and operators' digests (shared/use-cases/notification-notifier.ts). A full batch is followed at once.
 */
export async function mailNotifierWorkflow(input: MailNotifierInput): Promise<void> {
  const next = await runBatchesUntilContinueAsNew({
    configuration: followConfiguration(configureMailNotifier, input),
    batch: (current) => runMailNotifier(current),
    full: (result, current) => result.events >= current.batchSize,
    maxRounds: 300,
  });
  await continueAsNew<typeof mailNotifierWorkflow>(next);
}
