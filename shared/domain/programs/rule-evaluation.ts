import type { Rule, RuleLimit, RuleReward, RuleSet } from './rules.schema';
import { rewardCurrency } from './rules.schema';
import { explainDecision } from './rule-explanations';
import type {
  DecisionDraft,
  EvaluationFacts,
  GrantedReward,
  Occurrence,
  RuleDecision,
} from './rule-decisions';

export type { EvaluationFacts, Occurrence, PriorGrant, RuleDecision } from './rule-decisions';

/**
 * What a program's rules give for one occurrence of a referral (its conversion, a payment, a user event
 * of the referred account): a decision per rule the occurrence concerns, granted with the reward and the
 * key that makes it exactly-once, or not granted with the reason. Pure: the caller reads the facts and
 * the rewards already given, and stores the granted decisions under their keys (a unique key, so a
 * repeated or concurrent evaluation gives nothing twice). Calendar periods are UTC.
 */

/** The end of a PAYMENT rule's window: forMonths calendar months after the conversion (day clamped). */
export function addMonthsUtc(at: Date, months: number): Date {
  const target = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  target.setUTCHours(at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds());
  return target;
}

function periodStart(period: RuleLimit['period'], at: Date): Date {
  if (period === 'MONTH') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  if (period === 'YEAR') return new Date(Date.UTC(at.getUTCFullYear(), 0, 1));
  return new Date(0);
}

/** The key that makes a rule's reward exactly-once for this occurrence. */
export function grantKey(rule: Rule, facts: EvaluationFacts, occurrence: Occurrence): string {
  switch (rule.trigger.type) {
    case 'PAYMENT':
      return `rule:${rule.id}:payment:${occurrence.type === 'PAYMENT' ? occurrence.paymentId : ''}`;
    case 'MILESTONE':
      return `rule:${rule.id}:referrer:${facts.referrerId}:milestone:${rule.trigger.conversions}`;
    default:
      // At most one reward per rule and referred account (its referral).
      return `rule:${rule.id}:referral:${facts.referralId}`;
  }
}

/** Whether the occurrence is what the rule's trigger waits for (else the rule has nothing to say). */
function concerns(rule: Rule, occurrence: Occurrence): boolean {
  const trigger = rule.trigger;
  if (trigger.type === 'MILESTONE') return occurrence.type === 'CONVERSION';
  if (trigger.type === 'EVENT') return occurrence.type === 'EVENT' && occurrence.key === trigger.eventKey;
  return trigger.type === occurrence.type;
}

function rewardFor(rule: Rule, conversions: number): { reward: RuleReward; tier: number | null } | null {
  if (rule.reward) return { reward: rule.reward, tier: null };
  const tier = (rule.tiers ?? []).findIndex(
    (t) => conversions >= t.fromConversions && conversions <= (t.toConversions ?? Number.MAX_SAFE_INTEGER),
  );
  return tier === -1 ? null : { reward: rule.tiers![tier]!.reward, tier };
}

function concrete(reward: RuleReward, occurrence: Occurrence): GrantedReward {
  if (reward.type === 'PCT_DISCOUNT') return reward;
  if (reward.type === 'CASH' && reward.percentOfPayment !== undefined) {
    const paid = occurrence.type === 'PAYMENT' ? occurrence.amountCents : 0;
    return {
      type: 'CASH',
      amountCents: Math.floor((paid * reward.percentOfPayment) / 100),
      currency: reward.currency,
    };
  }
  return { type: reward.type, amountCents: reward.amountCents!, currency: rewardCurrency(reward)! };
}

/** Why the rule gives nothing before limits are counted, or null. */
function preconditionFails(
  rule: Rule,
  facts: EvaluationFacts,
  occurrence: Occurrence,
  currency: string | null,
) {
  const { trigger, eligibility } = rule;
  if ((trigger.type === 'CONVERSION' || trigger.type === 'PAYMENT') && !facts.convertedAt) {
    return { code: 'NOT_CONVERTED' } as const;
  }
  if (eligibility.newCustomersOnly && facts.referred.paidBeforeAttribution) {
    return { code: 'NOT_ELIGIBLE', requirement: 'NEW_CUSTOMERS_ONLY' } as const;
  }
  if (eligibility.minSubscriptionValueCents !== undefined) {
    const { subscriptionValueCents: value, currency: valueCurrency } = facts.referred;
    if (value === null || valueCurrency !== currency || value < eligibility.minSubscriptionValueCents) {
      return { code: 'NOT_ELIGIBLE', requirement: 'MIN_SUBSCRIPTION_VALUE' } as const;
    }
  }
  if (trigger.type === 'EVENT' && trigger.field !== undefined && occurrence.type === 'EVENT') {
    const raw = occurrence.fields[trigger.field];
    const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
    if (value === null || value < trigger.atLeast!) {
      return { code: 'BELOW_THRESHOLD', field: trigger.field, atLeast: trigger.atLeast!, value } as const;
    }
  }
  if (trigger.type === 'PAYMENT' && trigger.forMonths !== null && facts.convertedAt) {
    const endedAt = addMonthsUtc(facts.convertedAt, trigger.forMonths);
    if (occurrence.at >= endedAt)
      return { code: 'OUTSIDE_WINDOW', forMonths: trigger.forMonths, endedAt } as const;
  }
  if (trigger.type === 'MILESTONE' && facts.referrerConversions < trigger.conversions) {
    return {
      code: 'MILESTONE_NOT_REACHED',
      conversions: facts.referrerConversions,
      needed: trigger.conversions,
    } as const;
  }
  return null;
}

