import { log, proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { WebhookDeliveryInput, WebhookDeliveryResult } from '../shared/types/webhooks';

const { attemptWebhookDelivery } = proxyActivities<Activities>({
  // One attempt is a 15 s HTTP exchange plus a few queries; a retry of the activity itself happens only
  // when it could not record its attempt (database trouble), never for an HTTP failure.
  startToCloseTimeout: '1 minute',
  // The activity heartbeats every 2 s: a worker killed mid-attempt is noticed within seconds.
  heartbeatTimeout: '10 seconds',
  // About an hour of database trouble (or a worker without SECRET_KEY) before the delivery fails.
  retry: { initialInterval: '1 second', maximumInterval: '5 minutes', maximumAttempts: 20 },
});

/**
 * Delivers one outbox event to one endpoint: an attempt per entry of `scheduleMs`, each after
 * its delay on a durable timer, so every attempt is an activity of its own in the history and a row of
 * the attempt log. Ends at the first 2xx (SUCCEEDED), a 410 (GONE: the activity disabled the endpoint),
 * a disabled or deleted endpoint (SKIPPED, nothing sent), or after the last failed attempt (ABANDONED).
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const attempts = input.scheduleMs.length;
  for (let i = (input.firstAttempt ?? 1) - 1; i < attempts; i += 1) {
    const delay = input.scheduleMs[i]!;
    if (delay > 0) await sleep(delay);
    const result = await attemptWebhookDelivery({
      tenantId: input.tenantId,
      endpointId: input.endpointId,
      eventId: input.eventId,
      attempt: i + 1,
      last: i === attempts - 1,
    });
    if (result.outcome !== 'FAILED') return { outcome: result.outcome, attempts: i + 1 };
    log.info('webhook attempt failed', { attempt: i + 1, statusCode: result.statusCode });
  }
  return { outcome: 'ABANDONED', attempts };
}
