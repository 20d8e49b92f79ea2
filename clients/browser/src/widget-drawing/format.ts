import { percent } from '../locale';
import type { Texts } from './i18n';
import type { WidgetData } from './types';

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

/** The referrer's reward per converted friend: "10% off" or "$5.00 credit". */
export function referrerReward(tag: string, t: Texts, program: WidgetData['program']): string {
  const reward = program.referrerReward;
  return reward.type === 'CREDIT'
    ? t.credit(money(tag, reward.amountCents ?? 0, reward.unit ?? 'USD'))
    : t.off(percent(tag, reward.discountPercent ?? 0));
}
