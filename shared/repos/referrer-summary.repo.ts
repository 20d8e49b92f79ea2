import type { RewardType } from '../contract/enums';
import type { DbOrTrx } from '../db/knex';
import type { ReferralStatus, RewardStatus } from '../types/referrals';
import type { UserRow } from './users.repo';

/** The referrer's reward for one referral, as the friend's row in the widget shows it. */
export interface FriendReward {
  type: RewardType;
  status: RewardStatus;
  discount_percent: number | null;
  amount_cents: number | null;
  unit: string | null;
}

/** A referral as its referrer's widget lists it, with the referred account's first user's name. */
export interface ReferredFriend {
  id: string;
  status: ReferralStatus;
  /** PENDING while an operator reviews the referral (fraud policy REVIEW). */
  review_status: string | null;
  date_started: Date;
  /** date_started in microseconds since the epoch: the page cursor's exact position. */
  started_us: string;
  date_paid: Date | null;
  first_name: string | null;
  last_name: string | null;
  /** The referrer's reward for this referral (FRIEND_SIGNUP), if one was made. */
  reward: FriendReward | null;
}

/** The referrer's rewards summed per type and unit (server-side, however many friends). */
export interface RewardTotals {
  type: RewardType;
  unit: string | null;
  /** Percents of AVAILABLE discounts, summed (the program caps the sum). */
  available_percent: number;
  /** Credit still AVAILABLE (amount less redeemed). */
  available_cents: number;
  /** Credit earned: AVAILABLE, REDEEMED or EXPIRED (not pending, in review or cancelled). */
  earned_cents: number;
}

/** How this user's own account was referred: the referrer's first name and the discount it got. */
export interface ReferredBy {
  referrer_first_name: string | null;
  status: ReferralStatus;
  discount_percent: number | null;
  reward_status: RewardStatus | null;
}

export interface ReferrerSummary {
  user: Pick<UserRow, 'id' | 'account_id' | 'first_name' | 'share_code'>;
  /** Newest first (date_started, id), after the cursor, at most the limit asked for. */
  friends: ReferredFriend[];
  /** Whether more friends follow the last one returned. */
  more: boolean;
  counts: { friends: number; subscribed: number };
  totals: RewardTotals[];
  referredBy: ReferredBy | null;
}

/** A page's position: the last friend shown (its start in microseconds, and its id). */
export interface FriendsCursor {
  startedUs: string;
  id: string;
}

type FriendJson = Omit<ReferredFriend, 'date_started' | 'date_paid' | 'first_name' | 'last_name'> & {
  date_started: number;
  date_paid: number | null;
  friend: { first_name: string | null; last_name: string | null } | null;
};

interface ReferredByJson {
  status: ReferralStatus;
  referrer_first_name: string | null;
  reward: { discount_percent: number | null; status: RewardStatus } | null;
}

/** Milliseconds since the epoch, truncated as the driver's Date is (so every answer shows the same). */
const EPOCH_MS = (column: string) => `floor(extract(epoch from ${column}) * 1000)::bigint`;
const MINE =
  'r.tenant_id = u.tenant_id and r.referrer_account_id = u.account_id and r.referrer_user_id = u.id';

/**
 * What a referrer's widget shows, in one statement (one round trip, one plan): the user; one page of the
 * referrals they made (a keyset on the referrer index (…, date_started desc, id desc) with a LIMIT) with
 * each friend's name and the referrer's reward for it; the counts and reward totals aggregated in SQL;
 * and, for a referred user, who referred them and the discount they got.
 */
