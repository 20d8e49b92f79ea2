import { webhookDeliveryWorkflow } from '../../workflows/webhook-delivery.workflow';
import { webhookEndpointDisabledWorkflow } from '../../workflows/webhook-endpoint-disabled.workflow';
import type { Metrics } from '../metrics';
import type { WebhookDeliveryInput, WebhookEndpointDisabledInput } from '../types/webhooks';
import type { TemporalDeps } from './client';
import { startWorkflowOnce } from './start-workflow';
import { workflowIds } from './workflow-ids';

/**
 * The task queue of outbound webhook work (the dispatcher, delivery workflows and their attempts): a
 * queue of its own beside the main one, polled by a worker of its own in the same process, so that a
 * merchant's failing receiver (thousands of retries) never takes the slots referral lifecycles need.
 */
export function webhookTaskQueue(taskQueue: string): string {
  return `${taskQueue}-webhooks`;
}

/**
 * Starts the delivery of one event to one endpoint, `webhook-delivery:{endpointId}:{eventId}` (plus
 * `:replay-{id}` for a replay or a test). Already started (running or closed) is fine: nothing is
 * delivered twice by the dispatcher's own retries.
 */
export async function startWebhookDelivery(
  temporal: TemporalDeps,
  metrics: Metrics,
  input: WebhookDeliveryInput,
  replay?: string,
): Promise<{ started: boolean; workflowId: string }> {
  const workflowId = workflowIds.webhookDelivery(input.endpointId, input.eventId, replay);
  const { started } = await startWorkflowOnce(temporal, metrics, {
    workflow: webhookDeliveryWorkflow,
    workflowId,
    args: [input],
    tenantAlias: input.tenantAlias,
    entityId: input.endpointId,
    kind: 'webhook',
    summary: `Webhook ${input.eventId} to endpoint ${input.endpointId}${replay ? ' (replay)' : ''}`,
    taskQueue: webhookTaskQueue(temporal.taskQueue),
  });
  return { started, workflowId };
}

/**
 * Records in Temporal's UI that an endpoint was disabled and why: a `webhook` workflow of the tenant and
 * the endpoint that completes at once (workflows/webhook-endpoint-disabled.workflow.ts).
 */
export async function noteWebhookEndpointDisabled(
  temporal: TemporalDeps,
  metrics: Metrics,
  input: WebhookEndpointDisabledInput,
): Promise<void> {
  await startWorkflowOnce(temporal, metrics, {
    workflow: webhookEndpointDisabledWorkflow,
    workflowId: workflowIds.webhookEndpointDisabled(input.endpointId, input.disabledAt),
    args: [input],
    tenantAlias: input.tenantAlias,
    entityId: input.endpointId,
    kind: 'webhook',
    summary: `Webhook endpoint ${input.endpointId} disabled: ${input.reason}`,
    taskQueue: webhookTaskQueue(temporal.taskQueue),
  });
}
