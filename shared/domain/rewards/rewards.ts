import type { DbOrTrx } from '../../db/knex';
import type { ReferralRow } from '../../repos/referrals.repo';
import {
  createRewardsRepo,
  type NewReward,
  type RewardRow,
  type RewardStart,
} from '../../repos/rewards.repo';
import type { ProgramSettings, ReferrerReward } from '../../types/program';

/** How a reward of this referral starts, whatever else it is: waiting for review, or refused by it. */
function reviewedStart(referral: ReferralRow, start: RewardStart): RewardStart {
  if (referral.review_status === 'PENDING') return { ...start, status: 'PENDING_REVIEW' };
  if (referral.review_status === 'DENIED') return { ...start, status: 'CANCELLED' };
  return start;
}

/**
 * A new reward on one side of a referral: the referrer's account and user, or the friend's account.
 * Used by rewards given after attribution (a rule's, an operator's).
 */
export function sideReward(
  referral: ReferralRow,
  side: 'REFERRER' | 'REFERRED',
  reward: ReferrerReward,
): NewReward {
  const referrer = side === 'REFERRER';
  return {
    tenant_id: referral.tenant_id,
    account_id: referrer ? referral.referrer_account_id : referral.referred_account_id,
    user_id: referrer ? referral.referrer_user_id : null,
    referral_id: referral.id,
    reward_source: referrer ? 'FRIEND_SIGNUP' : 'REFERRED',
    type: reward.type,
    discount_percent: reward.type === 'PCT_DISCOUNT' ? reward.discountPercent : null,
    amount_cents: reward.type === 'CREDIT' ? reward.amountCents : null,
    unit: reward.type === 'CREDIT' ? reward.unit : null,
  };
}

/**
 * How a reward given at conversion starts: PENDING for the program's hold (days of `dayMs`), else
 * AVAILABLE; credit carries the program's creditExpiryDays, counted from when it becomes AVAILABLE; and
 * the referral's review decides over both.
 */
export function rewardStart(
  referral: ReferralRow,
  program: ProgramSettings,
  type: RewardRow['type'],
  dayMs: number,
): RewardStart {
  const holdMs = program.rewardHoldDays > 0 ? program.rewardHoldDays * dayMs : null;
  const expiryMs =
    type === 'CREDIT' && program.creditExpiryDays !== null ? program.creditExpiryDays * dayMs : null;
  return reviewedStart(referral, { status: holdMs === null ? 'AVAILABLE' : 'PENDING', holdMs, expiryMs });
}

/** The referred side's discount, given at attribution so the new customer gets it at once. */
export async function grantReferredReward(
  trx: DbOrTrx,
  referral: ReferralRow,
  program: ProgramSettings,
): Promise<RewardRow | null> {
  if (program.referredDiscountPercent <= 0) return null;
  const { row } = await createRewardsRepo(trx).insertOnce(
    {
      tenant_id: referral.tenant_id,
      account_id: referral.referred_account_id,
      user_id: null,
      referral_id: referral.id,
      reward_source: 'REFERRED',
      type: 'PCT_DISCOUNT',
      discount_percent: program.referredDiscountPercent,
      amount_cents: null,
      unit: null,
    },
    reviewedStart(referral, { status: 'AVAILABLE', holdMs: null, expiryMs: null }),
    trx,
  );
  return row;
}

/**
 * The referrer's reward, unlocked at conversion; the unique (referral, source) index makes it once. Under
 * the program's hold it is PENDING for rewardHoldDays (days of `dayMs`, REWARD_DAY_MS); credit carries
 * the program's creditExpiryDays, counted from when it becomes AVAILABLE.
 */
export async function grantReferrerReward(
  trx: DbOrTrx,
  referral: ReferralRow,
  program: ProgramSettings,
  dayMs: number,
): Promise<{ row: RewardRow; created: boolean }> {
  const reward = program.referrerReward;
  const start = rewardStart(referral, program, reward.type, dayMs);
  return createRewardsRepo(trx).insertOnce(
    {
      tenant_id: referral.tenant_id,
      account_id: referral.referrer_account_id,
      user_id: referral.referrer_user_id,
      referral_id: referral.id,
      reward_source: 'FRIEND_SIGNUP',
      type: reward.type,
      discount_percent: reward.type === 'PCT_DISCOUNT' ? reward.discountPercent : null,
      amount_cents: reward.type === 'CREDIT' ? reward.amountCents : null,
      unit: reward.type === 'CREDIT' ? reward.unit : null,
    },
    start,
    trx,
  );
}

export function presentReward(row: RewardRow) {
  return {
    id: row.id,
    type: row.type,
    discountPercent: row.discount_percent,
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    redeemedCents: Number(row.redeemed_cents),
    unit: row.unit,
    rewardSource: row.reward_source,
    referralId: row.referral_id,
    status: row.status,
    dateGiven: row.date_given.getTime(),
    dateCancelled: row.date_cancelled?.getTime() ?? null,
    dateRedeemed: row.date_redeemed?.getTime() ?? null,
    /** A PENDING reward's hold end. */
    holdUntil: row.hold_until?.getTime() ?? null,
    /** When an AVAILABLE credit reward's unredeemed part expires. */
    expiresAt: row.expires_at?.getTime() ?? null,
    dateExpired: row.date_expired?.getTime() ?? null,
  };
}

export type Reward = ReturnType<typeof presentReward>;
