import type { Knex } from 'knex';
import type { DbOrTrx } from '../db/knex';
import type { ReferralStatus } from '../types/referrals';
import { matchedReferrals, SIMILAR_RANK, wantsSimilar, type PersonCells } from './people-search.repo';
import type { ReferralRow, ReviewStatus } from './referrals.repo';

/** A list row with its keyset position: date_started in microseconds since the epoch (exact). */
export interface ListedReferralRow extends ReferralRow {
  cursor_micros: string;
  /** The row's rank under a ranked search (`query`); null without one. */
  search_rank: number | null;
  /** The referring user and the referred account's first user (by creation), for lists that show people. */
  referrer_person: PersonCells | null;
  friend_person: PersonCells | null;
}

const PERSON = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name, 'email', ${alias}.email)`;

/** Where a page continues from: the last row's date_started (microseconds) and id. */
export interface KeysetPosition {
  micros: string;
  id: string;
  /** The row's rank under a ranked search. */
  rank?: number;
}

export interface ReferralListFilter {
  status?: ReferralStatus;
  /** date_started ≥ start */
  start?: Date;
  /** date_started < end */
  end?: Date;
  /** The code used, any case. */
  code?: string;
  /** An account id (referrer or referred), user id, e-mail (any case) or code used (any case). */
  search?: string;
  /** Only referrals whose review is in this state (the review queue: PENDING). */
  review?: ReviewStatus;
  /** a ranked search by partial name, e-mail, id or code (people-search.repo); pages go by rank. */
  query?: string;
}

/** Microseconds since the epoch of a timestamptz column, computed exactly (numeric), as text. */
export const MICROS = (column: string) => `(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** The instant `micros` microseconds after the epoch, exactly (no floating point). */
export const FROM_MICROS = `(timestamptz 'epoch' + ?::bigint * interval '1 microsecond')`;

/**
 * The ids of the tenant's referrals a search matches (parenthesised, for `in`), one indexed lookup per kind: the referrer's or
 * referred account id, the code used, and users found by id or e-mail as referrer or referred.
 */
function matchingIds(db: DbOrTrx, tenantId: string, search: string): Knex.Raw {
  return db.raw(
    `(select id from referrals where tenant_id = :t and (referrer_account_id = :s or referred_account_id = :s)
     union
     select id from referrals where tenant_id = :t and upper(referral_code_used) = upper(:s)
     union
     select r.id from users u
       join referrals r on r.tenant_id = u.tenant_id and r.referrer_account_id = u.account_id and r.referrer_user_id = u.id
     where u.tenant_id = :t and (u.id = :s or lower(u.email) = lower(:s))
     union
     select r.id from users u
       join referrals r on r.tenant_id = u.tenant_id and r.referred_account_id = u.account_id
     where u.tenant_id = :t and (u.id = :s or lower(u.email) = lower(:s)))`,
    { t: tenantId, s: search },
  );
}

/** The portal's referral list: filters, search and keyset pages, newest first (indexes: migration 010). */
export function createReferralSearchRepo(db: DbOrTrx) {
  return {
    /**
     * Up to `limit` referrals after `after` (exclusive), newest started first, ties by id descending;
     * with `filter.query`, best rank first, and similar matches only when nothing matches closer.
     */
    async page(
      tenantId: string,
      filter: ReferralListFilter,
      limit: number,
      after?: KeysetPosition,
    ): Promise<ListedReferralRow[]> {
      const similar = after?.rank === SIMILAR_RANK;
      const rows = await this.pageOf(tenantId, filter, limit, after, similar);
      if (rows.length > 0 || similar || after || !wantsSimilar(filter.query)) return rows;
      return this.pageOf(tenantId, filter, limit, after, true);
    },

    pageOf(
      tenantId: string,
      filter: ReferralListFilter,
      limit: number,
      after: KeysetPosition | undefined,
      similar: boolean,
    ): Promise<ListedReferralRow[]> {
      const query = db<ReferralRow>('referrals as r').where('r.tenant_id', tenantId);
      if (filter.status) query.where('r.status', filter.status);
      if (filter.review) query.where('r.review_status', filter.review);
      if (filter.start) query.where('r.date_started', '>=', filter.start);
      if (filter.end) query.where('r.date_started', '<', filter.end);
      if (filter.code) query.whereRaw('upper(r.referral_code_used) = upper(?)', [filter.code]);
      if (filter.search) query.where('r.id', 'in', matchingIds(db, tenantId, filter.search));
      const ranked = filter.query !== undefined;
      if (ranked)
        query.joinRaw('join ? as m on m.id = r.id', [matchedReferrals(db, tenantId, filter.query!, similar)]);
      if (after && ranked) {
        query.whereRaw(
          `(m.rank > ? or (m.rank = ? and (r.date_started, r.id) < (${FROM_MICROS}, ?::uuid)))`,
          [after.rank ?? 0, after.rank ?? 0, after.micros, after.id],
        );
      } else if (after) {
        query.whereRaw(`(r.date_started, r.id) < (${FROM_MICROS}, ?::uuid)`, [after.micros, after.id]);
      }
      if (ranked) query.orderBy('m.rank', 'asc');
      return query
        .orderBy([
          { column: 'r.date_started', order: 'desc' },
          { column: 'r.id', order: 'desc' },
        ])
        .limit(limit)
        .select(
          'r.*',
          db.raw(`${MICROS('r.date_started')} as cursor_micros`),
          db.raw(ranked ? 'm.rank::int as search_rank' : 'null::int as search_rank'),
          db.raw(
            `(select ${PERSON('u')} from users u where u.tenant_id = r.tenant_id
               and u.account_id = r.referrer_account_id and u.id = r.referrer_user_id) as referrer_person`,
          ),
          db.raw(
            `(select ${PERSON('u')} from users u where u.tenant_id = r.tenant_id
               and u.account_id = r.referred_account_id order by u.created_at, u.id limit 1) as friend_person`,
          ),
        ) as unknown as Promise<ListedReferralRow[]>;
    },

    /** One of the tenant's referrals; `id` is a UUID. */
    async find(tenantId: string, id: string): Promise<ReferralRow | undefined> {
      return db<ReferralRow>('referrals').where({ tenant_id: tenantId, id }).first();
    },
  };
}
