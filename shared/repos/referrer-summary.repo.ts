import type { DbOrTrx } from '../db/knex';
import type { ReferralStatus } from '../types/referrals';
import type { RewardRow } from './rewards.repo';
import type { UserRow } from './users.repo';

/** A referral as its referrer's widget lists it, with the referred account's first user's name. */
export interface ReferredFriend {
  status: ReferralStatus;
  date_started: Date;
  date_paid: Date | null;
  first_name: string | null;
  last_name: string | null;
}

/** A reward the referrer earned (not cancelled), as far as its totals need it. */
export type EarnedReward = Pick<
  RewardRow,
  'type' | 'status' | 'discount_percent' | 'amount_cents' | 'redeemed_cents' | 'unit'
>;

export interface ReferrerSummary {
  user: Pick<UserRow, 'id' | 'account_id' | 'first_name' | 'share_code'>;
  /** Newest first, at most the limit asked for. */
  friends: ReferredFriend[];
  earned: EarnedReward[];
}

interface FriendJson extends Omit<ReferredFriend, 'date_started' | 'date_paid'> {
  id: string;
  date_started: number;
  date_paid: number | null;
}

/** Milliseconds since the epoch, truncated as the driver's Date is (so every answer shows the same). */
const EPOCH_MS = (column: string) => `floor(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * What a referrer's widget shows, in one statement (one round trip, one plan): the user, the referrals
 * they made with each friend's name (the referred account's first user), and the rewards they earned.
 * It runs at the widget's request rate, where three separate queries cost the gateway twice the CPU.
 */
export function createReferrerSummaryRepo(db: DbOrTrx) {
  return {
    async find(
      tenantId: string,
      ids: { accountId: string; userId: string },
      friendsLimit: number,
      trx: DbOrTrx = db,
    ): Promise<ReferrerSummary | undefined> {
      const { rows } = await trx.raw(
        `select u.id, u.account_id, u.first_name, u.share_code,
           (select coalesce(json_agg(f order by f.date_started desc, f.id), '[]') from (
              select r.id, r.status, ${EPOCH_MS('r.date_started')} as date_started,
                     ${EPOCH_MS('r.date_paid')} as date_paid, n.first_name, n.last_name
              from referrals r
              left join lateral (
                select x.first_name, x.last_name from users x
                where x.tenant_id = r.tenant_id and x.account_id = r.referred_account_id
                order by x.created_at, x.id limit 1
              ) n on true
              where r.tenant_id = u.tenant_id and r.referrer_account_id = u.account_id
                and r.referrer_user_id = u.id
              order by r.date_started desc, r.id
              limit ?
           ) f) as friends,
           (select coalesce(json_agg(json_build_object(
                'type', w.type, 'status', w.status, 'discount_percent', w.discount_percent,
                'amount_cents', w.amount_cents::text, 'redeemed_cents', w.redeemed_cents::text, 'unit', w.unit
              ) order by w.date_given), '[]')
            from rewards w
            where w.tenant_id = u.tenant_id and w.account_id = u.account_id and w.user_id = u.id
              and w.reward_source = 'FRIEND_SIGNUP' and w.status <> 'CANCELLED') as earned
         from users u
         where u.tenant_id = ? and u.account_id = ? and u.id = ?`,
        [friendsLimit, tenantId, ids.accountId, ids.userId],
      );
      const row = rows[0] as
        (ReferrerSummary['user'] & { friends: FriendJson[]; earned: EarnedReward[] }) | undefined;
      if (!row) return undefined;
      const { friends, earned, ...user } = row;
      return {
        user,
        friends: friends.map((f) => ({
          status: f.status,
          date_started: new Date(f.date_started),
          date_paid: f.date_paid === null ? null : new Date(f.date_paid),
          first_name: f.first_name,
          last_name: f.last_name,
        })),
        earned,
      };
    },
  };
}
