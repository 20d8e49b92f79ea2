import type { NotificationLocale } from './notification-kinds';

/** Values as a recipient reads them in their language: money with its currency, dates spelt out. */

export function formatMoney(locale: NotificationLocale, cents: number, unit: string | null): string {
  const amount = cents / 100;
  if (unit && /^[A-Za-z]{3}$/.test(unit)) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency: unit.toUpperCase() }).format(
        amount,
      );
    } catch {
      // not a currency Intl knows: the amount and the unit
    }
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount);
  return unit ? `${number} ${unit}` : number;
}

export function formatPercent(locale: NotificationLocale, percent: number): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

export function formatDate(locale: NotificationLocale, at: Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}

const OFF: Record<NotificationLocale, (p: string) => string> = {
  en: (p) => `${p} off`,
  fr: (p) => `${p} de réduction`,
  de: (p) => `${p} Rabatt`,
};

/** The friend's offer: `10% off`. */
export function formatOffer(locale: NotificationLocale, percent: number): string {
  return OFF[locale](formatPercent(locale, percent));
}

/** A reward's worth: its amount in its currency, or its percentage off. */
export function formatReward(
  locale: NotificationLocale,
  reward: { type: string; amount_cents: string | null; discount_percent: number | null; unit: string | null },
): string {
  if (reward.amount_cents !== null) return formatMoney(locale, Number(reward.amount_cents), reward.unit);
  if (reward.discount_percent !== null) return formatOffer(locale, reward.discount_percent);
  return '';
}
