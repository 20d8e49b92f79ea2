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

/** What the log says of one (event, endpoint) pair; `attempts` is its highest attempt number. */
export interface PairState {
  state: 'FINAL' | 'RETRYING' | 'UNKNOWN';
  attempts: number;
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
     * Logs attempts as started (outcome UNKNOWN) before their requests go out, in one statement; answers
     * their ids in the rows' order, for completeMany.
     */
    async startMany(rows: Omit<WebhookDeliveryRow, 'id'>[], trx: DbOrTrx = db): Promise<string[]> {
      if (rows.length === 0) return [];
      const ids: { id: string | number }[] = await trx('webhook_deliveries').insert(rows).returning('id');
      return ids.map((r) => String(r.id));
    },

    /**
     * Completes started attempts with what they came to, in one statement. `started_at` stays the time
     * the attempt was logged as started, and no indexed column changes, so PostgreSQL can update the
     * rows in place (HOT, with the free space migration 020 leaves in each page). The ids are also given
     * as an array so that the rows are found by the primary key, not by scanning the log to join.
     */
    async completeMany(rows: WebhookDeliveryRow[], trx: DbOrTrx = db): Promise<void> {
      if (rows.length === 0) return;
      const values = rows.map((r) => ({
        id: r.id,
        status_code: r.status_code,
        latency_ms: r.latency_ms,
        response_excerpt: r.response_excerpt,
        error: r.error,
        outcome: r.outcome,
      }));
      await trx.raw(
        `update webhook_deliveries d
            set status_code = v.status_code, latency_ms = v.latency_ms,
                response_excerpt = v.response_excerpt, error = v.error, outcome = v.outcome
           from jsonb_to_recordset(?::jsonb) as v(id bigint, status_code int, latency_ms int,
                response_excerpt text, error text, outcome text)
          where d.id = any(?::bigint[]) and d.id = v.id`,
        [JSON.stringify(values), rows.map((r) => r.id)],
      );
    },

    /**
     * What the log already says of these events' (event, endpoint) pairs, keyed `eventId|endpointId`:
     * 'FINAL' when an attempt ended the delivery; 'RETRYING' when there are failed attempts (a delivery
     * workflow retries it); 'UNKNOWN' when its only attempts were in flight when their batch died (the
     * receiver may have them): the dispatcher sends it again, with the same webhook-id, as attempt
     * `attempts + 1`. A dispatcher round that takes an event again (its batch failed half way) sends no
     * FINAL or RETRYING pair again.
     */
    async pairStates(
      events: { tenant_id: string; id: string }[],
      trx: DbOrTrx = db,
    ): Promise<Map<string, PairState>> {
      const states = new Map<string, PairState>();
      if (events.length === 0) return states;
      const rows: {
        event_id: string;
        endpoint_id: string;
        final: boolean;
        failed: boolean;
        attempts: number;
      }[] = await trx('webhook_deliveries')
        .whereIn(
          ['tenant_id', 'event_id'],
          events.map((e) => [e.tenant_id, e.id]),
        )
        .groupBy('event_id', 'endpoint_id')
        .select(
          'event_id',
          'endpoint_id',
          trx.raw(`bool_or(outcome not in ('FAILED', 'UNKNOWN')) as final`),
          trx.raw(`bool_or(outcome = 'FAILED') as failed`),
          trx.raw('max(attempt)::int as attempts'),
        );
      for (const r of rows) {
        const state = r.final ? 'FINAL' : r.failed ? 'RETRYING' : 'UNKNOWN';
        states.set(`${r.event_id}|${r.endpoint_id}`, { state, attempts: r.attempts });
      }
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
        .whereNot('outcome', 'UNKNOWN')
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
