import type { DbOrTrx } from '../db/knex';
import { IDEMPOTENCY_RETENTION_MS } from '../idempotency';
import { createMicroBatcher, type MicroBatcher } from '../micro-batcher';

/*
 * The request path's store of user events: one statement per batch of requests (events and idempotency
 * keys together), batched per connection pool. The rest of the user_events table's SQL is in
 * user-events.repo.ts, whose `store` calls storeUserEvents.
 */

/** An event ready to store: the gateway has given it its id and trigger time. */
export interface NewUserEvent {
  id: string;
  accountId: string;
  userId: string;
  key: string;
  fields: Record<string, unknown>;
  dateTriggeredMs: number;
}

/** What one store attempt came to. */
export type StoreResult =
  | { kind: 'stored' }
  /** The key was live when the statement started: nothing written. */
  | { kind: 'keyUsed'; eventIds: string[]; receivedAt: Date }
  /** A user named by the events is not identified in this tenant: nothing written. */
  | { kind: 'userNotFound' }
  /** A concurrent request claimed the key first (and committed): nothing written. */
  | { kind: 'keyRaced' };

/** One request's events and key, as the store statement takes them. */
export interface StoreRequest {
  tenantId: string;
  idempotencyKey: string | null;
  receivedAt: Date;
  events: NewUserEvent[];
}

/**
 * Stores the events of one or more requests and claims their idempotency keys in ONE statement: atomic
 * without an explicit transaction, one round trip and one commit for the whole batch. It is planned at
 * each execution, against the tables' current sizes: a plan cached while the tables were small (a new
 * database) would keep scanning them whole as they grow. Batching spreads that planning over many
 * requests. Each request keeps its own outcome:
 *
 * - `live`: a request whose key was received less than `retention` before its own receipt stores
 *   nothing, locks and writes nothing, and gets the stored event ids back (a replay is read-only).
 * - `found`/`missing`: each distinct user is checked and KEY SHARE-locked once (a user deleted
 *   concurrently cannot leave orphan events, as with a foreign key, but without a check per row); a
 *   request naming an unknown user stores nothing.
 * - `claimed`: inserts the key, or replaces an expired one. Concurrent requests with one key queue on
 *   the unique index; after the first commits, the others' ON CONFLICT sees a live row and claims
 *   nothing, so they store nothing (`keyRaced`). A batch never holds one key twice (the batcher).
 * - `stored`: inserts the events of requests whose users exist and whose key, if any, was claimed.
 */
export const STORE_EVENTS_SQL = `
with input as (
  select * from jsonb_to_recordset(?::jsonb)
    as r(req int, tenant_id uuid, key text, received_at timestamptz, events jsonb)
),
retention as (select make_interval(secs => ?::bigint / 1000.0) as window_),
live as (
  select i.req, k.event_ids, k.received_at from input i, retention w, idempotency_keys k
  where k.tenant_id = i.tenant_id and k.key = i.key and k.received_at > i.received_at - w.window_
),
ev as (
  select i.req, i.tenant_id, i.key, i.received_at, e.*
  from input i
  cross join lateral jsonb_to_recordset(i.events)
    as e(id uuid, account_id text, user_id text, event_key text, fields jsonb, triggered_ms bigint)
  where not exists (select 1 from live l where l.req = i.req)
),
wanted as (select distinct req, tenant_id, account_id, user_id from ev),
found as (
  select w.req, w.account_id, w.user_id from wanted w
  join users u on u.tenant_id = w.tenant_id and u.account_id = w.account_id and u.id = w.user_id
  for key share of u
),
missing as (
  select distinct w.req from wanted w
  where not exists (
    select 1 from found f where f.req = w.req and f.account_id = w.account_id and f.user_id = w.user_id)
),
ready as (
  select i.* from input i
  where not exists (select 1 from live l where l.req = i.req)
    and not exists (select 1 from missing m where m.req = i.req)
),
claimed as (
  insert into idempotency_keys (tenant_id, key, received_at, event_ids)
  select r.tenant_id, r.key, r.received_at, (select array_agg(ev.id) from ev where ev.req = r.req)
  from ready r where r.key is not null
  on conflict (tenant_id, key) do update
    set received_at = excluded.received_at, event_ids = excluded.event_ids
    where idempotency_keys.received_at <= excluded.received_at - (select window_ from retention)
  returning tenant_id, key
),
stored as (
  insert into user_events
    (id, tenant_id, account_id, user_id, key, fields, date_triggered, date_received, idempotency_key)
  select ev.id, ev.tenant_id, ev.account_id, ev.user_id, ev.event_key, coalesce(ev.fields, '{}'::jsonb),
         to_timestamp(ev.triggered_ms / 1000.0), ev.received_at, ev.key
  from ev join ready r on r.req = ev.req
  where r.key is null or exists (select 1 from claimed c where c.tenant_id = r.tenant_id and c.key = r.key)
  returning 1
)
select i.req,
       (select l.event_ids from live l where l.req = i.req) as existing_ids,
       (select l.received_at from live l where l.req = i.req) as existing_received_at,
       not exists (select 1 from missing m where m.req = i.req) as users_found,
       exists (select 1 from claimed c where c.tenant_id = i.tenant_id and c.key = i.key) as claimed,
       (select count(*) from stored)::int as stored
from input i
order by i.req
`;