/** How many rewards the rule gave since `since` (epoch ms), and their amount: indexed, or counted. */
function usedSince(facts: EvaluationFacts, ruleId: string, since: number) {
  if (facts.priorIndex) return facts.priorIndex.since(ruleId, since);
  let count = 0;
  let amountCents = 0;
  for (const g of facts.prior) {
    if (g.ruleId !== ruleId || g.at.getTime() < since) continue;
    count += 1;
    amountCents += g.amountCents ?? 0;
  }
  return { count, amountCents };
}

type LimitOutcome =
  | { capped: RuleLimit }
  | { capped: null; amount: number | null; reducedBy: { limit: RuleLimit; fullAmountCents: number } | null };

/** Applies the rule's limits: the amount left (possibly cut down), or the limit that leaves nothing. */
function applyLimits(rule: Rule, facts: EvaluationFacts, at: Date, reward: GrantedReward): LimitOutcome {
  let amount = 'amountCents' in reward ? reward.amountCents : null;
  let reducedBy: { limit: RuleLimit; fullAmountCents: number } | null = null;
  for (const limit of rule.limits) {
    const since = periodStart(limit.period, at).getTime();
    const used = usedSince(facts, rule.id, since);
    if (limit.maxCount !== undefined && used.count >= limit.maxCount) return { capped: limit };
    if (limit.maxAmountCents !== undefined && amount !== null) {
      const left = limit.maxAmountCents - used.amountCents;
      if (left <= 0) return { capped: limit };
      if (amount > left) {
        reducedBy = { limit, fullAmountCents: reducedBy ? reducedBy.fullAmountCents : amount };
        amount = left;
      }
    }
  }
  return { capped: null, amount, reducedBy };
}

function decide(rule: Rule, facts: EvaluationFacts, occurrence: Occurrence): DecisionDraft {
  const base = { ruleId: rule.id, ruleName: rule.name, recipient: rule.recipient };
  const key = grantKey(rule, facts, occurrence);
  if (facts.priorIndex ? facts.priorIndex.has(key) : facts.prior.some((g) => g.key === key)) {
    return { ...base, outcome: 'NOT_GRANTED', reason: { code: 'ALREADY_GRANTED', key } };
  }
  const chosen = rewardFor(rule, facts.referrerConversions);
  const failed = preconditionFails(rule, facts, occurrence, chosen ? rewardCurrency(chosen.reward) : null);
  if (failed) return { ...base, outcome: 'NOT_GRANTED', reason: failed };
  if (!chosen) {
    return {
      ...base,
      outcome: 'NOT_GRANTED',
      reason: { code: 'NO_TIER', conversions: facts.referrerConversions },
    };
  }
  const reward = concrete(chosen.reward, occurrence);
  const limited = applyLimits(rule, facts, occurrence.at, reward);
  if (limited.capped) {
    const currency = 'currency' in reward ? reward.currency : null;
    return { ...base, outcome: 'NOT_GRANTED', reason: { code: 'CAPPED', limit: limited.capped, currency } };
  }
  const granted: GrantedReward =
    limited.amount === null || !('amountCents' in reward)
      ? reward
      : { ...reward, amountCents: limited.amount };
  if ('amountCents' in granted && granted.amountCents <= 0) {
    // A percentage of a zero payment: nothing to give, and nothing to count against a limit.
    return { ...base, outcome: 'NOT_GRANTED', reason: { code: 'NOTHING_TO_GIVE' } };
  }
  return {
    ...base,
    outcome: 'GRANTED',
    key,
    reward: granted,
    tier: chosen.tier,
    reducedBy: limited.reducedBy,
  };
}

/**
 * The decisions of every rule the occurrence concerns, in the rules' order. `explain: false` leaves the
 * sentences empty (a simulation replays a million occurrences and shows totals only).
 */
export function evaluateRules(
  rules: RuleSet,
  facts: EvaluationFacts,
  occurrence: Occurrence,
  options: { explain?: boolean } = {},
): RuleDecision[] {
  const explain = options.explain ?? true;
  return rules
    .filter((rule) => concerns(rule, occurrence))
    .map((rule) => {
      const draft = decide(rule, facts, occurrence);
      const explanation = explain ? explainDecision(rule, draft, occurrence) : '';
      return { ...draft, explanation } as RuleDecision;
    });
}
