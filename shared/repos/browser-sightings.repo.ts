import type { DbOrTrx } from '../db/knex';

/** Requests from one origin refused by a tenant's CORS rules, as a gateway counted them since its last flush. */
export interface RefusedOriginCount {
  tenantId: string;
  origin: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
  requests: number;
}

export interface RefusedOriginRow {
  origin: string;
  first_seen_at: Date;
  last_seen_at: Date;
  requests: string | number;
}

/** Origins kept per tenant: past it, new origins are not recorded (known ones keep counting). */
export const MAX_REFUSED_ORIGINS_PER_TENANT = 50;
/** Refusals older than this are dropped when the tenant's next ones are written, and not listed. */
export const REFUSED_ORIGIN_RETENTION_DAYS = 30;

export function createBrowserSightingsRepo(db: DbOrTrx) {
  return {
    /**
     * Adds refusal counts in one statement (array parameters, unnested): known origins add up, new ones
     * only while the tenant holds fewer than MAX_REFUSED_ORIGINS_PER_TENANT; the tenant's stale rows go.
     */
    async addRefusals(counts: readonly RefusedOriginCount[], trx: DbOrTrx = db): Promise<void> {
      if (counts.length === 0) return;
      await trx.raw(
        `with incoming as (
           select * from unnest(?::uuid[], ?::text[], ?::timestamptz[], ?::timestamptz[], ?::bigint[])
             as i(tenant_id, origin, first_seen_at, last_seen_at, requests)
         ), stale as (
           delete from browser_refused_origins r
           where r.tenant_id in (select tenant_id from incoming)
             and r.last_seen_at < now() - make_interval(days => ?)
         ), ranked as (
           select i.*,
             exists (select 1 from browser_refused_origins r
                     where r.tenant_id = i.tenant_id and r.origin = i.origin) as known,
             (select count(*) from browser_refused_origins r where r.tenant_id = i.tenant_id) as held,
             row_number() over (partition by i.tenant_id order by i.requests desc, i.origin) as rank
           from incoming i
         )
         insert into browser_refused_origins (tenant_id, origin, first_seen_at, last_seen_at, requests)
         select tenant_id, origin, first_seen_at, last_seen_at, requests from ranked
         where known or held + rank <= ?
         on conflict (tenant_id, origin) do update set
           last_seen_at = greatest(browser_refused_origins.last_seen_at, excluded.last_seen_at),
           requests = browser_refused_origins.requests + excluded.requests`,
        [
          counts.map((c) => c.tenantId),
          counts.map((c) => c.origin),
          counts.map((c) => c.firstSeenAt.toISOString()),
          counts.map((c) => c.lastSeenAt.toISOString()),
          counts.map((c) => c.requests),
          REFUSED_ORIGIN_RETENTION_DAYS,
          MAX_REFUSED_ORIGINS_PER_TENANT,
        ],
      );
    },

    /** Each tenant's first browser call, written once (a later one changes nothing). */
    async addFirstCalls(calls: readonly { tenantId: string; at: Date }[], trx: DbOrTrx = db): Promise<void> {
      if (calls.length === 0) return;
      await trx.raw(
        `insert into browser_first_calls (tenant_id, first_call_at)
         select * from unnest(?::uuid[], ?::timestamptz[])
         on conflict (tenant_id) do nothing`,
        [calls.map((c) => c.tenantId), calls.map((c) => c.at.toISOString())],
      );
    },

    /** The tenant's recently refused origins, most recent first. */
    async listRefusals(tenantId: string, trx: DbOrTrx = db): Promise<RefusedOriginRow[]> {
      return trx('browser_refused_origins')
        .select('origin', 'first_seen_at', 'last_seen_at', 'requests')
        .where('tenant_id', tenantId)
        .andWhereRaw('last_seen_at >= now() - make_interval(days => ?)', [REFUSED_ORIGIN_RETENTION_DAYS])
        .orderBy([{ column: 'last_seen_at', order: 'desc' }, 'origin'])
        .limit(MAX_REFUSED_ORIGINS_PER_TENANT);
    },

    async firstCallAt(tenantId: string, trx: DbOrTrx = db): Promise<Date | null> {
      const row = await trx('browser_first_calls').where('tenant_id', tenantId).first('first_call_at');
      return (row?.first_call_at as Date | undefined) ?? null;
    },
  };
}
