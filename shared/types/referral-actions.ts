/** What an operator may do by hand to a referral or a reward; the rules are in shared/domain/referrals/referral-action-rules.ts. */
export const REFERRAL_ACTIONS = [
  'CANCEL',
  'REATTRIBUTE',
  'GRANT_REWARD',
  'VOID_REWARD',
  'MARK_FULFILLED',
  'NOTE',
] as const;
export type ReferralAction = (typeof REFERRAL_ACTIONS)[number];
