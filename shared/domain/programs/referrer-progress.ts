import type { DbOrTrx } from '../../db/knex';
import { createProgramRulesRepo } from '../../repos/program-rules.repo';
import { latestRuleVersion } from './rule-versions';
import {
  rewardCurrency,
  type RULE_REWARD_TYPES,
  type Rule,
  type RuleReward,
  type RuleSet,
} from './rules.schema';

/**
 * Where a referrer stands against the program's rules: its converted referrals in the program and the
 * next milestone or tier it reaches, whichever comes first (the widget's progress bar).
 */
export interface ReferrerProgress {
  conversions: number;
  next: {
    kind: 'MILESTONE' | 'TIER';
    ruleName: string;
    /** The converted referrals that reach it. */
    at: number;
    remaining: number;
    reward: ProgressReward;
  } | null;
  /**
   * What the referrer's next converted friend earns it under the rules: the first referrer rule on the
   * conversion (its tier for that friend), else the first on the friend's payments; null with neither.
   * The widget's offer says this instead of the program's fixed reward, which rules replace.
   */
  perFriend: { ruleName: string; reward: ProgressReward } | null;
}

/** A rule's reward as the widget shows it: a percent, or an amount of a currency or credit unit. */
export interface ProgressReward {
  type: (typeof RULE_REWARD_TYPES)[number];
  discountPercent: number | null;
  amountCents: number | null;
  currency: string | null;
  /** CASH as a percentage of each payment; else null. */
  percentOfPayment: number | null;
}

function shown(reward: RuleReward): ProgressReward {
  if (reward.type === 'PCT_DISCOUNT') {
    const { discountPercent } = reward;
    return { type: reward.type, discountPercent, amountCents: null, currency: null, percentOfPayment: null };
  }
  return {
    type: reward.type,
    discountPercent: null,
    amountCents: reward.amountCents ?? null,
    currency: rewardCurrency(reward),
    percentOfPayment: reward.type === 'CASH' ? (reward.percentOfPayment ?? null) : null,
  };
}

/** The reward a referrer rule on `trigger` gives for the referrer's `nth` converted friend, if any. */
function perFriendOf(rules: RuleSet, trigger: 'CONVERSION' | 'PAYMENT', nth: number) {
  for (const rule of rules) {
    if (rule.recipient !== 'REFERRER' || rule.trigger.type !== trigger) continue;
    const tier = rule.tiers?.find(
      (t) => t.fromConversions <= nth && (t.toConversions ?? Number.MAX_SAFE_INTEGER) >= nth,
    );
    const reward = tier?.reward ?? rule.reward;
    if (reward) return { ruleName: rule.name, reward: shown(reward) };
  }
  return null;
}

function nextOf(
  rule: Rule,
  conversions: number,
): { at: number; reward: RuleReward; kind: 'MILESTONE' | 'TIER' } | null {
  if (rule.recipient !== 'REFERRER') return null;
  if (rule.trigger.type === 'MILESTONE') {
    const at = rule.trigger.conversions;
    return at > conversions && rule.reward ? { at, reward: rule.reward, kind: 'MILESTONE' } : null;
  }
  // A tier starting after the current count: the reward per friend from then on.
  const tier = (rule.tiers ?? []).find((t) => t.fromConversions > conversions + 1);
  return tier ? { at: tier.fromConversions, reward: tier.reward, kind: 'TIER' } : null;
}

export function referrerProgress(rules: RuleSet, conversions: number): ReferrerProgress {
  let next: ReferrerProgress['next'] = null;
  for (const rule of rules) {
    const candidate = nextOf(rule, conversions);
    if (candidate && (!next || candidate.at < next.at)) {
      next = {
        kind: candidate.kind,
        ruleName: rule.name,
        at: candidate.at,
        remaining: candidate.at - conversions,
        reward: shown(candidate.reward),
      };
    }
  }
  const perFriend =
    perFriendOf(rules, 'CONVERSION', conversions + 1) ?? perFriendOf(rules, 'PAYMENT', conversions + 1);
  return { conversions, next, perFriend };
}

/** The widget's progress for a referrer account: null while the program has no published rules. */
export async function loadReferrerProgress(
  db: DbOrTrx,
  tenantId: string,
  programId: string,
  referrerAccountId: string,
): Promise<ReferrerProgress | null> {
  const version = await latestRuleVersion(db, tenantId, programId);
  if (!version) return null;
  const conversions = await createProgramRulesRepo(db).conversions(
    tenantId,
    programId,
    referrerAccountId,
    db,
  );
  return referrerProgress(version.rules, conversions);
}
