import { queryPrepared, type DbOrTrx } from '../db/knex';

/** An event ready to store: the gateway has given it its id and trigger time. */
export interface NewUserEvent {
  id: string;
  accountId: string;
  userId: string;
  key: string;
  fields: Record<string, unknown>;
  dateTriggeredMs: number;
}

export interface UserEventRow {
  id: string;
  key: string;
  fields: Record<string, unknown>;
  date_triggered: Date;
  date_received: Date;
}

/** What one store attempt came to. */
export type StoreResult =
  | { kind: 'stored' }
  /** The key was live when the statement started: nothing written. */
  | { kind: 'keyUsed'; eventIds: string[] }
  /** A user named by the events is not identified in this tenant: nothing written. */
  | { kind: 'userNotFound' }
  /** A concurrent request claimed the key first (and committed): nothing written. */
  | { kind: 'keyRaced' };

/**
 * Stores a request's events and claims its idempotency key in ONE statement, so it is atomic without an
 * explicit transaction and costs one round trip; it is a prepared statement because planning it costs
 * more than running it:
 *
 * - `live` reads the key as the statement starts; if it is live (received after `cutoff`) nothing
 *   else happens, no row is locked or written, and the stored event ids come back (a replay is read-only).
 * - `found` checks, and KEY SHARE-locks, each distinct user once (a user deleted concurrently cannot leave
 *   orphan events, as with a foreign key, but without a check per row).
 * - `claimed` inserts the key, or replaces an expired one. Concurrent requests with one key queue on the
 *   unique index; after the first commits, the others' ON CONFLICT sees a live row, claims nothing, and
 *   so stores nothing (`keyRaced`). If the first rolls back, the next one claims it.
 * - `stored` inserts the events only if the users exist and the key (if any) was claimed.
 */
const STORE_EVENTS = {
  name: 'store_user_events_v1',
  text: `
with params as (
  select $1::uuid as tenant_id, $2::text as key, $3::timestamptz as received_at,
         $4::timestamptz as cutoff, $5::jsonb as events
),
live as (
  select k.event_ids from idempotency_keys k, params p
  where k.tenant_id = p.tenant_id and k.key = p.key and k.received_at > p.cutoff
),
input as (
  select e.* from params p,
    jsonb_to_recordset(p.events)
      as e(id uuid, account_id text, user_id text, key text, fields jsonb, triggered_ms bigint)
  where not exists (select 1 from live)
),
wanted as (select distinct account_id, user_id from input),
found as (
  select u.id from users u join wanted w on u.account_id = w.account_id and u.id = w.user_id, params p
  where u.tenant_id = p.tenant_id
  for key share of u
),
ready as (select (select count(*) from found) = (select count(*) from wanted) as users_found),
claimed as (
  insert into idempotency_keys (tenant_id, key, received_at, event_ids)
  select p.tenant_id, p.key, p.received_at, (select array_agg(id) from input)
  from params p, ready r
  where p.key is not null and r.users_found and exists (select 1 from input)
  on conflict (tenant_id, key) do update
    set received_at = excluded.received_at, event_ids = excluded.event_ids
    where idempotency_keys.received_at <= (select cutoff from params)
  returning 1
),
stored as (
  insert into user_events
    (id, tenant_id, account_id, user_id, key, fields, date_triggered, date_received, idempotency_key)
  select i.id, p.tenant_id, i.account_id, i.user_id, i.key, coalesce(i.fields, '{}'::jsonb),
         to_timestamp(i.triggered_ms / 1000.0), p.received_at, p.key
  from input i, params p, ready r
  where r.users_found and (p.key is null or exists (select 1 from claimed))
  returning 1
)
select (select event_ids from live) as existing_ids,
       (select users_found from ready) as users_found,
       (select count(*) from claimed)::int as claimed,
       (select count(*) from stored)::int as stored
`,
};

export function createUserEventsRepo(db: DbOrTrx) {
  return {
    async store(
      tenantId: string,
      request: { idempotencyKey: string | null; receivedAt: Date; cutoff: Date; events: NewUserEvent[] },
      trx: DbOrTrx = db,
    ): Promise<StoreResult> {
      const events = request.events.map((e) => ({
        id: e.id,
        account_id: e.accountId,
        user_id: e.userId,
        key: e.key,
        fields: e.fields,
        triggered_ms: e.dateTriggeredMs,
      }));
      const [row] = await queryPrepared<{
        existing_ids: string[] | null;
        users_found: boolean;
        claimed: number;
        stored: number;
      }>(trx, STORE_EVENTS, [
        tenantId,
        request.idempotencyKey,
        request.receivedAt,
        request.cutoff,
        JSON.stringify(events),
      ]);
      if (!row) throw new Error('storing user events returned no row');
      if (row.existing_ids) return { kind: 'keyUsed', eventIds: row.existing_ids };
      if (!row.users_found) return { kind: 'userNotFound' };
      if (request.idempotencyKey !== null && row.claimed === 0) return { kind: 'keyRaced' };
      return { kind: 'stored' };
    },

    /** The event ids stored at the key's first receipt, if the key is live (received after cutoff). */
    async findLiveKey(
      tenantId: string,
      key: string,
      cutoff: Date,
      trx: DbOrTrx = db,
    ): Promise<string[] | undefined> {
      const row = await trx('idempotency_keys')
        .where({ tenant_id: tenantId, key })
        .andWhere('received_at', '>', cutoff)
        .first<{ event_ids: string[] } | undefined>('event_ids');
      return row?.event_ids;
    },

    /** A user's events, newest first (by trigger time), with the total count. */
    async listForUser(
      tenantId: string,
      accountId: string,
      userId: string,
      page: { limit: number; offset: number },
      trx: DbOrTrx = db,
    ): Promise<{ totalCount: number; events: UserEventRow[] }> {
      const where = { tenant_id: tenantId, account_id: accountId, user_id: userId };
      const [events, count] = await Promise.all([
        trx<UserEventRow>('user_events')
          .where(where)
          .orderBy([
            { column: 'date_triggered', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(page.limit)
          .offset(page.offset)
          .select('id', 'key', 'fields', 'date_triggered', 'date_received'),
        trx('user_events').where(where).count<{ count: string }[]>('* as count'),
      ]);
      return { totalCount: Number(count[0]!.count), events };
    },

    /**
     * Deletes up to `batchSize` keys received before `before`. Rows another transaction holds (a request
     * replacing that very key) are skipped, not waited for, so pruning never blocks ingestion.
     */
    async pruneKeys(before: Date, batchSize: number, trx: DbOrTrx = db): Promise<number> {
      const result = await trx.raw<{ rowCount: number }>(
        `delete from idempotency_keys where ctid = any(array(
           select ctid from idempotency_keys where received_at < ? limit ? for update skip locked))`,
        [before, batchSize],
      );
      return result.rowCount;
    },
  };
}
