/**
 * A rule in plain words, for the editor's summaries and the version history: "The referrer gets 10.00 USD
 * of credit when a friend converts; at most 500.00 USD a year." Words only: what a rule does is decided
 * by the server, which also explains each reward it gives (explainRewards).
 */
import { formatMoney, formatNumber } from '../../format';
import type { RuleLimitPeriod, RuleRecipient, RuleRewardType, RuleTriggerType } from '../../gql/graphql';
import { buildRules, type Rule, type RuleDraft } from './rule-draft';

type Reward = NonNullable<Rule['reward']>;

export const TRIGGER_LABELS: Record<RuleTriggerType, string> = {
  CONVERSION: 'A friend converts (first payment)',
  PAYMENT: 'Each payment of a friend',
  EVENT: 'A friend’s event',
  MILESTONE: 'The referrer reaches a number of converted friends',
};

export const RECIPIENT_LABELS: Record<RuleRecipient, string> = {
  REFERRER: 'The referrer',
  REFERRED: 'The referred friend',
};

export const REWARD_LABELS: Record<RuleRewardType, string> = {
  PCT_DISCOUNT: 'A percent discount',
  CREDIT: 'Credit',
  FIXED_DISCOUNT: 'A fixed discount',
  CASH: 'Cash',
};

export const PERIOD_LABELS: Record<RuleLimitPeriod, string> = {
  MONTH: 'Per calendar month',
  YEAR: 'Per calendar year',
  LIFETIME: 'Ever',
};

const PERIOD_WORDS: Record<RuleLimitPeriod, string> = {
  MONTH: 'a month',
  YEAR: 'a year',
  LIFETIME: 'in all',
};

const money = (cents: number | null | undefined, unit: string | null | undefined) =>
  cents === null || cents === undefined ? '?' : formatMoney(cents, unit ?? '');

/** "10.00 USD of credit", "a 20 % discount", "20 % of each payment in cash (USD)". */
export function rewardWords(reward: Reward): string {
  switch (reward.type) {
    case 'PCT_DISCOUNT':
      return `a ${reward.discountPercent ?? '?'} % discount`;
    case 'CREDIT':
      return `${money(reward.amountCents, reward.unit)} of credit`;
    case 'FIXED_DISCOUNT':
      return `a discount of ${money(reward.amountCents, reward.currency)}`;
    case 'CASH':
      return reward.percentOfPayment != null
        ? `${formatNumber(reward.percentOfPayment)} % of the payment in cash (${reward.currency ?? '?'})`
        : `${money(reward.amountCents, reward.currency)} in cash`;
  }
}

/** "when a friend converts", "for each payment for 12 months after the conversion", … */
export function triggerWords(trigger: Rule['trigger']): string {
  switch (trigger.type) {
    case 'CONVERSION':
      return 'when a friend converts';
    case 'PAYMENT':
      return trigger.forMonths
        ? `for each payment of a friend, for ${trigger.forMonths} months after the conversion`
        : 'for each payment of a friend, for as long as they pay';
    case 'EVENT':
      return trigger.field
        ? `when a friend’s event “${trigger.eventKey ?? ''}” has ${trigger.field} of at least ${formatNumber(trigger.atLeast ?? 0)}`
        : `when a friend’s event “${trigger.eventKey ?? ''}” is recorded`;
    case 'MILESTONE':
      return `once, when ${trigger.conversions ?? '?'} friends have converted`;
  }
}

function tierWords(tier: NonNullable<Rule['tiers']>[number]): string {
  const range =
    tier.toConversions == null
      ? tier.fromConversions === 1
        ? 'for every friend'
        : `from friend ${tier.fromConversions} on`
      : tier.toConversions === tier.fromConversions
        ? `for friend ${tier.fromConversions}`
        : `for friends ${tier.fromConversions} to ${tier.toConversions}`;
  return `${rewardWords(tier.reward)} ${range}`;
}

/** The limits and eligibility as sentences' tails ("at most 5 rewards a month", "new customers only"). */
export function conditionWords(rule: Rule): string[] {
  const currency = rule.reward
    ? (rule.reward.unit ?? rule.reward.currency)
    : (rule.tiers?.[0]?.reward.unit ?? rule.tiers?.[0]?.reward.currency);
  const words = rule.limits.map((limit) => {
    const parts = [
      limit.maxCount != null ? `${limit.maxCount} ${limit.maxCount === 1 ? 'reward' : 'rewards'}` : null,
      limit.maxAmountCents != null ? money(limit.maxAmountCents, currency) : null,
    ].filter(Boolean);
    return `at most ${parts.join(' and ')} ${PERIOD_WORDS[limit.period]} per referrer`;
  });
  const min = rule.eligibility.minSubscriptionValueCents;
  if (min != null)
    words.push(`only when the friend’s subscription is worth at least ${money(min, currency)}`);
  if (rule.eligibility.newCustomersOnly) words.push('only for friends who never paid before');
  return words;
}

/** The whole rule as one sentence. */
export function ruleSentence(rule: Rule): string {
  const who = RECIPIENT_LABELS[rule.recipient];
  const what = rule.reward
    ? rewardWords(rule.reward)
    : (rule.tiers ?? []).map(tierWords).join(', then ') || 'nothing';
  const conditions = conditionWords(rule);
  return `${who} gets ${what} ${triggerWords(rule.trigger)}${conditions.length ? `; ${conditions.join('; ')}` : ''}.`;
}

/** A draft as a rule, for its sentence (what it would do if published as it reads now). */
export function draftSentence(draft: RuleDraft): string {
  const [input] = buildRules([draft]).rules;
  const rule = {
    ...input!,
    reward: input!.reward ?? null,
    tiers: input!.tiers ?? null,
    limits: input!.limits ?? [],
    eligibility: input!.eligibility ?? {},
  } as Rule;
  return ruleSentence(rule);
}
