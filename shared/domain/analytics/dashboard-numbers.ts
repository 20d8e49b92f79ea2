import type { Db } from '../../db/knex';
import { createReferralNumbersRepo, type RewardCostRow } from '../../repos/referral-numbers.repo';

/**
 * The dashboard's operator numbers: how referrals were attributed (clicks apart from direct
 * API, import and processor attributions, so no share exceeds 100 %), revenue from referred customers,
 * what the rewards cost per side, and the return (revenue over cost), per currency.
 */
export type RewardSide = 'REFERRER' | 'REFERRED';

export interface RevenueFigure {
  currency: string;
  /** Referred customers whose first payment fell in the range. */
  customers: number;
  /** Their subscription.value as stored (major units), once each. */
  firstPayment: number;
  /** Their value times the billing periods paid since the first payment (to the end, or now). */
  total: number;
}

export interface RewardCostFigure {
  side: RewardSide;
  currency: string;
  rewardsGiven: number;
  rewardsPending: number;
  /** Major units: credit amounts, and each discount as its percent of one period of the subscription. */
  costGiven: number;
  costPending: number;
}

export interface ReturnFigure {
  currency: string;
  /** Total revenue over the cost given and pending; null without cost. */
  ratio: number | null;
}

export interface OperatorNumbers {
  /** Referrals started in the range through a share link's click (the tracking cookie). */
  referralsFromClicks: number;
  /** Referrals started in the range directly: a code given to the API, an import or the processor. */
  referralsDirect: number;
  /** referralsFromClicks / clicks, null without clicks; at most 1. */
  clickShare: number | null;
  /** Rewards given in the range to referrers and to referred friends, counted apart (not cancelled). */
  rewardsToReferrers: number;
  rewardsToReferred: number;
  revenue: RevenueFigure[];
  rewardCost: RewardCostFigure[];
  returnOnRewards: ReturnFigure[];
}

const money = (text: string) => Math.round(Number(text) * 100) / 100;
const sideOf = (row: RewardCostRow): RewardSide => (row.side === 'REFERRED' ? 'REFERRED' : 'REFERRER');

function costFigures(rows: RewardCostRow[]): RewardCostFigure[] {
  const figures = new Map<string, RewardCostFigure>();
  for (const row of rows) {
    const side = sideOf(row);
    const key = `${side}\u0000${row.currency}`;
    const figure = figures.get(key) ?? {
      side,
      currency: row.currency,
      rewardsGiven: 0,
      rewardsPending: 0,
      costGiven: 0,
      costPending: 0,
    };
    if (row.state === 'PENDING') {
      figure.rewardsPending += row.rewards;
      figure.costPending = money(String(figure.costPending + Number(row.cost)));
    } else {
      figure.rewardsGiven += row.rewards;
      figure.costGiven = money(String(figure.costGiven + Number(row.cost)));
    }
    figures.set(key, figure);
  }
  return [...figures.values()].sort(
    (a, b) => a.side.localeCompare(b.side) || a.currency.localeCompare(b.currency),
  );
}

export async function getOperatorNumbers(
  db: Db,
  tenantId: string,
  bounds: { start: Date; end: Date },
  clicks: number,
): Promise<OperatorNumbers> {
  const repo = createReferralNumbersRepo(db);
  const [sources, revenueRows, costRows] = await Promise.all([
    repo.startsBySource(tenantId, bounds.start, bounds.end),
    repo.revenue(tenantId, bounds.start, bounds.end),
    repo.rewardCost(tenantId, bounds.start, bounds.end),
  ]);
  const fromClicks = sources.find((s) => s.attribution_source === 'COOKIE')?.n ?? 0;
  const direct = sources.filter((s) => s.attribution_source !== 'COOKIE').reduce((n, s) => n + s.n, 0);
  const revenue = revenueRows.map((r) => ({
    currency: r.currency,
    customers: r.customers,
    firstPayment: money(r.first_payment),
    total: money(r.total),
  }));
  const rewardCost = costFigures(costRows);
  const given = (side: RewardSide) =>
    rewardCost.filter((c) => c.side === side).reduce((n, c) => n + c.rewardsGiven, 0);
  const currencies = [...new Set([...revenue.map((r) => r.currency), ...rewardCost.map((c) => c.currency)])];
  const returnOnRewards = currencies.sort().map((currency) => {
    const cost = rewardCost
      .filter((c) => c.currency === currency)
      .reduce((n, c) => n + c.costGiven + c.costPending, 0);
    const total = revenue.find((r) => r.currency === currency)?.total ?? 0;
    return { currency, ratio: cost > 0 ? Math.round((total / cost) * 100) / 100 : null };
  });
  return {
    referralsFromClicks: fromClicks,
    referralsDirect: direct,
    clickShare: clicks > 0 ? Math.min(1, fromClicks / clicks) : null,
    rewardsToReferrers: given('REFERRER'),
    rewardsToReferred: given('REFERRED'),
    revenue,
    rewardCost,
    returnOnRewards,
  };
}
