import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../shared/db/knex';

/**
 * The import bench's anchor: the same file's rows loaded into the same tables, with their indexes,
 * constraints and triggers, by the fastest plain SQL path there is — COPY into a temporary staging table,
 * then one set-based INSERT ... SELECT (ON CONFLICT) per table, all in one transaction (synchronous_commit
 * on, as the job). No application code in between, no chunks, no ledger, no result file. It writes what
 * the job writes for these files:
 * - MUTATION/USER: accounts, users (a share code each: the name's code for the first holder of a name,
 *   else the name's first letters and a number), referral_codes, and a `user.created` outbox event each;
 * - MUTATION/USER_EVENT: an idempotency key and an event for each row whose user exists.
 * The tenant should be one of its own (the bench creates one), so the job's tenant starts empty.
 */
export async function anchorLoad(
  db: Db,
  tenantId: string,
  type: 'MUTATION/USER' | 'MUTATION/USER_EVENT',
  file: string,
): Promise<{ stored: number; ms: number }> {
  const client = (await db.client.acquireConnection()) as PoolClient;
  const started = performance.now();
  try {
    await client.query('begin');
    const stored =
      type === 'MUTATION/USER'
        ? await loadUsers(client, tenantId, file)
        : await loadEvents(client, tenantId, file);
    await client.query('commit');
    return { stored, ms: performance.now() - started };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await db.client.releaseConnection(client);
  }
}

async function copyInto(client: PoolClient, table: string, file: string) {
  await pipeline(
    fs.createReadStream(file, { highWaterMark: 1024 * 1024 }),
    client.query(copyFrom(`copy ${table} from stdin with (format csv, header true)`)),
  );
}

async function loadUsers(client: PoolClient, tenantId: string, file: string): Promise<number> {
  await client.query(`create temp table anchor_users
    (id text, account_id text, email text, first_name text, last_name text, locale text, plan text)
    on commit drop`);
  await copyInto(client, 'anchor_users', file);
  await client.query(
    `insert into accounts (tenant_id, id, first_user_at)
     select distinct $1::uuid, account_id, clock_timestamp() from anchor_users on conflict do nothing`,
    [tenantId],
  );
  const users = await client.query(
    `with named as (
       select t.*, nullif(upper(regexp_replace(normalize(coalesce(first_name, '') || coalesce(last_name, ''), NFKD),
                                               '[^A-Za-z0-9]', '', 'g')), '') as base
         from anchor_users t),
     numbered as (select n.*, row_number() over (partition by base order by id) as nth from named n)
     insert into users as u
       (tenant_id, account_id, id, email, first_name, last_name, locale, custom_fields, share_code)
     select $1, account_id, id, email, first_name, last_name, locale, jsonb_build_object('plan', plan),
            case when base is null then upper(substr(md5(id), 1, 10))
                 when nth = 1 then left(base, 15)
                 else left(base, 9) || lpad(nth::text, 6, '0') end
       from numbered
     on conflict (tenant_id, account_id, id) do update set
       email = coalesce(excluded.email, u.email),
       first_name = coalesce(excluded.first_name, u.first_name),
       last_name = coalesce(excluded.last_name, u.last_name),
       locale = coalesce(excluded.locale, u.locale),
       custom_fields = u.custom_fields || excluded.custom_fields,
       share_code = coalesce(u.share_code, excluded.share_code),
       updated_at = now()`,
    [tenantId],
  );
  await client.query(
    `insert into referral_codes (tenant_id, code, account_id, user_id)
     select u.tenant_id, u.share_code, u.account_id, u.id
       from users u join anchor_users t on u.account_id = t.account_id and u.id = t.id
      where u.tenant_id = $1
     on conflict do nothing`,
    [tenantId],
  );
  await client.query(
    `insert into webhook_events (id, tenant_id, type, payload)
     select u.event_id, $1, 'user.created', jsonb_build_object(
              'id', u.event_id, 'type', 'user.created', 'timestamp', now(),
              'data', jsonb_build_object(
                'id', u.id, 'accountId', u.account_id, 'email', u.email, 'firstName', u.first_name,
                'lastName', u.last_name, 'locale', u.locale, 'paymentProviderId', null,
                'shareCode', u.share_code, 'shareLink', 'http://127.0.0.1/r/anchor/' || u.share_code,
                'referredBy', null, 'dateCreated', (extract(epoch from u.created_at) * 1000)::bigint))
       from (select gen_random_uuid() as event_id, u.*
               from users u join anchor_users t on u.account_id = t.account_id and u.id = t.id
              where u.tenant_id = $1) u`,
    [tenantId],
  );
  return users.rowCount ?? 0;
}

async function loadEvents(client: PoolClient, tenantId: string, file: string): Promise<number> {
  await client.query(`create temp table anchor_events
    (user_id text, account_id text, idempotency_key text, key text, triggered_ms text, amount text)
    on commit drop`);
  await copyInto(client, 'anchor_events', file);
  const events = await client.query(
    `with found as (
       select gen_random_uuid() as id, t.*
         from anchor_events t
         join users u on u.tenant_id = $1 and u.account_id = t.account_id and u.id = t.user_id),
     keys as (
       insert into idempotency_keys (tenant_id, key, received_at, event_ids)
       select $1, idempotency_key, now(), array[id] from found
       on conflict (tenant_id, key) do nothing
       returning key)
     insert into user_events
       (id, tenant_id, account_id, user_id, key, fields, date_triggered, date_received, idempotency_key)
     select f.id, $1, f.account_id, f.user_id, f.key, jsonb_build_object('amount', f.amount::numeric),
            to_timestamp(f.triggered_ms::bigint / 1000.0), now(), f.idempotency_key
       from found f join keys k on k.key = f.idempotency_key`,
    [tenantId],
  );
  return events.rowCount ?? 0;
}
