import type { DbOrTrx } from '../db/knex';

/** Visits of one code on one day (UTC), as a gateway counted them since its last flush. */
export interface ClickCount {
  tenantId: string;
  code: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  clicks: number;
}

export function createShareLinkClicksRepo(db: DbOrTrx) {
  return {
    /**
     * Adds counts in one statement whatever their number (four array parameters, unnested), each to its
     * (tenant, code, day) row; rows from every gateway add up. `counts` holds each key once.
     */
    async add(counts: readonly ClickCount[], trx: DbOrTrx = db): Promise<void> {
      if (counts.length === 0) return;
      await trx.raw(
        `insert into share_link_clicks (tenant_id, code, day, clicks)
         select * from unnest(?::uuid[], ?::text[], ?::date[], ?::bigint[])
         on conflict (tenant_id, code, day) do update set clicks = share_link_clicks.clicks + excluded.clicks`,
        [
          counts.map((c) => c.tenantId),
          counts.map((c) => c.code),
          counts.map((c) => c.day),
          counts.map((c) => c.clicks),
        ],
      );
    },
  };
}
