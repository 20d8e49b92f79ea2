import type { DbOrTrx } from '../db/knex';

/** One UTC day's counters from the rollup (migration 010); days without activity have no row. */
export interface DailyTotalsRow {
  /** YYYY-MM-DD */
  day: string;
  clicks: number;
  started: number;
  converted: number;
  rewards_given: number;
}

export interface CreditOutstandingRow {
  unit: string;
  /** In the unit's cents, as rewards store amounts. */
  outstanding_cents: number;
}

/** A referrer's counts in a range, with its user's name and share code (null once deleted). */
export interface LeaderboardRow {
  referrer_account_id: string;
  referrer_user_id: string;
  started: number;
  converted: number;
  first_name: string | null;
  last_name: string | null;
  share_code: string | null;
}

const byRank = (a: LeaderboardRow, b: LeaderboardRow) =>
  b.converted - a.converted ||
  b.started - a.started ||
  (a.referrer_account_id < b.referrer_account_id
    ? -1
    : a.referrer_account_id > b.referrer_account_id
      ? 1
      : 0) ||
  (a.referrer_user_id < b.referrer_user_id ? -1 : a.referrer_user_id > b.referrer_user_id ? 1 : 0);

/**
 * The dashboard's reads. Counters come from the daily rollup (portal_daily_stats, portal_credit_stats),
 * kept exact by triggers; the leaderboard is computed from referrals with the indexes of migration 010.
 */
export function createAnalyticsRepo(db: DbOrTrx) {
  return {
    /** Per-day totals of the days from `fromDay` to `toDay` (YYYY-MM-DD, inclusive) that have any. */
    async dailyTotals(tenantId: string, fromDay: string, toDay: string): Promise<DailyTotalsRow[]> {
      const { rows } = await db.raw<{ rows: Record<keyof DailyTotalsRow, string>[] }>(
        `select to_char(day, 'YYYY-MM-DD') as day, sum(clicks)::text as clicks, sum(started)::text as started,
                sum(converted)::text as converted, sum(rewards_given)::text as rewards_given
         from portal_daily_stats
         where tenant_id = ? and day between ?::date and ?::date
         group by day order by day`,
        [tenantId, fromDay, toDay],
      );
      return rows.map((r) => ({
        day: r.day,
        clicks: Number(r.clicks),
        started: Number(r.started),
        converted: Number(r.converted),
        rewards_given: Number(r.rewards_given),
      }));
    },

    /** The tenant's credit outstanding now, per unit (units with none left are not listed). */
    async creditOutstanding(tenantId: string): Promise<CreditOutstandingRow[]> {
      const { rows } = await db.raw<{ rows: { unit: string; outstanding_cents: string }[] }>(
        `select unit, sum(outstanding_cents)::text as outstanding_cents from portal_credit_stats
         where tenant_id = ? group by unit having sum(outstanding_cents) <> 0 order by unit`,
        [tenantId],
      );
      return rows.map((r) => ({ unit: r.unit, outstanding_cents: Number(r.outstanding_cents) }));
    },

    /**
     * The top `limit` referrers of [start, end): by referrals converted (date_paid in range), then
     * started (date_started in range), then account and user id. Only a referrer with at least as many
     * conversions as the limit-th best can rank, so conversions are counted for every referrer (one
     * index-only scan grouped by referrer) and starts only for those candidates; when fewer than
     * `limit` referrers converted, the rest of the board is the top by starts alone.
     */
    async leaderboard(tenantId: string, start: Date, end: Date, limit: number): Promise<LeaderboardRow[]> {
      const b = { t: tenantId, s: start, e: end, limit };
      const startedIn = (alias: string) =>
        `(select count(*) from referrals x where x.tenant_id = :t and x.referrer_account_id = ${alias}.referrer_account_id
            and x.referrer_user_id = ${alias}.referrer_user_id and x.date_started >= :s and x.date_started < :e)::int`;
      const { rows: converters } = await db.raw<{ rows: LeaderboardRow[] }>(
        `with conv as (
           select referrer_account_id, referrer_user_id, count(*)::int as converted
           from referrals where tenant_id = :t and date_paid >= :s and date_paid < :e
           group by referrer_account_id, referrer_user_id
         ),
         cut as (select coalesce((select converted from conv order by converted desc offset :limit - 1 limit 1), 1) as c)
         select c.referrer_account_id, c.referrer_user_id, c.converted, ${startedIn('c')} as started
         from conv c, cut where c.converted >= cut.c`,
        b,
      );
      let board = converters.sort(byRank).slice(0, limit);
      if (board.length < limit) {
        const { rows: starters } = await db.raw<{ rows: LeaderboardRow[] }>(
          `select referrer_account_id, referrer_user_id, 0 as converted, count(*)::int as started
           from referrals where tenant_id = :t and date_started >= :s and date_started < :e
           group by referrer_account_id, referrer_user_id
           order by started desc, referrer_account_id, referrer_user_id
           limit :limit + ${board.length}`,
          b,
        );
        const ranked = new Set(board.map((r) => `${r.referrer_account_id}\u0000${r.referrer_user_id}`));
        const rest = starters.filter(
          (r) => !ranked.has(`${r.referrer_account_id}\u0000${r.referrer_user_id}`),
        );
        board = [...board, ...rest].sort(byRank).slice(0, limit);
      }
      if (board.length === 0) return [];
      const { rows: users } = await db.raw<{
        rows: Pick<
          LeaderboardRow,
          'referrer_account_id' | 'referrer_user_id' | 'first_name' | 'last_name' | 'share_code'
        >[];
      }>(
        `select u.account_id as referrer_account_id, u.id as referrer_user_id, u.first_name, u.last_name, u.share_code
         from users u join unnest(?::text[], ?::text[]) k(account_id, id) on u.account_id = k.account_id and u.id = k.id
         where u.tenant_id = ?`,
        [board.map((r) => r.referrer_account_id), board.map((r) => r.referrer_user_id), tenantId],
      );
      const byKey = new Map(users.map((u) => [`${u.referrer_account_id}\u0000${u.referrer_user_id}`, u]));
      return board.map((r) => {
        const user = byKey.get(`${r.referrer_account_id}\u0000${r.referrer_user_id}`);
        return {
          ...r,
          first_name: user?.first_name ?? null,
          last_name: user?.last_name ?? null,
          share_code: user?.share_code ?? null,
        };
      });
    },
  };
}
