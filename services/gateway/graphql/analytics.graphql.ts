import { z } from 'zod';
import { dayRangeSchema } from '../../../shared/domain/common/calendar-days';
import { getDashboard } from '../../../shared/domain/analytics/dashboard';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

const dashboardArgs = z.object({ range: dayRangeSchema });

/** The portal's dashboard: counters, a daily series and the top referrers of a range of UTC days. */
export const analyticsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "UTC calendar days written YYYY-MM-DD, both included; at most 366 days."
    input DateRangeInput {
      from: String!
      to: String!
    }
    type DailyPoint {
      "YYYY-MM-DD (UTC)"
      date: String!
      clicks: Int!
      started: Int!
      converted: Int!
    }
    type LeaderboardEntry {
      accountId: String!
      userId: String!
      "The referrer's first and last name; null when unknown."
      name: String
      shareCode: String
      referralsStarted: Int!
      referralsConverted: Int!
    }
    type CreditAmount {
      unit: String!
      "In the unit's cents, as reward amounts are (amountCents)."
      amount: Float!
    }
    "Operator numbers: revenue of referred customers in one currency, in major units as subscription.value is stored."
    type RevenueFigure {
      currency: String!
      "Referred customers whose first payment fell in the range."
      customers: Int!
      "Their subscription value, once each."
      firstPayment: Float!
      "Their subscription value times the billing periods paid since the first payment (to the end, or now; a month counts 30 days)."
      total: Float!
    }
    enum RewardSide {
      REFERRER
      REFERRED
    }
    "What rewards given in the range cost one side in one currency (major units); cancelled rewards cost nothing."
    type RewardCostFigure {
      side: RewardSide!
      currency: String!
      rewardsGiven: Int!
      rewardsPending: Int!
      "Credit amounts, and each percent discount as that percent of one billing period of the subscription."
      costGiven: Float!
      costPending: Float!
    }
    type ReturnFigure {
      currency: String!
      "Total revenue over the cost given and pending; null without cost."
      ratio: Float
    }
    type DashboardNumbers {
      "Referrals started in the range through a share link's click (the tracking cookie)."
      referralsFromClicks: Int!
      "Referrals started in the range directly: a code given to the API, an import or the payment processor."
      referralsDirect: Int!
      "referralsFromClicks / clicks, at most 1; null without clicks."
      clickShare: Float
      "Rewards given in the range (not cancelled) to referrers, and to referred friends, counted apart."
      rewardsToReferrers: Int!
      rewardsToReferred: Int!
      revenue: [RevenueFigure!]!
      rewardCost: [RewardCostFigure!]!
      returnOnRewards: [ReturnFigure!]!
    }
    type Dashboard {
      from: String!
      to: String!
      "Share-link visits in the range."
      clicks: Int!
      "Referrals started in the range."
      referralsStarted: Int!
      "Referrals converted (paid) in the range."
      referralsConverted: Int!
      "referralsConverted / referralsStarted, 0 without starts, at most 1."
      conversionRate: Float!
      "Rewards given in the range and not cancelled, both sides together (numbers counts them apart)."
      rewardsGiven: Int!
      "Now, for the whole tenant: available credit minus what was redeemed of it, per unit."
      creditOutstanding: [CreditAmount!]!
      "One entry per day of the range, ascending, zeros included."
      daily: [DailyPoint!]!
      "The top 10 referrers of the range by conversions, then referrals started."
      leaderboard: [LeaderboardEntry!]!
      "Operator numbers: attribution sources, rewards per side, revenue, reward cost and return."
      numbers: DashboardNumbers!
    }
    extend type Query {
      dashboard(range: DateRangeInput!): Dashboard!
    }
  `,
  resolvers: {
    Query: {
      dashboard: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        getDashboard(ctx.deps.db, ctx.tenant.id, parseInput(dashboardArgs, args).range),
    },
  },
};
