import type { Db } from '../../db/knex';
import { createAnalyticsRepo } from '../../repos/analytics.repo';
import { fullName } from '../accounts/account-view';
import { eachDay, rangeBounds } from '../common/calendar-days';
import { getOperatorNumbers, type OperatorNumbers } from './dashboard-numbers';

/** The portal's dashboard for a range of UTC days (inclusive), as GraphQL `dashboard(range)` answers. */
export interface Dashboard {
  from: string;
  to: string;
  /** Share-link visits in the range. */
  clicks: number;
  /** Referrals started in the range. */
  referralsStarted: number;
  /** Referrals converted (date paid) in the range. */
  referralsConverted: number;
  /** converted / started, 0 without starts, at most 1. */
  conversionRate: number;
  /** Rewards given in the range, not cancelled since. */
  rewardsGiven: number;
  /** Now, whole tenant: available credit minus what was redeemed of it, per unit, in the unit's cents. */
  creditOutstanding: { unit: string; amount: number }[];
  /** Every day of the range, ascending, zeros included. */
  daily: { date: string; clicks: number; started: number; converted: number }[];
  leaderboard: {
    accountId: string;
    userId: string;
    name: string | null;
    shareCode: string | null;
    referralsStarted: number;
    referralsConverted: number;
  }[];
  /** Operator numbers: attribution sources, rewards per side, revenue, cost and return. */
  numbers: OperatorNumbers;
}

export const LEADERBOARD_SIZE = 10;

/**
 * The dashboard of a range already validated (calendar-days.ts dayRangeSchema). Counters come from the
 * daily rollup and the leaderboard from referrals, in parallel (three statements).
 */
export async function getDashboard(
  db: Db,
  tenantId: string,
  range: { from: string; to: string },
): Promise<Dashboard> {
  const repo = createAnalyticsRepo(db);
  const { start, end } = rangeBounds(range.from, range.to);
  const [days, credit, leaders] = await Promise.all([
    repo.dailyTotals(tenantId, range.from, range.to),
    repo.creditOutstanding(tenantId),
    repo.leaderboard(tenantId, start, end, LEADERBOARD_SIZE),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const daily = eachDay(range.from, range.to).map((date) => {
    const day = byDay.get(date);
    return { date, clicks: day?.clicks ?? 0, started: day?.started ?? 0, converted: day?.converted ?? 0 };
  });
  const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((n, d) => n + pick(d), 0);
  const referralsStarted = sum((d) => d.started);
  const referralsConverted = sum((d) => d.converted);
  const clicks = sum((d) => d.clicks);
  const numbers = await getOperatorNumbers(db, tenantId, { start, end }, clicks);
  return {
    from: range.from,
    to: range.to,
    clicks,
    referralsStarted,
    referralsConverted,
    // Conversions in a range may come from referrals started before it: capped at 1.
    conversionRate: referralsStarted === 0 ? 0 : Math.min(1, referralsConverted / referralsStarted),
    rewardsGiven: sum((d) => d.rewards_given),
    creditOutstanding: credit.map((c) => ({ unit: c.unit, amount: c.outstanding_cents })),
    daily,
    leaderboard: leaders.map((l) => ({
      accountId: l.referrer_account_id,
      userId: l.referrer_user_id,
      name: fullName(l.first_name, l.last_name),
      shareCode: l.share_code,
      referralsStarted: l.started,
      referralsConverted: l.converted,
    })),
    numbers,
  };
}
