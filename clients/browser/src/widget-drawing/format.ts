import { percent } from '../locale';
import type { Texts } from './i18n';
import type { RuleRewardView, WidgetData } from './types';

/** Credit in its unit: a currency (USD) as money, any other unit (POINTS) as a number and the unit. */
export function money(tag: string, amountCents: number, unit: string): string {
  try {
    return new Intl.NumberFormat(tag, { style: 'currency', currency: unit }).format(amountCents / 100);
  } catch {
    return `${new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amountCents / 100)} ${unit}`;
  }
}

export function date(tag: string, epochMs: number): string {
  return new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric' }).format(epochMs);
}

/** The friends' offer ("10% off"), or null when the program gives friends nothing. */
export function friendOffer(tag: string, t: Texts, program: WidgetData['program']): string | null {
  return program.referredDiscountPercent > 0 ? t.off(percent(tag, program.referredDiscountPercent)) : null;
}

/** "100% off", "$10.00 credit", "20% of their payments"; the rule's name when it has no amount. */
export function ruleRewardWords(tag: string, t: Texts, reward: RuleRewardView, ruleName: string): string {
  if (reward.percentOfPayment) return t.ofPayments(percent(tag, reward.percentOfPayment));
  if (reward.type !== 'PCT_DISCOUNT' && reward.amountCents === null) return `“${ruleName}”`;
  const amount = money(tag, reward.amountCents ?? 0, reward.currency ?? 'USD');
  return reward.type === 'PCT_DISCOUNT'
    ? t.off(percent(tag, reward.discountPercent ?? 0))
    : reward.type === 'CREDIT'
      ? t.credit(amount)
      : reward.type === 'FIXED_DISCOUNT'
        ? t.off(amount)
        : amount;
}

/**
 * The referrer's reward per converted friend: "10% off" or "$5.00 credit"; under rules, what the next
 * friend earns by them (`perFriend`), which replaces the program's fixed reward.
 */
export function referrerReward(tag: string, t: Texts, data: WidgetData): string {
  const perFriend = data.progress?.perFriend;
  if (perFriend) return ruleRewardWords(tag, t, perFriend.reward, perFriend.ruleName);
  const reward = data.program.referrerReward;
  return reward.type === 'CREDIT'
    ? t.credit(money(tag, reward.amountCents ?? 0, reward.unit ?? 'USD'))
    : t.off(percent(tag, reward.discountPercent ?? 0));
}
