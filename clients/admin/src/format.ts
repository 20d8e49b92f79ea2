/**
 * Numbers, money, percentages and dates for people, through Intl (the browser's language). Dates the
 * API sends as epoch milliseconds are shown in the operator's time zone; calendar days (YYYY-MM-DD,
 * the dashboard's UTC days) as days, without a time zone shift.
 */

/** The browser's language (made valid for Intl by locale-guard.ts). */
const LOCALE = typeof navigator === 'undefined' ? undefined : navigator.language;
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1 });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const localDayFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });
const secondsFormat = new Intl.DateTimeFormat(LOCALE, { timeStyle: 'medium' });
const dayFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 12345 → "12,345". */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? integerFormat.format(value) : decimalFormat.format(value);
}

/** A fraction 0..1 → "12.5%". */
export function formatPercent(fraction: number): string {
  return percentFormat.format(fraction);
}

/** `part` as a share of `whole` ("—" when the whole is 0). */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? formatPercent(part / whole) : '—';
}

export function fractionDigits(currency: string): number | null {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits as number;
  } catch {
    return null;
  }
}

/**
 * An amount in a credit unit's minor units (cents, as the API counts credit): "USD" 2500 → "$25.00";
 * a unit that is not a currency ("POINTS") → "2,500 POINTS".
 */
export function formatMoney(amountMinor: number, unit: string): string {
  const digits = /^[A-Z]{3}$/.test(unit) ? fractionDigits(unit) : null;
  if (digits === null) return `${formatNumber(amountMinor)} ${unit}`;
  return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: unit }).format(
    amountMinor / 10 ** digits,
  );
}

/** Epoch milliseconds → "Mar 4, 2026, 2:05 PM" in the operator's time zone; "—" for none. */
export function formatDateTime(epochMs: number | null | undefined): string {
  return epochMs === null || epochMs === undefined ? '—' : dateTimeFormat.format(new Date(epochMs));
}

/** Epoch milliseconds → { day: "Mar 4, 2026", time: "2:05:09 PM" } in the operator's time zone (a log's entries). */
export function formatDayAndTime(epochMs: number): { day: string; time: string } {
  const date = new Date(epochMs);
  return { day: localDayFormat.format(date), time: secondsFormat.format(date) };
}

/** "2026-03-04" → "Mar 4, 2026" (a UTC calendar day). */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "2026-03-04" → "Mar 4". */
export function formatShortDay(day: string): string {
  return shortDayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);
}

/** Whether a string is a real YYYY-MM-DD calendar day. */
export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && utcDay(Date.parse(`${text}T00:00:00Z`) || 0) === text;
}

/** The number of days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
