import type { DecisionDraft, GrantedReward, Occurrence } from './rule-decisions';
import type { Rule, RuleLimit } from './rules.schema';

/**
 * A rule's decision in words an operator (or a referrer, in the widget) can read: what was given and
 * for which event, or why nothing was. English; amounts in the reward's currency or credit unit.
 */

const PERIOD_WORDS: Record<RuleLimit['period'], string> = {
  MONTH: 'monthly',
  YEAR: 'yearly',
  LIFETIME: 'lifetime',
};

export function formatAmount(amountCents: number, currency: string): string {
  return `${(amountCents / 100).toFixed(2)} ${currency}`;
}

function day(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function rewardWords(reward: GrantedReward): string {
  switch (reward.type) {
    case 'PCT_DISCOUNT':
      return `a ${reward.discountPercent} % discount`;
    case 'CREDIT':
      return `${formatAmount(reward.amountCents, reward.currency)} of credit`;
    case 'FIXED_DISCOUNT':
      return `a ${formatAmount(reward.amountCents, reward.currency)} discount`;
    case 'CASH':
      return `${formatAmount(reward.amountCents, reward.currency)} in cash`;
  }
}

function occurrenceWords(occurrence: Occurrence): string {
  switch (occurrence.type) {
    case 'CONVERSION':
      return `the referral converted on ${day(occurrence.at)}`;
    case 'PAYMENT':
      return `a payment of ${formatAmount(occurrence.amountCents, occurrence.currency)} on ${day(occurrence.at)} (${occurrence.paymentId})`;
    case 'EVENT':
      return `the event ${occurrence.key} on ${day(occurrence.at)}`;
  }
}

function limitWords(limit: RuleLimit, currency: string | null): string {
  const parts = [
    limit.maxCount !== undefined ? `${limit.maxCount} reward${limit.maxCount === 1 ? '' : 's'}` : null,
    limit.maxAmountCents !== undefined && currency ? formatAmount(limit.maxAmountCents, currency) : null,
  ].filter((p): p is string => p !== null);
  return `the ${PERIOD_WORDS[limit.period]} limit of ${parts.join(' or ')}`;
}

function whom(rule: Rule): string {
  return rule.recipient === 'REFERRER' ? 'the referrer' : 'the referred friend';
}

export function explainDecision(rule: Rule, decision: DecisionDraft, occurrence: Occurrence): string {
  const name = `"${rule.name}"`;
  if (decision.outcome === 'GRANTED') {
    const tier =
      decision.tier === null
        ? ''
        : ` (tier ${decision.tier + 1}: from conversion ${rule.tiers![decision.tier]!.fromConversions})`;
    const reduced =
      decision.reducedBy && 'currency' in decision.reward
        ? `, reduced from ${formatAmount(decision.reducedBy.fullAmountCents, decision.reward.currency)} by ${limitWords(decision.reducedBy.limit, decision.reward.currency)}`
        : '';
    const source = decision.tier === null ? rule.reward : rule.tiers?.[decision.tier]?.reward;
    const share =
      source?.type === 'CASH' && source.percentOfPayment !== undefined && occurrence.type === 'PAYMENT'
        ? `${source.percentOfPayment} % of the payment of ${formatAmount(occurrence.amountCents, occurrence.currency)} on ${day(occurrence.at)} (${occurrence.paymentId})`
        : null;
    const cause =
      rule.trigger.type === 'MILESTONE'
        ? `the referrer reached ${rule.trigger.conversions} converted referral${rule.trigger.conversions === 1 ? '' : 's'}`
        : (share ?? occurrenceWords(occurrence));
    return `${name} gave ${whom(rule)} ${rewardWords(decision.reward)}${tier}${reduced}: ${cause}.`;
  }
  const reason = decision.reason;
  const not = `${name} gave nothing`;
  switch (reason.code) {
    case 'ALREADY_GRANTED':
      return `${not} more: it already gave its reward for this ${rule.trigger.type === 'PAYMENT' ? 'payment' : rule.trigger.type === 'MILESTONE' ? 'milestone' : 'referral'}.`;
    case 'NOT_CONVERTED':
      return `${not} yet: the referral has not converted.`;
    case 'NOT_ELIGIBLE':
      return reason.requirement === 'NEW_CUSTOMERS_ONLY'
        ? `${not}: it is for new customers only, and the friend had paid before the referral.`
        : `${not}: the friend's subscription value is below the rule's minimum of ${formatAmount(rule.eligibility.minSubscriptionValueCents!, currencyOf(rule) ?? '')}.`;
    case 'BELOW_THRESHOLD':
      return `${not}: the event's ${reason.field} was ${reason.value ?? 'missing'}, below ${reason.atLeast}.`;
    case 'OUTSIDE_WINDOW':
      return `${not}: it rewards payments for ${reason.forMonths} month${reason.forMonths === 1 ? '' : 's'} after the conversion, which ended on ${day(reason.endedAt)}.`;
    case 'NO_TIER':
      return `${not}: no tier covers a referrer with ${reason.conversions} converted referral${reason.conversions === 1 ? '' : 's'}.`;
    case 'MILESTONE_NOT_REACHED':
      return `${not} yet: the referrer has ${reason.conversions} of the ${reason.needed} converted referrals it needs.`;
    case 'CAPPED':
      return `${not}: the referrer reached ${limitWords(reason.limit, reason.currency)}.`;
    case 'NOTHING_TO_GIVE':
      return `${not}: the payment's share came to nothing.`;
  }
}

function currencyOf(rule: Rule): string | null {
  const reward = rule.reward ?? rule.tiers?.[0]?.reward;
  if (!reward || reward.type === 'PCT_DISCOUNT') return null;
  return reward.type === 'CREDIT' ? reward.unit : reward.currency;
}
