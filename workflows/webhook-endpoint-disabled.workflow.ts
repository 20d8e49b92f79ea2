import { log } from '@temporalio/workflow';
import type { WebhookEndpointDisabledInput } from '../shared/types/webhooks';

/**
 * The operators' record of an outbound webhook endpoint being disabled (a 410, or three days of
 * failures): it does nothing but stand in Temporal's UI as a `webhook` entry of the tenant and the
 * endpoint (search attributes TenantAlias, EntityId, WorkflowKind), its summary and result saying why.
 */
export async function webhookEndpointDisabledWorkflow(
  input: WebhookEndpointDisabledInput,
): Promise<WebhookEndpointDisabledInput> {
  log.warn('webhook endpoint disabled', { endpointId: input.endpointId, reason: input.reason });
  return input;
}
