import { openWebhookSigningSecrets } from '../domain/webhook-endpoints';
import { createWebhookEndpointsRepo } from '../repos/webhook-endpoints.repo';
import { createWebhookEventsRepo } from '../repos/webhook-events.repo';
import type { WebhookAttemptInput, WebhookAttemptResult } from '../types/webhooks';
import {
  recordWebhookAttempts,
  sendWebhookAttempt,
  vetEndpointUrl,
  type WebhookSendDeps,
} from './webhook-send';

export type WebhookAttemptDeps = WebhookSendDeps;

/**
 * One delivery attempt of an event to an endpoint (called by the delivery workflow's activity): checks
 * that the endpoint is enabled and the event still exists (SKIPPED otherwise, nothing sent), vets the
 * URL again (SSRF guard, pinned addresses), signs with every current secret, POSTs the payload's JSON
 * text, and records the attempt. A 410 disables the endpoint; so do three days of failures.
 */
export async function attemptWebhookDelivery(
  deps: WebhookAttemptDeps,
  input: WebhookAttemptInput,
): Promise<WebhookAttemptResult> {
  const endpoint = await createWebhookEndpointsRepo(deps.db).find(input.tenantId, input.endpointId);
  if (!endpoint || endpoint.disabled_at !== null) return { outcome: 'SKIPPED', statusCode: null };
  const event = await createWebhookEventsRepo(deps.db).find(input.tenantId, input.eventId);
  if (!event) return { outcome: 'SKIPPED', statusCode: null };
  const secrets = openWebhookSigningSecrets(deps, endpoint);
  const url = await vetEndpointUrl(deps, endpoint.url);
  const attempt = await sendWebhookAttempt(deps, { url, secrets }, event, {
    tenantId: input.tenantId,
    endpointId: input.endpointId,
    number: input.attempt,
    last: input.last,
  });
  await recordWebhookAttempts(deps, [attempt], new Map([[endpoint.id, endpoint]]));
  return { outcome: attempt.outcome, statusCode: attempt.status_code };
}
