/**
 * The dashboard's data: the GraphQL query the page sends (also run by
 * test/integration/analytics/portal-analytics.test.ts against the real gateway) and the shape of its answer.
 */
export interface DailyPoint {
  date: string;
  clicks: number;
  started: number;
  converted: number;
}

export interface LeaderboardEntry {
  accountId: string;
  userId: string;
  name: string | null;
  shareCode: string | null;
  referralsStarted: number;
  referralsConverted: number;
}

export interface Dashboard {
  from: string;
  to: string;
  clicks: number;
  referralsStarted: number;
  referralsConverted: number;
  conversionRate: number;
  rewardsGiven: number;
  creditOutstanding: { unit: string; amount: number }[];
  daily: DailyPoint[];
  leaderboard: LeaderboardEntry[];
  /** Operator numbers. */
  numbers: DashboardNumbers;
}

export interface DashboardNumbers {
  referralsFromClicks: number;
  referralsDirect: number;
  clickShare: number | null;
  rewardsToReferrers: number;
  rewardsToReferred: number;
  revenue: { currency: string; customers: number; firstPayment: number; total: number }[];
  rewardCost: {
    side: 'REFERRER' | 'REFERRED';
    currency: string;
    rewardsGiven: number;
    rewardsPending: number;
    costGiven: number;
    costPending: number;
  }[];
  returnOnRewards: { currency: string; ratio: number | null }[];
}

export const DASHBOARD = /* GraphQL */ `
  query Dashboard($range: DateRangeInput!) {
    dashboard(range: $range) {
      from
      to
      clicks
      referralsStarted
      referralsConverted
      conversionRate
      rewardsGiven
      creditOutstanding {
        unit
        amount
      }
      daily {
        date
        clicks
        started
        converted
      }
      leaderboard {
        accountId
        userId
        name
        shareCode
        referralsStarted
        referralsConverted
      }
      numbers {
        referralsFromClicks
        referralsDirect
        clickShare
        rewardsToReferrers
        rewardsToReferred
        revenue {
          currency
          customers
          firstPayment
          total
        }
        rewardCost {
          side
          currency
          rewardsGiven
          rewardsPending
          costGiven
          costPending
        }
        returnOnRewards {
          currency
          ratio
        }
      }
    }
  }
`;
