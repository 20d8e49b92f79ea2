import type { Db } from '../../db/knex';
import type { RewardStatus, RewardType } from '../../contract/enums';
import { explainReferralsRewards, type RewardExplanation } from './reward-explanations';

/**
 * A referrer's own rewards explained, per referral, for the widget: the same explanations as GraphQL's
 * explainRewards (reward-explanations.ts), only the referrer's side, with what the widget words itself in
 * the user's language (the reward, where it stands, why nothing was given) next to the operator's sentence.
 */

/** Why a rule gave the referrer nothing, as the widget says it. */
export const EXPLAINED_REASONS = [
  'WAITING',
  'NOT_CONVERTED',
  'MILESTONE_NOT_REACHED',
  'CAPPED',
  'NOT_ELIGIBLE',
  'OTHER',
] as const;
export type ExplainedReason = (typeof EXPLAINED_REASONS)[number];

export interface ReferrerExplanation {
  /** The rule's id (null: the program's fixed reward, for a referral made before any rules). */
  ruleId: string | null;
  /** The rule's name, as the merchant wrote it. */
  rule: string;
  outcome: 'GRANTED' | 'NOT_GRANTED';
  reward: {
    type: RewardType;
    status: RewardStatus;
    discountPercent: number | null;
    amountCents: number | null;
    unit: string | null;
  } | null;
  /** When a held reward becomes available (epoch ms), or null. */
  heldUntil: number | null;
  reason: ExplainedReason | null;
  /** A milestone's progress: converted friends now and needed (null for other reasons). */
  progress: { conversions: number; needed: number } | null;
  /** The operator's sentence (English), as GraphQL's explainRewards says it. */
  text: string;
}

function reasonOf(e: RewardExplanation): Pick<ReferrerExplanation, 'reason' | 'progress'> {
  const reason = e.reason;
  if (!reason) return { reason: null, progress: null };
  if (reason.code === 'MILESTONE_NOT_REACHED')
    return { reason: reason.code, progress: { conversions: reason.conversions, needed: reason.needed } };
  const known: readonly string[] = EXPLAINED_REASONS;
  return { reason: known.includes(reason.code) ? (reason.code as ExplainedReason) : 'OTHER', progress: null };
}

export function presentReferrerExplanation(e: RewardExplanation): ReferrerExplanation {
  return {
    ruleId: e.ruleId,
    rule: e.ruleName,
    outcome: e.outcome,
    reward:
      e.reward && e.rewardStatus
        ? {
            type: e.reward.type,
            status: e.rewardStatus,
            discountPercent: e.reward.discount_percent,
            amountCents: e.reward.amountCents,
            unit: e.reward.unit,
          }
        : null,
    heldUntil: e.heldUntil?.getTime() ?? null,
    ...reasonOf(e),
    text: e.text,
  };
}

/**
 * For each of the referrer's referrals given (one page of the widget's friends, all of this tenant and
 * this referrer), the referrer's side of its explanations, by referral id.
 */
export async function explainReferrerRewards(
  db: Db,
  tenantId: string,
  referralIds: string[],
): Promise<Map<string, ReferrerExplanation[]>> {
  const explained = new Map<string, ReferrerExplanation[]>();
  for (const [id, all] of await explainReferralsRewards(db, tenantId, referralIds)) {
    explained.set(id, all.filter((e) => e.recipient === 'REFERRER').map(presentReferrerExplanation));
  }
  return explained;
}
