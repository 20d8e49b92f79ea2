import { z } from 'zod';

/**
 * The portal's dates: UTC calendar days written YYYY-MM-DD. A range is inclusive at both ends; in SQL
 * it is the half-open interval [start of `from`, start of the day after `to`).
 */
const DAY_MS = 86_400_000;

/** Longest dashboard range, in days (a leap year). */
export const MAX_RANGE_DAYS = 366;

/** Midnight UTC at the start of a day, or undefined for anything but a real YYYY-MM-DD day. */
export function dayStart(day: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, date));
  const real = at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
  return real && year >= 1970 ? at : undefined;
}

export function formatDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** One day: a real calendar day from 1970 on, as YYYY-MM-DD. */
export const daySchema = z.string().refine((day) => dayStart(day) !== undefined, {
  message: 'must be a date written YYYY-MM-DD (a UTC calendar day)',
});

/** Days from `from` to `to`, both included (0 when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStart(to)!.getTime() - dayStart(from)!.getTime()) / DAY_MS) + 1;
}

/** Every day from `from` to `to`, ascending. */
export function eachDay(from: string, to: string): string[] {
  const first = dayStart(from)!.getTime();
  return Array.from({ length: Math.max(0, daysBetween(from, to)) }, (_, i) =>
    formatDay(new Date(first + i * DAY_MS)),
  );
}

/** [start of `from`, start of the day after `to`): the instants the inclusive range covers. */
export function rangeBounds(from: string, to: string): { start: Date; end: Date } {
  return { start: dayStart(from)!, end: new Date(dayStart(to)!.getTime() + DAY_MS) };
}

/** The dashboard's range: two days, `from` not after `to`, at most MAX_RANGE_DAYS days in all. */
export const dayRangeSchema = z.object({ from: daySchema, to: daySchema }).superRefine((range, ctx) => {
  if (dayStart(range.from) === undefined || dayStart(range.to) === undefined) return;
  const days = daysBetween(range.from, range.to);
  if (days < 1) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
  } else if (days > MAX_RANGE_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `the range covers ${days} days; at most ${MAX_RANGE_DAYS} are allowed`,
    });
  }
});
