import type { ReferralRow } from '../../repos/referrals.repo';
import type { RewardRow } from '../../repos/rewards.repo';
import { presentReward } from '../rewards/rewards';

/**
 * A referral as GraphQL and REST answer it, with its two sides' rewards taken from `rewards` (any list
 * that holds them; others are ignored).
 */
export function presentReferral(row: ReferralRow, rewards: RewardRow[]) {
  const side = (source: RewardRow['reward_source']) => {
    const reward = rewards.find(
      (r) => r.referral_id === row.id && r.reward_source === source && (r.grant_no ?? 0) === 0,
    );
    return reward ? presentReward(reward) : null;
  };
  return {
    id: row.id,
    status: row.status,
    referralCodeUsed: row.referral_code_used,
    attributionSource: row.attribution_source,
    referrerAccountId: row.referrer_account_id,
    referrerUserId: row.referrer_user_id,
    referredAccountId: row.referred_account_id,
    referrerReward: side('FRIEND_SIGNUP'),
    referredReward: side('REFERRED'),
    dateReferralStarted: row.date_started.getTime(),
    dateReferralPaid: row.date_paid?.getTime() ?? null,
    dateReferralEnded: row.date_ended?.getTime() ?? null,
    /** What looked suspicious at attribution, with evidence; [] when nothing did. */
    fraudSignals: row.fraud_signals,
    /** The review the fraud policy asked for (REVIEW) and its decision; null when none was asked for. */
    review: row.review_status
      ? {
          status: row.review_status,
          reason: row.review_reason,
          reviewedBy: row.reviewed_by,
          dateReviewed: row.reviewed_at?.getTime() ?? null,
        }
      : null,
  };
}

export type ReferralView = ReturnType<typeof presentReferral>;
