import type { PayoutSchedule } from '../../repos/payees.repo';

/**
 * The period a scheduled program's run belongs to: the ISO week (`2026-W48`, weeks start on Monday, UTC)
 * or the month (`2026-11`). It is the run's idempotency key, so a period gets one run however often the
 * scheduler asks.
 */
export function payoutPeriod(schedule: Exclude<PayoutSchedule, 'MANUAL'>, at: Date): string {
  if (schedule === 'MONTHLY') {
    return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  }
  // ISO week: the week with the year's first Thursday is week 1.
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export const scheduledRunKey = (programId: string, period: string) =>
  `payout-schedule:${programId}:${period}`;
