import { continueAsNew, patched, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { WebhookDispatchInput } from '../shared/types/webhooks';
import { followConfiguration, runBatchesUntilContinueAsNew } from './batch-loop';
import { configureWebhookDispatcher } from './system-workflows.messages';

const { dispatchWebhookEvents } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  // The activity heartbeats every 2 s: a worker killed mid-batch is noticed within seconds.
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * The outbound webhook dispatcher, one execution per task queue: takes outbox events oldest first, a
 * batch at a time (first attempts inline, a delivery workflow per (endpoint, event) still to deliver;
 * shared/use-cases/webhook-dispatch.ts); polls every `intervalMs` when the outbox is empty.
 *
 * A `configure` signal (every worker start) replaces its input from the next round: deliveries started
 * after it get the new retry schedule, while those already started keep the one in their own input.
 */
export async function webhookDispatcherWorkflow(
  input: WebhookDispatchInput & { intervalMs: number },
): Promise<void> {
  const next = await runBatchesUntilContinueAsNew({
    configuration: followConfiguration(configureWebhookDispatcher, input),
    batch: (current) => dispatchWebhookEvents(current),
    // While events keep coming, the next batch follows at once (a batch that waited for the interval
    // added up to half of it to every event's latency); the interval is only for an empty outbox.
    // `patched` keeps histories written by the earlier rule (a full batch only) replaying as they ran.
    full: (result, current) =>
      result.failed === 0 &&
      (patched('webhook-dispatch-while-found') ? result.found > 0 : result.found >= current.batchSize),
    maxRounds: 500,
  });
  await continueAsNew<typeof webhookDispatcherWorkflow>(next);
}
