import type { DbOrTrx } from '../db/knex';

/**
 * The outbound webhook outbox (migration 012-webhooks.ts): one row per event, written in the state
 * change's own transaction, read by the worker's dispatcher until `dispatched_at` is set.
 */
export interface WebhookEventRow {
  id: string;
  tenant_id: string;
  type: string;
  payload: Record<string, unknown>;
  created_at: Date;
  dispatched_at: Date | null;
}

/** An undispatched event with what the dispatcher needs to deliver it. */
export interface UndispatchedWebhookEvent {
  id: string;
  tenant_id: string;
  tenant_alias: string;
  type: string;
  payload: Record<string, unknown>;
}

/** The smallest UUIDv7 of an instant: every event id made at or after it sorts at or above it. */
export function uuidv7Floor(at: Date): string {
  const hex = Math.max(0, Math.floor(at.getTime())).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

export function createWebhookEventsRepo(db: DbOrTrx) {
  return {
    async insert(
      row: Pick<WebhookEventRow, 'id' | 'tenant_id' | 'type' | 'payload'> & { dispatched_at?: Date },
      trx: DbOrTrx = db,
    ): Promise<void> {
      await trx('webhook_events').insert({ ...row, payload: JSON.stringify(row.payload) });
    },

    /** Several events in one statement (a bulk import's). */
    async insertMany(
      rows: Pick<WebhookEventRow, 'id' | 'tenant_id' | 'type' | 'payload'>[],
      trx: DbOrTrx = db,
    ): Promise<void> {
      if (rows.length === 0) return;
      // Arrays rather than one bind parameter per cell: a bulk import's thousands of events compile and
      // travel as four parameters.
      await trx.raw(
        `insert into webhook_events (id, tenant_id, type, payload)
         select * from unnest(?::uuid[], ?::uuid[], ?::text[], ?::jsonb[])`,
        [
          rows.map((r) => r.id),
          rows.map((r) => r.tenant_id),
          rows.map((r) => r.type),
          rows.map((r) => JSON.stringify(r.payload)),
        ],
      );
    },

    async find(tenantId: string, id: string, trx: DbOrTrx = db): Promise<WebhookEventRow | undefined> {
      return trx<WebhookEventRow>('webhook_events').where({ tenant_id: tenantId, id }).first();
    },

    /** Oldest first (the partial index on undispatched rows). */
    async listUndispatched(limit: number, trx: DbOrTrx = db): Promise<UndispatchedWebhookEvent[]> {
      return trx('webhook_events as e')
        .join('tenants as t', 't.id', 'e.tenant_id')
        .whereNull('e.dispatched_at')
        .orderBy([
          { column: 'e.created_at', order: 'asc' },
          { column: 'e.id', order: 'asc' },
        ])
        .limit(limit)
        .select<UndispatchedWebhookEvent[]>(
          'e.id',
          'e.tenant_id',
          't.alias as tenant_alias',
          'e.type',
          'e.payload',
        );
    },

    /**
     * Sets `dispatched_at` of these events where it is not set yet. By primary key only: a condition on
     * `dispatched_at` would let the planner walk the partial index of undispatched events once per id,
     * which it does when that index grew faster than the statistics (a bulk import's millions of
     * events: 48 s for 500 ids; test/integration/analytics/stale-statistics-plans.test.ts).
     */
    async markDispatched(ids: string[], trx: DbOrTrx = db): Promise<void> {
      if (ids.length === 0) return;
      await trx('webhook_events')
        .whereIn('id', ids)
        .update({ dispatched_at: trx.raw('coalesce(dispatched_at, now())') });
    },

    /**
     * Deletes up to `limit` dispatched events older than `cutoff`, oldest first, with their attempt log;
     * rows another transaction holds are left for a later batch. Event ids are UUIDv7 made from the
     * event's time, so the oldest are a range of the primary key. Answers how many events were deleted.
     */
    async pruneOlderThan(cutoff: Date, limit: number, trx: DbOrTrx = db): Promise<number> {
      const result = await trx.raw(
        `with doomed as (
           select id, tenant_id from webhook_events
            where id < ?::uuid and dispatched_at is not null
            order by id limit ? for update skip locked),
         log as (delete from webhook_deliveries d using doomed
                  where d.event_id = doomed.id and d.tenant_id = doomed.tenant_id)
         delete from webhook_events e using doomed where e.id = doomed.id`,
        [uuidv7Floor(cutoff), limit],
      );
      return (result as { rowCount: number }).rowCount;
    },

    /** Seconds since the oldest undispatched event was written; 0 when there is none. */
    async backlogAgeSeconds(trx: DbOrTrx = db): Promise<number> {
      const row = await trx('webhook_events')
        .whereNull('dispatched_at')
        .first<{ age: string | null } | undefined>(
          trx.raw('extract(epoch from now() - min(created_at))::float8::text as age'),
        );
      return row?.age ? Math.max(0, Number(row.age)) : 0;
    },

    /**
     * Events since `since` that did not reach the endpoint: dispatched (or test) events of the tenant with
     * no SUCCEEDED attempt to it and no attempt still waiting for a retry (the last one FAILED), oldest
     * first. The caller filters by the endpoint's event types.
     */
    async listUndelivered(
      tenantId: string,
      endpointId: string,
      since: Date,
      limit: number,
      trx: DbOrTrx = db,
    ): Promise<Pick<WebhookEventRow, 'id' | 'type'>[]> {
      return trx('webhook_events as e')
        .where('e.tenant_id', tenantId)
        .where('e.created_at', '>=', since)
        .whereNotNull('e.dispatched_at')
        .whereNotExists(
          trx('webhook_deliveries as d')
            .where('d.tenant_id', tenantId)
            .whereRaw('d.event_id = e.id')
            .where('d.endpoint_id', endpointId)
            .where('d.outcome', 'SUCCEEDED'),
        )
        .whereRaw(
          `coalesce((select d.outcome from webhook_deliveries d where d.tenant_id = e.tenant_id and d.event_id = e.id
             and d.endpoint_id = ? order by d.started_at desc, d.id desc limit 1), 'NONE') not in ('FAILED', 'UNKNOWN')`,
          [endpointId],
        )
        .orderBy([
          { column: 'e.created_at', order: 'asc' },
          { column: 'e.id', order: 'asc' },
        ])
        .limit(limit)
        .select('e.id', 'e.type');
    },
  };
}

export type WebhookEventsRepo = ReturnType<typeof createWebhookEventsRepo>;
