import type { Knex } from 'knex';
import { jsonColumn, jsonObjectSchema } from '../db/json-column';
import type { DbOrTrx } from '../db/knex';
import { IDEMPOTENCY_RETENTION_MS } from '../idempotency';
import { storeUserEvents, type NewUserEvent, type StoreRequest, type StoreResult } from './user-events-store';

export interface UserEventRow {
  id: string;
  key: string;
  fields: Record<string, unknown>;
  date_triggered: Date;
  date_received: Date;
}

const readFields = jsonColumn('user_events', 'fields', jsonObjectSchema);

export function createUserEventsRepo(db: DbOrTrx) {
  return {
    /** Stores one request's events, batched with concurrent requests (see user-events-store.ts). */
    store(request: StoreRequest, trx: DbOrTrx = db): Promise<StoreResult> {
      return storeUserEvents(trx, request);
    },

    /**
     * Stores many one-event requests of a tenant (import rows, keys distinct) on a transaction's
     * connection in three set-based statements, so the cost grows with the rows and not their square:
     * the named users are KEY SHARE-locked (a concurrent deletion cannot leave orphan events), the keys
     * of requests whose user exists are claimed (inserted, or an expired one replaced; a live key is
     * left alone and its request stores nothing), then the events of requests that may go are inserted.
     */
    async storeEach(
      tenantId: string,
      receivedAt: Date,
      requests: { idempotencyKey: string | null; event: NewUserEvent }[],
    ): Promise<('stored' | 'userNotFound' | 'keyUsed')[]> {
      if (requests.length === 0) return [];
      if (!db.isTransaction)
        throw new Error('storeEach runs in a transaction (its user locks end at commit)');
      const trx = db;
      const found = await trx.raw<{ rows: { account_id: string; user_id: string }[] }>(
        `select u.account_id, u.id as user_id from users u
           join (select distinct * from unnest(?::text[], ?::text[]) as n(account_id, user_id)) t
             on u.account_id = t.account_id and u.id = t.user_id
          where u.tenant_id = ?
          for key share of u`,
        [requests.map((r) => r.event.accountId), requests.map((r) => r.event.userId), tenantId],
      );
      const existing = new Set(found.rows.map((u) => `${u.account_id}\u0000${u.user_id}`));
      const outcomes = requests.map((r): 'stored' | 'userNotFound' | 'keyUsed' =>
        existing.has(`${r.event.accountId}\u0000${r.event.userId}`)
          ? ('stored' as const)
          : ('userNotFound' as const),
      );
      const keyed = requests.filter((r, i) => outcomes[i] === 'stored' && r.idempotencyKey !== null);
      if (keyed.length > 0) {
        const claimed = await trx.raw<{ rows: { key: string }[] }>(
          `insert into idempotency_keys as k (tenant_id, key, received_at, event_ids)
           select ?, t.key, ?::timestamptz, array[t.event_id] from unnest(?::text[], ?::uuid[]) as t(key, event_id)
           on conflict (tenant_id, key) do update
             set received_at = excluded.received_at, event_ids = excluded.event_ids
             where k.received_at <= excluded.received_at - make_interval(secs => ?::bigint / 1000.0)
           returning k.key`,
          [
            tenantId,
            receivedAt,
            keyed.map((r) => r.idempotencyKey!),
            keyed.map((r) => r.event.id),
            IDEMPOTENCY_RETENTION_MS,
          ],
        );
        const won = new Set(claimed.rows.map((c) => c.key));
        requests.forEach((r, i) => {
          if (outcomes[i] === 'stored' && r.idempotencyKey !== null && !won.has(r.idempotencyKey)) {
            outcomes[i] = 'keyUsed';
          }
        });
      }
      const events = requests.filter((_, i) => outcomes[i] === 'stored');
      if (events.length > 0) {
        const column = <T>(pick: (r: (typeof events)[number]) => T) => events.map(pick);
        await trx.raw(
          `insert into user_events
             (id, tenant_id, account_id, user_id, key, fields, date_triggered, date_received, idempotency_key)
           select t.id, ?, t.account_id, t.user_id, t.key, t.fields, to_timestamp(t.triggered_ms / 1000.0),
                  ?::timestamptz, t.idempotency_key
             from unnest(?::uuid[], ?::text[], ?::text[], ?::text[], ?::jsonb[], ?::bigint[], ?::text[])
               as t(id, account_id, user_id, key, fields, triggered_ms, idempotency_key)`,
          [
            tenantId,
            receivedAt,
            column((r) => r.event.id),
            column((r) => r.event.accountId),
            column((r) => r.event.userId),
            column((r) => r.event.key),
            column((r) => JSON.stringify(r.event.fields)),
            column((r) => r.event.dateTriggeredMs),
            column((r) => r.idempotencyKey),
          ] as unknown as readonly Knex.RawBinding[],
        );
      }
      return outcomes;
    },

    /** The key's receipt and the event ids stored then, if it is live (received after cutoff). */
    async findLiveKey(
      tenantId: string,
      key: string,
      cutoff: Date,
      trx: DbOrTrx = db,
    ): Promise<{ eventIds: string[]; receivedAt: Date } | undefined> {
      const row = await trx('idempotency_keys')
        .where({ tenant_id: tenantId, key })
        .andWhere('received_at', '>', cutoff)
        .first<{ event_ids: string[]; received_at: Date } | undefined>('event_ids', 'received_at');
      return row && { eventIds: row.event_ids, receivedAt: row.received_at };
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
      for (const event of events) event.fields = readFields(event.fields, event.id);
      return { totalCount: Number(count[0]!.count), events };
    },

    /**
     * The newest events of an account's users, newest first: the newest `limit` of each user through
     * the per-user index, then the newest `limit` of those.
     */
    async listRecentForAccount(
      tenantId: string,
      accountId: string,
      limit: number,
      trx: DbOrTrx = db,
    ): Promise<UserEventRow[]> {
      const { rows } = await trx.raw<{ rows: UserEventRow[] }>(
        `select e.id, e.key, e.fields, e.date_triggered, e.date_received
         from users u cross join lateral (
           select x.id, x.key, x.fields, x.date_triggered, x.date_received from user_events x
           where x.tenant_id = u.tenant_id and x.account_id = u.account_id and x.user_id = u.id
           order by x.date_triggered desc, x.id desc limit :limit
         ) e
         where u.tenant_id = :tenantId and u.account_id = :accountId
         order by e.date_triggered desc, e.id desc limit :limit`,
        { tenantId, accountId, limit },
      );
      for (const event of rows) event.fields = readFields(event.fields, event.id);
      return rows;
    },

    /** Deletes a user's events (user_events has no foreign key to users: see migration 003). */
    async deleteForUser(tenantId: string, accountId: string, userId: string, trx: DbOrTrx): Promise<void> {
      await trx('user_events')
        .where({ tenant_id: tenantId, account_id: accountId, user_id: userId })
        .delete();
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
