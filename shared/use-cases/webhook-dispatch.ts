import type { WebhookEndpointHealth } from '../domain/webhooks/webhook-endpoint-health';
import { endpointWants } from '../domain/webhooks/webhook-endpoints';
import type { WebhookEventType } from '../domain/webhooks/webhook-event-types';
import { mapLimited } from '../net/each-limited';
import { createWebhookDeliveriesRepo } from '../repos/webhook-deliveries.repo';
import { createWebhookEndpointsRepo } from '../repos/webhook-endpoints.repo';
import { createWebhookEventsRepo } from '../repos/webhook-events.repo';
import { startWebhookDelivery } from '../temporal/webhook-delivery';
import type { WebhookDispatchInput, WebhookDispatchResult } from '../types/webhooks';
import type { WorkflowMessaging } from './use-case-deps';
import { makeInlineFirstAttempts, type WebhookPair } from './webhook-inline-attempts';
import { recordWebhookAttempts, startWebhookAttempts, type WebhookSendDeps } from './webhook-send';

export type WebhookDispatchDeps = WebhookSendDeps &
  WorkflowMessaging & {
    /** Which endpoints get inline first attempts (one per worker, kept across batches). */
    health: WebhookEndpointHealth;
  };

/** A pair handed to its own delivery workflow, from this attempt on. */
interface Handover extends WebhookPair {
  firstAttempt: number;
}

/**
 * The outbox dispatcher's batch. Takes the oldest undispatched events; for each, the tenant's
 * enabled endpoints that want its type (resolved now). The first attempt to a healthy endpoint is made
 * here, batched (`makeInlineFirstAttempts`): all logged as started (UNKNOWN) in one INSERT before any is
 * sent, and completed as they finish (one UPDATE every 50 ms or 50 attempts); a delivery workflow
 * `webhook-delivery:{endpoint}:{event}` is started only for what is not over: a failed first attempt
 * (it retries from attempt 2 on the schedule) and every pair of an endpoint that was failing or slow
 * (from attempt 1). Then `dispatched_at`. A round that takes an event again (a start failed, or the
 * batch died half way) skips the pairs the log shows over, and a start of a workflow that already
 * started is answered "already started"; only a pair whose attempt is UNKNOWN (in flight at the crash,
 * the receiver may have it) is sent again, with the same webhook-id, as its next attempt.
 */
export async function dispatchWebhookEvents(
  deps: WebhookDispatchDeps,
  input: WebhookDispatchInput,
): Promise<WebhookDispatchResult> {
  const events = createWebhookEventsRepo(deps.db);
  const rows = await events.listUndispatched(input.batchSize);
  const endpoints = await createWebhookEndpointsRepo(deps.db).listEnabled([
    ...new Set(rows.map((r) => r.tenant_id)),
  ]);
  const states = await createWebhookDeliveriesRepo(deps.db).pairStates(rows);
  const now = (deps.now ?? Date.now)();
  const inlineAllowed = (input.inlineConcurrency ?? 0) > 0;

  const inline: WebhookPair[] = [];
  const handovers: Handover[] = [];
  for (const event of rows) {
    for (const endpoint of endpoints) {
      if (endpoint.tenant_id !== event.tenant_id) continue;
      if (!endpointWants(endpoint, event.type as WebhookEventType)) continue;
      const logged = states.get(`${event.id}|${endpoint.id}`);
      if (logged?.state === 'FINAL') continue;
      if (logged?.state === 'RETRYING') {
        handovers.push({ event, endpoint, firstAttempt: 2 });
        continue;
      }
      // In flight when its batch died (UNKNOWN): sent again, same webhook-id, as the next attempt.
      const attempt = logged ? Math.min(logged.attempts + 1, input.scheduleMs.length) : 1;
      if (inlineAllowed && deps.health.inline(endpoint.id, now)) inline.push({ event, endpoint, attempt });
      else handovers.push({ event, endpoint, firstAttempt: attempt });
    }
  }

  const endpointsById = new Map(endpoints.map((e) => [e.id, e]));
  const attempts = await makeInlineFirstAttempts(deps, inline, {
    concurrency: input.inlineConcurrency ?? 0,
    scheduleLength: input.scheduleMs.length,
    start: (pending) => startWebhookAttempts(deps, pending),
    record: (done) => recordWebhookAttempts(deps, done, endpointsById),
  });
  attempts.forEach((attempt, i) => {
    if (attempt.outcome === 'FAILED') handovers.push({ ...inline[i]!, firstAttempt: attempt.attempt + 1 });
  });

  const startFailed = new Set<string>();
  let started = 0;
  await mapLimited(handovers, input.concurrency, async (h) => {
    try {
      await startDelivery(deps, h, input.scheduleMs);
      started += 1;
    } catch {
      startFailed.add(h.event.id);
    }
  });
  await events.markDispatched(rows.filter((r) => !startFailed.has(r.id)).map((r) => r.id));
  deps.metrics.webhookBacklogAge.set(await events.backlogAgeSeconds());
  return {
    found: rows.length,
    delivered: attempts.filter((a) => a.outcome === 'SUCCEEDED' || a.outcome === 'GONE').length,
    started,
    failed: startFailed.size,
  };
}

function startDelivery(deps: WorkflowMessaging, h: Handover, scheduleMs: number[]) {
  return startWebhookDelivery(deps.temporal, deps.metrics, {
    tenantId: h.event.tenant_id,
    tenantAlias: h.event.tenant_alias,
    endpointId: h.endpoint.id,
    eventId: h.event.id,
    scheduleMs,
    ...(h.firstAttempt > 1 ? { firstAttempt: h.firstAttempt } : {}),
  });
}
