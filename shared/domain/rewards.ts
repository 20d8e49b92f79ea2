import type { DbOrTrx } from '../db/knex';
import type { ReferralRow } from '../repos/referrals.repo';
import { createRewardsRepo, type RewardRow } from '../repos/rewards.repo';
import type { ProgramSettings } from '../types/program';

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
    trx,
  );
  return row;
}

/** The referrer's reward, unlocked at conversion; the unique (referral, source) index makes it once. */
export async function grantReferrerReward(
  trx: DbOrTrx,
  referral: ReferralRow,
  program: ProgramSettings,
): Promise<{ row: RewardRow; created: boolean }> {
  const reward = program.referrerReward;
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
  };
}

export type Reward = ReturnType<typeof presentReward>;
