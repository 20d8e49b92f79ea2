import { continueAsNew, patched, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { WebhookDispatchInput } from '../shared/types/webhooks';
import { runBatchesUntilContinueAsNew } from './batch-loop';

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
 */
export async function webhookDispatcherWorkflow(
  input: WebhookDispatchInput & { intervalMs: number },
): Promise<void> {
  await runBatchesUntilContinueAsNew({
    batch: () => dispatchWebhookEvents(input),
    // While events keep coming, the next batch follows at once (a batch that waited for the interval
    // added up to half of it to every event's latency); the interval is only for an empty outbox.
    // `patched` keeps histories written by the earlier rule (a full batch only) replaying as they ran.
    full: (result) =>
      result.failed === 0 &&
      (patched('webhook-dispatch-while-found') ? result.found > 0 : result.found >= input.batchSize),
    intervalMs: input.intervalMs,
    maxRounds: 500,
  });
  await continueAsNew<typeof webhookDispatcherWorkflow>(input);
}