export function createReferrerSummaryRepo(db: DbOrTrx) {
  return {
    async find(
      tenantId: string,
      ids: { accountId: string; userId: string },
      page: { limit: number; after?: FriendsCursor; programId?: string },
      trx: DbOrTrx = db,
    ): Promise<ReferrerSummary | undefined> {
      const after = page.after;
      // One program's referrals and rewards (the widget's programId), else all of the user's.
      const program = page.programId;
      const inProgram = program ? ' and r.program_id = ?' : '';
      const rewardInProgram = program
        ? ' and exists (select 1 from referrals pr where pr.id = w.referral_id and pr.program_id = ?)'
        : '';
      const programParam = program ? [program] : [];
      // Scalar subqueries rather than joins: the statement is planned on every call, and its planning
      // cost grows with each join the planner must order (about twice the execution time otherwise).
      const { rows } = await trx.raw(
        `select u.id, u.account_id, u.first_name, u.share_code,
           (select coalesce(json_agg(f order by f.date_started desc, f.id desc), '[]') from (
              select r.id, r.status, r.review_status, ${EPOCH_MS('r.date_started')} as date_started,
                (extract(epoch from r.date_started) * 1000000)::bigint::text as started_us,
                ${EPOCH_MS('r.date_paid')} as date_paid,
                (select json_build_object('first_name', x.first_name, 'last_name', x.last_name) from users x
                 where x.tenant_id = r.tenant_id and x.account_id = r.referred_account_id
                 order by x.created_at, x.id limit 1) as friend,
                (select json_build_object('type', w.type, 'status', w.status,
                   'discount_percent', w.discount_percent, 'amount_cents', w.amount_cents, 'unit', w.unit)
                 from rewards w where w.tenant_id = r.tenant_id and w.referral_id = r.id
                   and w.reward_source = 'FRIEND_SIGNUP') as reward
              from referrals r
              where ${MINE}${inProgram}${
                after
                  ? ` and (r.date_started, r.id) <
                      ('epoch'::timestamptz + ?::bigint * interval '1 microsecond', ?::uuid)`
                  : ''
              }
              order by r.date_started desc, r.id desc
              limit ?
           ) f) as friends,
           (select json_build_object('friends', count(*),
                   'subscribed', count(*) filter (where r.status = 'CONVERTED'))
            from referrals r where ${MINE}${inProgram}) as counts,
           (select coalesce(json_agg(t), '[]') from (
              select w.type, w.unit,
                coalesce(sum(w.discount_percent) filter (where w.status = 'AVAILABLE'), 0)::int
                  as available_percent,
                coalesce(sum(w.amount_cents - w.redeemed_cents) filter (where w.status = 'AVAILABLE'), 0)::float8
                  as available_cents,
                coalesce(sum(w.amount_cents) filter (where w.status in ('AVAILABLE', 'REDEEMED', 'EXPIRED')), 0)::float8
                  as earned_cents
              from rewards w
              where w.tenant_id = u.tenant_id and w.account_id = u.account_id and w.user_id = u.id
                and w.reward_source = 'FRIEND_SIGNUP' and w.status <> 'CANCELLED'${rewardInProgram}
              group by w.type, w.unit order by w.type, w.unit
           ) t) as totals,
           (select json_build_object('status', b.status,
              'referrer_first_name', (select ru.first_name from users ru where ru.tenant_id = b.tenant_id
                and ru.account_id = b.referrer_account_id and ru.id = b.referrer_user_id),
              'reward', (select json_build_object('discount_percent', bw.discount_percent, 'status', bw.status)
                from rewards bw where bw.tenant_id = b.tenant_id and bw.referral_id = b.id
                  and bw.reward_source = 'REFERRED'))
            from referrals b
            where b.tenant_id = u.tenant_id and b.referred_account_id = u.account_id) as referred_by
         from users u
         where u.tenant_id = ? and u.account_id = ? and u.id = ?`,
        [
          ...programParam,
          ...(after ? [after.startedUs, after.id] : []),
          page.limit + 1,
          ...programParam,
          ...programParam,
          tenantId,
          ids.accountId,
          ids.userId,
        ],
      );
      const row = rows[0] as
        | (ReferrerSummary['user'] & {
            friends: FriendJson[];
            counts: ReferrerSummary['counts'];
            totals: RewardTotals[];
            referred_by: ReferredByJson | null;
          })
        | undefined;
      if (!row) return undefined;
      const { friends, counts, totals, referred_by, ...user } = row;
      return {
        user,
        friends: friends.slice(0, page.limit).map(({ friend, ...f }) => ({
          ...f,
          date_started: new Date(f.date_started),
          date_paid: f.date_paid === null ? null : new Date(f.date_paid),
          first_name: friend?.first_name ?? null,
          last_name: friend?.last_name ?? null,
        })),
        more: friends.length > page.limit,
        counts,
        totals,
        referredBy: referred_by && {
          referrer_first_name: referred_by.referrer_first_name,
          status: referred_by.status,
          discount_percent: referred_by.reward?.discount_percent ?? null,
          reward_status: referred_by.reward?.status ?? null,
        },
      };
    },
  };
}
