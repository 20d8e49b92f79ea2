import { openWebhookSigningSecrets } from '../domain/webhooks/webhook-endpoints';
import { createWebhookEndpointsRepo } from '../repos/webhook-endpoints.repo';
import { createWebhookEventsRepo } from '../repos/webhook-events.repo';
import type { WebhookAttemptInput, WebhookAttemptResult } from '../types/webhooks';
import {
  recordWebhookAttempts,
  sendWebhookAttempt,
  startedAttempt,
  startWebhookAttempts,
  vetEndpointUrl,
  type WebhookSendDeps,
} from './webhook-send';

export type WebhookAttemptDeps = WebhookSendDeps;

/**
 * One delivery attempt of an event to an endpoint (called by the delivery workflow's activity): checks
 * that the endpoint is enabled and the event still exists (SKIPPED otherwise, nothing sent), vets the
 * URL again (SSRF guard, pinned addresses), signs with every current secret, logs the attempt as started,
 * POSTs the payload's JSON text, and completes the attempt's row. A 410 disables the endpoint; so do three days of failures.
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
  const meta = {
    tenantId: input.tenantId,
    endpointId: input.endpointId,
    number: input.attempt,
    last: input.last,
  };
  // Logged as started first: a worker killed mid-request leaves an UNKNOWN row, not nothing.
  const [id] = await startWebhookAttempts(deps, [startedAttempt(event, meta, (deps.now ?? Date.now)())]);
  const attempt = await sendWebhookAttempt(deps, { url, secrets }, event, meta);
  await recordWebhookAttempts(deps, [{ ...attempt, id }], new Map([[endpoint.id, endpoint]]));
  return { outcome: attempt.outcome, statusCode: attempt.status_code };
}
