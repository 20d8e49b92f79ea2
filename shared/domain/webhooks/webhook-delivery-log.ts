import { z } from 'zod';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import {
  createWebhookDeliveriesRepo,
  type WebhookDeliveryListRow,
} from '../../repos/webhook-deliveries.repo';
import { createWebhookEndpointsRepo } from '../../repos/webhook-endpoints.repo';
import type { WebhookOutcome } from '../../types/webhooks';
import { parseInput } from '../../validation';
import { cursorSchema, encodeCursor, pageSizeSchema } from '../common/page-cursor';

/** One HTTP attempt as the API shows it (never a header or a secret). */
export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  dateStarted: number;
  statusCode: number | null;
  latencyMs: number;
  /** The answer's first bytes (at most 512), as text. */
  responseExcerpt: string | null;
  error: string | null;
  outcome: WebhookOutcome;
}

export function presentWebhookDelivery(row: WebhookDeliveryListRow): WebhookDeliveryView {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    attempt: row.attempt,
    dateStarted: row.started_at.getTime(),
    statusCode: row.status_code,
    latencyMs: row.latency_ms,
    responseExcerpt: row.response_excerpt,
    error: row.error,
    outcome: row.outcome,
  };
}

/** GraphQL `webhookDeliveries(endpointId, first, after)`. */
const argsSchema = z.object({
  endpointId: z.uuid('must be a webhook endpoint id (a UUID)'),
  first: pageSizeSchema,
  after: cursorSchema().nullish(),
});

/**
 * A page of an endpoint's attempt log, newest first (keyset). Another tenant's endpoint is NOT_FOUND.
 */
export async function listWebhookDeliveries(
  db: Db,
  tenantId: string,
  rawArgs: unknown,
): Promise<{ items: WebhookDeliveryView[]; endCursor: string | null; hasNextPage: boolean }> {
  const args = parseInput(argsSchema, rawArgs);
  if (!(await createWebhookEndpointsRepo(db).find(tenantId, args.endpointId))) {
    throw new AppError('NOT_FOUND', 'No such webhook endpoint');
  }
  const rows = await createWebhookDeliveriesRepo(db).page(
    tenantId,
    args.endpointId,
    args.first + 1,
    args.after ?? undefined,
  );
  const page = rows.slice(0, args.first);
  const last = page[page.length - 1];
  return {
    items: page.map(presentWebhookDelivery),
    endCursor: last ? encodeCursor({ micros: last.cursor_micros, id: last.id }) : null,
    hasNextPage: rows.length > args.first,
  };
}
