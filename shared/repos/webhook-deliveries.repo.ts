import type { DbOrTrx } from '../db/knex';
import type { WebhookOutcome } from '../types/webhooks';
import { FROM_MICROS, MICROS } from './referral-search.repo';

/** The attempt log of outbound webhooks (migration 012-webhooks.ts): one row per HTTP attempt. */
export interface WebhookDeliveryRow {
  id: string;
  tenant_id: string;
  endpoint_id: string;
  event_id: string;
  attempt: number;
  started_at: Date;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
  outcome: WebhookOutcome;
}

/** A log row with its event's type and its keyset position (started_at in microseconds). */
export interface WebhookDeliveryListRow extends WebhookDeliveryRow {
  event_type: string;
  cursor_micros: string;
}

export function createWebhookDeliveriesRepo(db: DbOrTrx) {
  return {
    async insert(row: Omit<WebhookDeliveryRow, 'id'>, trx: DbOrTrx = db): Promise<void> {
      await trx('webhook_deliveries').insert(row);
    },

    /** Several attempts in one statement (a dispatcher batch's first attempts). */
    async insertMany(rows: Omit<WebhookDeliveryRow, 'id'>[], trx: DbOrTrx = db): Promise<void> {
      if (rows.length > 0) await trx('webhook_deliveries').insert(rows);
    },

    /**
     * What the log already says of these events' (event, endpoint) pairs, keyed `eventId|endpointId`:
     * 'FINAL' when an attempt ended the delivery, 'RETRYING' when there are only failed attempts (a
     * delivery workflow retries it). A dispatcher round that takes an event again (its batch failed half
     * way) sends neither again.
     */
    async pairStates(
      events: { tenant_id: string; id: string }[],
      trx: DbOrTrx = db,
    ): Promise<Map<string, 'FINAL' | 'RETRYING'>> {
      const states = new Map<string, 'FINAL' | 'RETRYING'>();
      if (events.length === 0) return states;
      const rows: { event_id: string; endpoint_id: string; final: boolean }[] = await trx(
        'webhook_deliveries',
      )
        .whereIn(
          ['tenant_id', 'event_id'],
          events.map((e) => [e.tenant_id, e.id]),
        )
        .groupBy('event_id', 'endpoint_id')
        .select('event_id', 'endpoint_id', trx.raw(`bool_or(outcome <> 'FAILED') as final`));
      for (const r of rows) states.set(`${r.event_id}|${r.endpoint_id}`, r.final ? 'FINAL' : 'RETRYING');
      return states;
    },

    /** An endpoint's attempts, newest first, after the keyset position `after`. */
    async page(
      tenantId: string,
      endpointId: string,
      limit: number,
      after: { micros: string; id: string } | undefined,
      trx: DbOrTrx = db,
    ): Promise<WebhookDeliveryListRow[]> {
      const query = trx('webhook_deliveries as d')
        .join('webhook_events as e', 'e.id', 'd.event_id')
        .where({ 'd.tenant_id': tenantId, 'd.endpoint_id': endpointId })
        .orderBy([
          { column: 'd.started_at', order: 'desc' },
          { column: 'd.id', order: 'desc' },
        ])
        .limit(limit)
        .select('d.*', 'e.type as event_type', trx.raw(`${MICROS('d.started_at')} as cursor_micros`));
      if (after) {
        query.whereRaw(`(d.started_at, d.id) < (${FROM_MICROS}, ?::bigint)`, [after.micros, after.id]);
      }
      const rows = await query;
      return rows.map((r: WebhookDeliveryListRow) => ({ ...r, id: String(r.id) }));
    },

    /**
     * The oldest failed attempt to the endpoint after both its last success and `notBefore` (its last
     * change); null when there is none.
     */
    async oldestFailureSince(
      tenantId: string,
      endpointId: string,
      notBefore: Date,
      trx: DbOrTrx = db,
    ): Promise<Date | null> {
      const row = await trx('webhook_deliveries')
        .where({ tenant_id: tenantId, endpoint_id: endpointId })
        .where('started_at', '>', notBefore)
        .whereRaw(
          `started_at > coalesce((select max(s.started_at) from webhook_deliveries s
             where s.tenant_id = ? and s.endpoint_id = ? and s.outcome = 'SUCCEEDED'), '-infinity')`,
          [tenantId, endpointId],
        )
        .min<{ oldest: Date | null }>('started_at as oldest')
        .first();
      return row?.oldest ?? null;
    },
  };
}

export type WebhookDeliveriesRepo = ReturnType<typeof createWebhookDeliveriesRepo>;
