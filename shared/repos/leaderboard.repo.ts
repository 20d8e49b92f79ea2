import type { DbOrTrx } from '../db/knex';

/** A referrer on a program's leaderboard: who (never shown: the domain keeps names only) and how many. */
export interface LeaderRow {
  account_id: string;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  conversions: number;
}

export function createLeaderboardRepo(db: DbOrTrx) {
  return {
    /**
     * The program's referrers by converted referrals (since `since`, or ever), most first; a tie goes to
     * whoever got there first. Referrals an operator denied do not count.
     */
    async top(tenantId: string, programId: string, since: Date | null, limit: number): Promise<LeaderRow[]> {
      const { rows } = await db.raw<{ rows: LeaderRow[] }>(
        `select r.referrer_account_id as account_id, r.referrer_user_id as user_id,
                u.first_name, u.last_name, count(*)::int as conversions
         from referrals r
         left join users u
           on u.tenant_id = r.tenant_id and u.account_id = r.referrer_account_id and u.id = r.referrer_user_id
         where r.tenant_id = ? and r.program_id = ? and r.date_paid is not null
           and r.review_status is distinct from 'DENIED'${since ? ' and r.date_paid >= ?' : ''}
         group by 1, 2, 3, 4
         order by conversions desc, max(r.date_paid), 1, 2
         limit ?`,
        [tenantId, programId, ...(since ? [since] : []), limit],
      );
      return rows;
    },
  };
}
