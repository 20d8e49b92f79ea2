import type { DbOrTrx } from '../db/knex';
import { matchedAccounts, SIMILAR_RANK, wantsSimilar } from './people-search.repo';
import { FROM_MICROS, MICROS, type KeysetPosition } from './referral-search.repo';

/** An account as the portal's list shows it, with its keyset position. */
export interface AccountSummaryRow {
  id: string;
  created_at: Date;
  /** The first user's e-mail (by creation) among users that have one. */
  email: string | null;
  user_count: number;
  referrals_made: number;
  cursor_micros: string;
  /** the first user's (by creation) name among users that have one, and the rank under `query`. */
  name: string | null;
  search_rank: number | null;
}

interface AccountPageOptions {
  search?: string;
  /** the ranked search (people-search.repo); best rank first, similar only when nothing closer. */
  query?: string;
  limit: number;
  after?: KeysetPosition;
}

/** The portal's account list: a search and keyset pages, newest first (indexes: migration 010). */
export function createAccountSearchRepo(db: DbOrTrx) {
  return {
    /**
     * Up to `limit` accounts after `after`, newest created first, ties by id descending. `search`
     * matches an account id, a user id, an e-mail (any case) or a share code (any case, past codes too).
     */
    async page(tenantId: string, options: AccountPageOptions): Promise<AccountSummaryRow[]> {
      const similar = options.after?.rank === SIMILAR_RANK;
      const rows = await this.pageOf(tenantId, options, similar);
      if (rows.length > 0 || similar || options.after || !wantsSimilar(options.query)) return rows;
      return this.pageOf(tenantId, options, true);
    },

    /** One try of page(): with or without similar matches. */
    async pageOf(
      tenantId: string,
      options: AccountPageOptions,
      similar: boolean,
    ): Promise<AccountSummaryRow[]> {
      const query = db('accounts as a').where('a.tenant_id', tenantId);
      if (options.search !== undefined) {
        query.where(
          'a.id',
          'in',
          db.raw(
            `(select :s::text
             union
             select account_id from users where tenant_id = :t and (id = :s or lower(email) = lower(:s))
             union
             select account_id from referral_codes where tenant_id = :t and upper(code) = upper(:s))`,
            { t: tenantId, s: options.search },
          ),
        );
      }
      const ranked = options.query !== undefined;
      if (ranked) {
        query.joinRaw('join ? as m on m.account_id = a.id', [
          matchedAccounts(db, tenantId, options.query!, similar),
        ]);
      }
      const after = options.after;
      if (after && ranked) {
        const rank = after.rank ?? 0;
        query.whereRaw(`(m.rank > ? or (m.rank = ? and (a.created_at, a.id) < (${FROM_MICROS}, ?)))`, [
          rank,
          rank,
          after.micros,
          after.id,
        ]);
      } else if (after) {
        query.whereRaw(`(a.created_at, a.id) < (${FROM_MICROS}, ?)`, [after.micros, after.id]);
      }
      if (ranked) query.orderBy('m.rank', 'asc');
      const rows = await query
        .orderBy([
          { column: 'a.created_at', order: 'desc' },
          { column: 'a.id', order: 'desc' },
        ])
        .limit(options.limit)
        .select(
          'a.id',
          'a.created_at',
          db.raw(`${MICROS('a.created_at')} as cursor_micros`),
          db.raw(
            `(select u.email from users u where u.tenant_id = a.tenant_id and u.account_id = a.id
               and u.email is not null order by u.created_at, u.id limit 1) as email`,
          ),
          db.raw(ranked ? 'm.rank::int as search_rank' : 'null::int as search_rank'),
          db.raw(
            `(select nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
               from users u where u.tenant_id = a.tenant_id and u.account_id = a.id
               and (u.first_name is not null or u.last_name is not null) order by u.created_at, u.id limit 1) as name`,
          ),
          db.raw(
            '(select count(*) from users u where u.tenant_id = a.tenant_id and u.account_id = a.id)::int as user_count',
          ),
          db.raw(
            `(select count(*) from referrals r where r.tenant_id = a.tenant_id
               and r.referrer_account_id = a.id)::int as referrals_made`,
          ),
        );
      return rows as AccountSummaryRow[];
    },
  };
}
