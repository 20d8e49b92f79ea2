import type { ReferralRow } from '../../repos/referrals.repo';
import type { RewardRow } from '../../repos/rewards.repo';
import type { ReferralAction } from '../../types/referral-actions';

/**
 * What an operator may do by hand to a referral or a reward, and when. Pure: each function
 * answers the refusal (a stable problem code and a sentence naming it) or null when the action may go
 * ahead. docs/operators.md "Acting on referrals and rewards" is the same table in words.
 */
export { REFERRAL_ACTIONS, type ReferralAction } from '../../types/referral-actions';

/** Actions on a reward (the id is a reward's); the rest act on a referral. */
export const REWARD_ACTIONS: readonly ReferralAction[] = ['VOID_REWARD', 'MARK_FULFILLED'];

export type ActionProblem =
  | 'REFERRAL_ENDED'
  | 'SAME_REFERRER'
  | 'SELF_REFERRAL'
  | 'REFERRER_REWARD_USED'
  | 'REWARD_VOIDED'
  | 'REWARD_FULFILLED'
  | 'REWARD_REDEEMED'
  | 'REWARD_PARTLY_REDEEMED'
  | 'REWARD_EXPIRED'
  | 'REWARD_HELD'
  | 'REWARD_IN_REVIEW'
  | 'NOT_CREDIT';

export interface Refusal {
  problem: ActionProblem;
  message: string;
}

const refuse = (problem: ActionProblem, message: string): Refusal => ({ problem, message });

function ended(referral: ReferralRow): Refusal | null {
  return referral.status === 'ENDED'
    ? refuse(
        'REFERRAL_ENDED',
        'The referral has ended: it can no longer be cancelled, re-attributed or rewarded',
      )
    : null;
}

/** Cancelling ends the referral and voids its live rewards; redeemed, expired and fulfilled ones stay. */
export function cancelRefusal(referral: ReferralRow): Refusal | null {
  return ended(referral);
}

/** A manual reward goes on a referral that has not ended (an ended referral gives nothing more). */
export function grantRefusal(referral: ReferralRow): Refusal | null {
  return ended(referral);
}

/**
 * Re-attributing moves the referral, and its referrer reward if it has one that nothing was taken from
 * yet, to another referrer; never to the referred account itself, never after the reward was used.
 */
export function reattributeRefusal(
  referral: ReferralRow,
  to: { accountId: string; userId: string },
  referrerReward: RewardRow | null,
): Refusal | null {
  const end = ended(referral);
  if (end) return end;
  if (to.accountId === referral.referred_account_id) {
    return refuse('SELF_REFERRAL', 'A referral cannot be attributed to the referred account itself');
  }
  if (to.accountId === referral.referrer_account_id && to.userId === referral.referrer_user_id) {
    return refuse('SAME_REFERRER', 'The referral is already attributed to that referrer');
  }
  if (referrerReward && (used(referrerReward) || referrerReward.fulfilled_at !== null)) {
    return refuse(
      'REFERRER_REWARD_USED',
      `The referrer's reward was already used (${referrerReward.status.toLowerCase()}): it cannot move to another referrer`,
    );
  }
  return null;
}

function used(reward: RewardRow): boolean {
  return ['REDEEMED', 'EXPIRED'].includes(reward.status) || Number(reward.redeemed_cents) > 0;
}

/**
 * Voiding cancels a reward that is held, waiting for review or available with nothing taken from it.
 * A reward marked fulfilled was paid outside the service: voiding it would hide money already paid, so
 * it is refused (record a note instead, and recover the money outside).
 */
export function voidRefusal(reward: RewardRow): Refusal | null {
  if (reward.status === 'CANCELLED') return refuse('REWARD_VOIDED', 'The reward is already void (cancelled)');
  if (reward.fulfilled_at !== null) {
    return refuse(
      'REWARD_FULFILLED',
      `The reward was marked fulfilled (paid outside the service, reference ${reward.fulfilment_reference ?? '-'}): it cannot be voided; add a note instead`,
    );
  }
  if (reward.status === 'REDEEMED')
    return refuse('REWARD_REDEEMED', 'The reward was redeemed: it cannot be voided');
  if (reward.status === 'EXPIRED')
    return refuse('REWARD_EXPIRED', 'The reward has expired: it cannot be voided');
  if (Number(reward.redeemed_cents) > 0) {
    return refuse(
      'REWARD_PARTLY_REDEEMED',
      `The reward was partly redeemed (${Number(reward.redeemed_cents)} of ${Number(reward.amount_cents)}): it cannot be voided`,
    );
  }
  return null;
}

/**
 * Marking fulfilled records that an AVAILABLE credit reward was paid outside the service (its unredeemed
 * part): it becomes REDEEMED with the reference, and no longer counts as usable credit. A percent
 * discount is the payment processor's to apply, so it cannot be marked.
 */
export function fulfilRefusal(reward: RewardRow): Refusal | null {
  if (reward.type !== 'CREDIT') {
    return refuse(
      'NOT_CREDIT',
      'Only credit rewards can be marked fulfilled: a percent discount is applied by the payment processor',
    );
  }
  if (reward.status === 'CANCELLED') {
    return refuse('REWARD_VOIDED', 'The reward is void (cancelled): a void reward cannot be fulfilled');
  }
  if (reward.fulfilled_at !== null) {
    return refuse(
      'REWARD_FULFILLED',
      `The reward is already marked fulfilled (reference ${reward.fulfilment_reference ?? '-'})`,
    );
  }
  if (reward.status === 'REDEEMED')
    return refuse('REWARD_REDEEMED', 'The reward was already redeemed in full');
  if (reward.status === 'EXPIRED')
    return refuse('REWARD_EXPIRED', 'The reward has expired: it cannot be fulfilled');
  if (reward.status === 'PENDING_REVIEW') {
    return refuse('REWARD_IN_REVIEW', 'The reward awaits review: approve the referral first');
  }
  if (reward.status === 'PENDING') {
    const until = reward.hold_until ? ` until ${reward.hold_until.toISOString()}` : '';
    return refuse('REWARD_HELD', `The reward is still held${until}: it can be fulfilled once available`);
  }
  return null;
}
