import { z } from 'zod';
import { getAccountView } from '../../../shared/domain/account-view';
import {
  getRewardBalance,
  redeemInputSchema,
  redeemRewardBalance,
} from '../../../shared/domain/reward-balance';
import { AppError } from '../../../shared/errors';
import { accountIdSchema } from '../../../shared/ids';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

const accountArgs = z.object({ id: accountIdSchema });
const balanceArgs = z.object({ accountId: accountIdSchema });

export const accountModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum ReferralStatus {
      IN_PROGRESS
      CONVERTED
      ENDED
    }
    enum AttributionSource {
      CODE
      COOKIE
      PROCESSOR
    }
    enum RewardSource {
      REFERRED
      FRIEND_SIGNUP
    }
    enum RewardStatus {
      AVAILABLE
      REDEEMED
      CANCELLED
    }
    type Reward {
      id: ID!
      type: RewardType!
      discountPercent: Int
      amountCents: Float
      redeemedCents: Float!
      unit: String
      rewardSource: RewardSource!
      referralId: ID!
      status: RewardStatus!
      "Epoch milliseconds."
      dateGiven: EpochMillis!
      dateCancelled: EpochMillis
      dateRedeemed: EpochMillis
    }
    type Referral {
      id: ID!
      status: ReferralStatus!
      referralCodeUsed: String!
      attributionSource: AttributionSource!
      referrerAccountId: String!
      referrerUserId: String!
      referredAccountId: String!
      "Null until the referral converts."
      referrerReward: Reward
      referredReward: Reward
      dateReferralStarted: EpochMillis!
      dateReferralPaid: EpochMillis
      dateReferralEnded: EpochMillis
    }
    type Subscription {
      status: String
      billingIntervalType: String
      billingIntervalValue: Int
      value: Float
    }
    type AccountUser {
      id: String!
      email: String
      shareCode: String
    }
    type Account {
      id: String!
      subscription: Subscription
      currency: String!
      paymentProviderId: String
      users: [AccountUser!]!
      "The referral that brought this account, if any."
      referredBy: Referral
      "Referrals this account made."
      referrals: [Referral!]!
      rewards: [Reward!]!
      dateCreated: EpochMillis!
    }
    type RewardBalance {
      unit: String!
      totalAssigned: Float!
      totalRedeemed: Float!
      available: Float!
    }
    extend type Query {
      "Null for an account this tenant does not have."
      account(id: String!): Account
      "Credit per unit; null for an unknown account."
      rewardBalance(accountId: String!): [RewardBalance!]
    }
    extend type Mutation {
      "Redeems credit oldest first, all or nothing (INSUFFICIENT_BALANCE otherwise)."
      redeemRewardBalance(accountId: String!, unit: String!, amount: Int!): RewardBalance!
    }
  `,
  resolvers: {
    Query: {
      account: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        getAccountView(ctx.deps.db, ctx.tenant.id, parseInput(accountArgs, args).id),
      rewardBalance: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        getRewardBalance(ctx.deps.db, ctx.tenant.id, parseInput(balanceArgs, args).accountId),
    },
    Mutation: {
      redeemRewardBalance: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        if (ctx.principal.kind !== 'apiKey')
          throw new AppError('FORBIDDEN', 'Redeeming needs the tenant API key');
        return redeemRewardBalance(ctx.deps.db, ctx.tenant.id, parseInput(redeemInputSchema, args));
      },
    },
  },
};
