import type { Db } from '../../db/knex';
import { createReferralActionsRepo, type ReferralActionRow } from '../../repos/referral-actions.repo';
import { createRewardsRepo } from '../../repos/rewards.repo';
import { presentReward, type Reward } from '../rewards/rewards';

const VERBS: Record<ReferralActionRow['action'], string> = {
  CANCEL: 'Cancelled the referral',
  REATTRIBUTE: 'Re-attributed the referral',
  GRANT_REWARD: 'Granted a reward',
  VOID_REWARD: 'Voided a reward',
  MARK_FULFILLED: 'Marked a reward fulfilled',
  NOTE: 'Note',
};

/** A hand action as GraphQL answers it, with a sentence saying what it did. */
export function presentReferralAction(row: ReferralActionRow) {
  const details = row.details ?? {};
  const reference = typeof details.reference === 'string' ? details.reference : null;
  const to = details.to as { accountId?: string; userId?: string } | undefined;
  let summary = VERBS[row.action];
  if (row.action === 'REATTRIBUTE' && to) summary += ` to user ${to.userId} of account ${to.accountId}`;
  if (row.action === 'MARK_FULFILLED' && reference) summary += ` (reference ${reference})`;
  if (row.action === 'GRANT_REWARD' && typeof details.side === 'string') {
    summary += ` to the ${details.side === 'REFERRER' ? 'referrer' : 'referred account'}`;
  }
  return {
    id: row.id,
    action: row.action,
    reason: row.reason,
    actor: row.actor,
    at: row.created_at.getTime(),
    rewardId: row.reward_id,
    reference,
    summary,
  };
}

export type ReferralActionView = ReturnType<typeof presentReferralAction>;

/** A referral's hand actions and notes (oldest first) and the rewards operators granted on it. */
export async function listReferralActions(
  db: Db,
  tenantId: string,
  referralId: string,
): Promise<{ actions: ReferralActionView[]; grantedRewards: Reward[] }> {
  const [rows, rewards] = await Promise.all([
    createReferralActionsRepo(db).listByReferral(tenantId, referralId),
    createRewardsRepo(db).listByReferrals(tenantId, [referralId]),
  ]);
  return {
    actions: rows.map(presentReferralAction),
    grantedRewards: rewards
      .filter((r) => r.grant_no > 0 && !r.rule_id)
      .sort((a, b) => a.date_given.getTime() - b.date_given.getTime())
      .map(presentReward),
  };
}
