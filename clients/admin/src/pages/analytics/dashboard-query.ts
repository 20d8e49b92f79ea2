/**
 * The dashboard's data: the GraphQL query the page sends (also run by
 * test/integration/analytics/portal-analytics.test.ts against the real gateway) and the shape of its answer.
 */
import { graphql } from '../../gql';
import type { DashboardQuery } from '../../gql/graphql';
export type DailyPoint = Dashboard['daily'][number];

export type LeaderboardEntry = Dashboard['leaderboard'][number];

export type Dashboard = DashboardQuery['dashboard'];

export type DashboardNumbers = Dashboard['numbers'];

export const DASHBOARD = graphql(`
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
`);