interface StoreRow {
  req: number;
  existing_ids: string[] | null;
  existing_received_at: Date | null;
  users_found: boolean;
  claimed: boolean;
}

/** Runs the store statement for a batch of requests; one result per request, in order. */
async function storeMany(db: DbOrTrx, requests: StoreRequest[]): Promise<StoreResult[]> {
  const input = requests.map((r, req) => ({
    req,
    tenant_id: r.tenantId,
    key: r.idempotencyKey,
    received_at: r.receivedAt.toISOString(),
    events: r.events.map((e) => ({
      id: e.id,
      account_id: e.accountId,
      user_id: e.userId,
      event_key: e.key,
      fields: e.fields,
      triggered_ms: e.dateTriggeredMs,
    })),
  }));
  const { rows } = await db.raw<{ rows: StoreRow[] }>(STORE_EVENTS_SQL, [
    JSON.stringify(input),
    IDEMPOTENCY_RETENTION_MS,
  ]);
  return requests.map((request, i): StoreResult => {
    const row = rows[i];
    if (!row || row.req !== i) throw new Error('storing user events returned no row for a request');
    if (row.existing_ids) {
      return { kind: 'keyUsed', eventIds: row.existing_ids, receivedAt: row.existing_received_at! };
    }
    if (!row.users_found) return { kind: 'userNotFound' };
    if (request.idempotencyKey !== null && !row.claimed) return { kind: 'keyRaced' };
    return { kind: 'stored' };
  });
}

/**
 * One batcher per connection pool: concurrent requests of a tenant share a statement and a commit. Up to
 * 64 requests or 1,000 events a batch, 5 batches at once and at most 4 of them one tenant's (the pool
 * keeps connections for everything else). Tenants never share a batch and a free slot goes to the
 * waiting tenant served least recently, so a tenant sending 100-event requests at its rate limit cannot
 * make another's one-event request ride in, or wait behind, its 1,000-event statements
 * (bench:noisy-neighbour).
 */
const writers = new WeakMap<object, MicroBatcher<StoreRequest, StoreResult>>();
function writerFor(db: DbOrTrx): MicroBatcher<StoreRequest, StoreResult> {
  let writer = writers.get(db);
  if (!writer) {
    writer = createMicroBatcher({
      run: (requests) => storeMany(db, requests),
      maxItems: 64,
      maxWeight: 1000,
      weight: (r) => r.events.length,
      maxInFlight: 5,
      exclusiveKey: (r) => (r.idempotencyKey === null ? null : `${r.tenantId}/${r.idempotencyKey}`),
      groups: { key: (r) => r.tenantId, maxInFlightPerGroup: 4 },
    });
    writers.set(db, writer);
  }
  return writer;
}

/**
 * Stores one request's events (see STORE_EVENTS_SQL). On the pool it joins whatever batch is forming;
 * inside a transaction it runs on the transaction's connection, alone.
 */
export function storeUserEvents(db: DbOrTrx, request: StoreRequest): Promise<StoreResult> {
  if (db.isTransaction) return storeMany(db, [request]).then(([result]) => result!);
  return writerFor(db).submit(request);
}
