import { v7 as uuidv7 } from 'uuid';
import type { DbOrTrx } from '../../db/knex';
import { createWebhookEventsRepo } from '../../repos/webhook-events.repo';
import type { WebhookEventType } from './webhook-event-types';

/**
 * Writing outbound webhook events into the outbox. A state change calls recordWebhookEvent
 * with its own transaction, so the event exists exactly when the change committed; the worker's
 * dispatcher takes it from there.
 */
export interface WebhookPayload {
  /** UUIDv7: the `webhook-id` header of every delivery and replay of the event. */
  id: string;
  type: string;
  /** When the event happened, ISO 8601 (UTC). */
  timestamp: string;
  data: Record<string, unknown>;
}

/** The type of the test event `sendTestWebhook` sends to one endpoint; not in the catalogue. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** `seq`: UUIDv7's counter, so the events of one batch (one millisecond) keep their order in their ids. */
function payloadOf(type: string, data: Record<string, unknown>, now: number, seq?: number): WebhookPayload {
  return { id: uuidv7({ msecs: now, seq }), type, timestamp: new Date(now).toISOString(), data };
}

/**
 * Inserts the event's outbox row in `trx` (the caller's transaction) and answers its payload. `data` is
 * shaped like the API's own answer for the object (a presenter's result).
 */
export async function recordWebhookEvent(
  trx: DbOrTrx,
  tenantId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
  now = Date.now(),
): Promise<WebhookPayload> {
  const payload = payloadOf(type, data, now);
  await createWebhookEventsRepo(trx).insert({
    id: payload.id,
    tenant_id: tenantId,
    type,
    payload: payload as unknown as Record<string, unknown>,
  });
  return payload;
}

/** Several events of one type in `trx` with one INSERT (a bulk path's); answers their payloads. */
export async function recordWebhookEvents(
  trx: DbOrTrx,
  tenantId: string,
  type: WebhookEventType,
  data: Record<string, unknown>[],
  now = Date.now(),
): Promise<WebhookPayload[]> {
  const first = Math.floor(Math.random() * 2 ** 30);
  const payloads = data.map((d, i) => payloadOf(type, d, now, first + i));
  await createWebhookEventsRepo(trx).insertMany(
    payloads.map((p) => ({
      id: p.id,
      tenant_id: tenantId,
      type,
      payload: p as unknown as Record<string, unknown>,
    })),
  );
  return payloads;
}

/**
 * Stores a `webhook.test` event for one endpoint. It is written already dispatched, so the dispatcher
 * never sends it to the tenant's other endpoints; the caller starts its one delivery.
 */
export async function recordTestWebhookEvent(
  db: DbOrTrx,
  tenantId: string,
  endpointId: string,
  now = Date.now(),
): Promise<WebhookPayload> {
  const payload = payloadOf(
    WEBHOOK_TEST_EVENT_TYPE,
    { endpointId, message: 'A test event sent from the referral program; it changes nothing.' },
    now,
  );
  await createWebhookEventsRepo(db).insert({
    id: payload.id,
    tenant_id: tenantId,
    type: WEBHOOK_TEST_EVENT_TYPE,
    payload: payload as unknown as Record<string, unknown>,
    dispatched_at: new Date(now),
  });
  return payload;
}
