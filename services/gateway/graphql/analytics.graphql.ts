import { z } from 'zod';
import { dayRangeSchema } from '../../../shared/domain/calendar-days';
import { getDashboard } from '../../../shared/domain/dashboard';
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
      "Rewards given in the range and not cancelled."
      rewardsGiven: Int!
      "Now, for the whole tenant: available credit minus what was redeemed of it, per unit."
      creditOutstanding: [CreditAmount!]!
      "One entry per day of the range, ascending, zeros included."
      daily: [DailyPoint!]!
      "The top 10 referrers of the range by conversions, then referrals started."
      leaderboard: [LeaderboardEntry!]!
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
