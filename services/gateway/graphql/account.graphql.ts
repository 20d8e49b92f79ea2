import { z } from 'zod';
import {
  accountListArgsSchema,
  listRecentAccountEvents,
  searchAccounts,
} from '../../../shared/domain/accounts/account-search';
import { getAccountView } from '../../../shared/domain/accounts/account-view';
import {
  getRewardBalance,
  redeemInputSchema,
  redeemRewardBalance,
} from '../../../shared/domain/rewards/reward-balance';
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
      "Credit an operator added or removed by hand (adjustCredit): on no referral."
      ADJUSTMENT
    }
    enum RewardStatus {
      "Held until holdUntil (the program's rewardHoldDays); cancelled instead if the referred account cancels."
      PENDING
      "Its referral awaits an operator's review (the fraud policy's REVIEW)."
      PENDING_REVIEW
      AVAILABLE
      REDEEMED
      CANCELLED
      "Credit whose unredeemed part expired (creditExpiryDays); redeemedCents stays redeemed."
      EXPIRED
    }
    type Reward {
      id: ID!
      type: RewardType!
      discountPercent: Int
      amountCents: Float
      redeemedCents: Float!
      unit: String
      rewardSource: RewardSource!
      "Null for an ADJUSTMENT."
      referralId: ID
      status: RewardStatus!
      "Epoch milliseconds."
      dateGiven: EpochMillis!
      dateCancelled: EpochMillis
      dateRedeemed: EpochMillis
      "When a PENDING reward's hold ends."
      holdUntil: EpochMillis
      "When an AVAILABLE credit reward's unredeemed part expires."
      expiresAt: EpochMillis
      dateExpired: EpochMillis
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
      "What looked suspicious at attribution, each with its evidence; empty when nothing did."
      fraudSignals: [FraudSignalHit!]!
      "The review the fraud policy asked for (REVIEW) and its decision; null when none was asked for."
      review: ReferralReview
    }
    enum ReviewStatus {
      "Awaiting an operator's decision; the referral's rewards are PENDING_REVIEW."
      PENDING
      APPROVED
      DENIED
    }
    type ReferralReview {
      status: ReviewStatus!
      "The operator's reason; null while PENDING."
      reason: String
      "Who decided: an operator's e-mail, or api for an API key."
      reviewedBy: String
      dateReviewed: EpochMillis
    }
    "A fraud signal found at a referral's attribution."
    type FraudSignalHit {
      signal: FraudSignal!
      "What was found, in words an operator can check."
      evidence: String!
    }
    enum FraudSignal {
      "The friend's and the referrer's e-mails are one mailbox (case, +tags, dots in Gmail-style addresses)."
      SAME_EMAIL
      "The friend and the referrer have the same first and last name."
      SAME_NAME
      "The friend identified from a client address or device the referrer used recently."
      SAME_CLIENT
      "The friend's e-mail is at a disposable-mail domain."
      DISPOSABLE_EMAIL
      "More attributions to the referrer within an hour than the program allows."
      VELOCITY
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
      firstName: String
      lastName: String
      shareCode: String
      "The share code's public link /r/{tenant}/{code}; null without a code."
      shareLink: String
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
      "The 20 newest events of the account's users, newest first."
      recentEvents: [UserEvent!]!
    }
    "An account in the portal's list."
    type AccountSummary {
      id: String!
      "The first user's e-mail."
      email: String
      userCount: Int!
      referralsMade: Int!
      dateCreated: EpochMillis!
      # Find people
      "The first user's full name, among users that have a name."
      name: String
    }
    type AccountPage {
      items: [AccountSummary!]!
      "Pass as after for the next page."
      endCursor: String
      hasNextPage: Boolean!
    }
    type RewardBalance {
      unit: String!
      totalAssigned: Float!
      totalRedeemed: Float!
      available: Float!
      "Credit granted but held or awaiting review (not redeemable yet)."
      pending: Float!
      "Credit that expired unredeemed."
      expired: Float!
      "When the next part of the available credit expires; null if none does."
      nextExpiry: EpochMillis
    }
    extend type Query {
      "Null for an account this tenant does not have."
      account(id: String!): Account
      "Credit per unit; null for an unknown account."
      rewardBalance(accountId: String!): [RewardBalance!]
      "Cash owed to the account per currency (CASH rewards of program rules), below zero while a reversal's debt is unpaid; null for an unknown account."
      cashBalance(accountId: String!): [RewardBalance!]
      "Newest first; search matches an account id, user id, e-mail or share code exactly; query matches part of a name, e-mail, id or share code in any case and without accents, best matches first (exact, then prefix, then part, then similar) (first 1 to 100, default 25)."
      accounts(search: String, first: Int, after: String, query: String): AccountPage!
    }
    extend type Mutation {
      "Redeems credit oldest first, all or nothing (INSUFFICIENT_BALANCE otherwise)."
      redeemRewardBalance(accountId: String!, unit: String!, amount: Int!): RewardBalance!
    }
  `,
  resolvers: {
    Query: {
      account: async (_: unknown, args: unknown, ctx: GraphQLContext) =>
        getAccountView(
          ctx.deps.db,
          ctx.tenant,
          parseInput(accountArgs, args).id,
          ctx.deps.config.publicUrl,
          await ctx.deps.cache.programSettings(ctx.tenant),
        ),
      accounts: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        searchAccounts(ctx.deps.db, ctx.tenant.id, parseInput(accountListArgsSchema, args)),
      rewardBalance: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        getRewardBalance(ctx.deps.db, ctx.tenant.id, parseInput(balanceArgs, args).accountId),
      cashBalance: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        getRewardBalance(ctx.deps.db, ctx.tenant.id, parseInput(balanceArgs, args).accountId, 'CASH'),
    },
    Account: {
      recentEvents: (account: { id: string }, _: unknown, ctx: GraphQLContext) =>
        listRecentAccountEvents(ctx.deps.db, ctx.tenant.id, account.id),
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
