import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import { parseWebhookSchedule } from '../domain/webhooks/webhook-delivery';
import { endpointWants } from '../domain/webhooks/webhook-endpoints';
import type { WebhookEventType } from '../domain/webhooks/webhook-event-types';
import { recordTestWebhookEvent, WEBHOOK_TEST_EVENT_TYPE } from '../domain/webhooks/webhook-events';
import { AppError } from '../errors';
import { createWebhookEndpointsRepo, type WebhookEndpointRow } from '../repos/webhook-endpoints.repo';
import { createWebhookEventsRepo, type WebhookEventRow } from '../repos/webhook-events.repo';
import { startWebhookDelivery } from '../temporal/webhook-delivery';
import { parseInput } from '../validation';
import type { TenantRef, WorkflowMessaging } from './use-case-deps';

export interface WebhookReplayDeps extends WorkflowMessaging {
  db: Db;
  config: Pick<Config, 'WEBHOOK_RETRY_SCHEDULE_MS'>;
  now?: () => number;
}

/** At most this many events are replayed by one replayFailedWebhookEvents call. */
export const MAX_REPLAYED_EVENTS = 1000;

const endpointIdSchema = z.uuid('must be a webhook endpoint id (a UUID)');
const eventIdSchema = z.uuid('must be a webhook event id (a UUID)');
const replayOneSchema = z.object({ eventId: eventIdSchema, endpointId: endpointIdSchema.nullish() });
const replayFailedSchema = z.object({
  endpointId: endpointIdSchema,
  since: z.number().int('must be milliseconds since the epoch').min(0).max(8.64e15),
});

async function enabledEndpoint(db: Db, tenantId: string, endpointId: string): Promise<WebhookEndpointRow> {
  const endpoint = await createWebhookEndpointsRepo(db).find(tenantId, endpointId);
  if (!endpoint) throw new AppError('NOT_FOUND', 'No such webhook endpoint');
  if (endpoint.disabled_at !== null) {
    throw new AppError('CONFLICT', 'The webhook endpoint is disabled; enable it first', {
      fields: { reason: 'WEBHOOK_ENDPOINT_DISABLED' },
    });
  }
  return endpoint;
}

function start(
  deps: WebhookReplayDeps,
  tenant: TenantRef,
  endpointId: string,
  eventId: string,
  replay?: string,
) {
  return startWebhookDelivery(
    deps.temporal,
    deps.metrics,
    {
      tenantId: tenant.id,
      tenantAlias: tenant.alias,
      endpointId,
      eventId,
      scheduleMs: parseWebhookSchedule(deps.config.WEBHOOK_RETRY_SCHEDULE_MS),
    },
    replay,
  );
}

/** Whom a replay without an endpoint goes to: a test event's own endpoint, else those that want it. */
function replayTargets(event: WebhookEventRow, endpoints: WebhookEndpointRow[]): WebhookEndpointRow[] {
  const enabled = endpoints.filter((e) => e.disabled_at === null);
  if (event.type === WEBHOOK_TEST_EVENT_TYPE) {
    const data = (event.payload as { data?: { endpointId?: unknown } }).data;
    return enabled.filter((e) => e.id === data?.endpointId);
  }
  return enabled.filter((e) => endpointWants(e, event.type as WebhookEventType));
}

/**
 * Delivers an event again, as a new delivery workflow with the same payload and `webhook-id` (receivers
 * dedupe on it): to one endpoint, or to every enabled endpoint that wants its type now.
 */
export async function replayWebhookEvent(
  deps: WebhookReplayDeps,
  tenant: TenantRef,
  rawArgs: unknown,
): Promise<{ eventId: string; endpointIds: string[] }> {
  const args = parseInput(replayOneSchema, rawArgs);
  const event = await createWebhookEventsRepo(deps.db).find(tenant.id, args.eventId);
  if (!event) throw new AppError('NOT_FOUND', 'No such webhook event');
  const targets = args.endpointId
    ? [await enabledEndpoint(deps.db, tenant.id, args.endpointId)]
    : replayTargets(event, await createWebhookEndpointsRepo(deps.db).list(tenant.id));
  for (const endpoint of targets) await start(deps, tenant, endpoint.id, event.id, uuidv7());
  return { eventId: event.id, endpointIds: targets.map((e) => e.id) };
}

/**
 * Replays to one endpoint every event since `since` (ms) that it wants and did not receive: no 2xx,
 * and no retry still pending. At most MAX_REPLAYED_EVENTS, oldest first.
 */
export async function replayFailedWebhookEvents(
  deps: WebhookReplayDeps,
  tenant: TenantRef,
  rawArgs: unknown,
): Promise<{ endpointId: string; eventIds: string[] }> {
  const args = parseInput(replayFailedSchema, rawArgs);
  const endpoint = await enabledEndpoint(deps.db, tenant.id, args.endpointId);
  const since = new Date(Math.max(args.since, endpoint.created_at.getTime()));
  const candidates = await createWebhookEventsRepo(deps.db).listUndelivered(
    tenant.id,
    endpoint.id,
    since,
    MAX_REPLAYED_EVENTS,
  );
  const events = candidates.filter((e) =>
    e.type === WEBHOOK_TEST_EVENT_TYPE ? false : endpointWants(endpoint, e.type as WebhookEventType),
  );
  for (const event of events) await start(deps, tenant, endpoint.id, event.id, uuidv7());
  return { endpointId: endpoint.id, eventIds: events.map((e) => e.id) };
}

/**
 * Sends a `webhook.test` event to one enabled endpoint (and no other): stored first, then delivered by
 * its own workflow with the usual signing, retries and attempt log.
 */
export async function sendTestWebhook(
  deps: WebhookReplayDeps,
  tenant: TenantRef,
  rawEndpointId: unknown,
): Promise<{ eventId: string; endpointId: string }> {
  const endpointId = parseInput(z.object({ endpointId: endpointIdSchema }), {
    endpointId: rawEndpointId,
  }).endpointId;
  await enabledEndpoint(deps.db, tenant.id, endpointId);
  const payload = await recordTestWebhookEvent(deps.db, tenant.id, endpointId, deps.now?.());
  await start(deps, tenant, endpointId, payload.id);
  return { eventId: payload.id, endpointId };
}
