import {
  getReferralDetail,
  referralIdArgsSchema,
  referralListArgsSchema,
  reviewQueueArgsSchema,
  searchReferrals,
} from '../../../shared/domain/referrals/referral-search';
import { reviewReferrals, reviewReferralsArgsSchema } from '../../../shared/use-cases/review-referrals';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

/** The portal's referral list (filters, search, keyset pages) and a referral's detail with its timeline. */
export const referralsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "All given conditions hold. Dates are UTC days (YYYY-MM-DD, inclusive) of the start."
    input ReferralFilter {
      status: ReferralStatus
      from: String
      to: String
      "The code used, any case."
      code: String
      "An account id (referrer or referred), user id, e-mail or code used, matched exactly (e-mail and code in any case)."
      search: String
      # Find people
      "Part of a name, e-mail, id (account, user or referral) or share code of the referrer or the friend, in any case and without accents; best matches first (exact, then prefix, then part, then similar)."
      query: String
    }
    type ReferralPage {
      items: [Referral!]!
      "Pass as after for the next page."
      endCursor: String
      hasNextPage: Boolean!
    }
    enum TimelineKind {
      ATTRIBUTED
      "An operator's review decision (the description names who and why)."
      REVIEWED
      CONVERTED
      ENDED
      REWARD_GIVEN
      REWARD_REDEEMED
      REWARD_CANCELLED
      "Credit whose unredeemed part expired."
      REWARD_EXPIRED
    }
    type TimelineEntry {
      at: EpochMillis!
      kind: TimelineKind!
      description: String!
    }
    type ReferralDetail {
      referral: Referral!
      "Oldest first."
      timeline: [TimelineEntry!]!
      "The referral's lifecycle workflow."
      workflowId: String!
      "Its page in the Temporal UI."
      workflowUrl: String!
    }
    enum ReviewDecision {
      "The rewards become AVAILABLE (or PENDING until the program's hold ends) and the discount sync follows."
      APPROVE
      "The rewards are cancelled."
      DENY
    }
    enum ReviewOutcome {
      "Decided by this call."
      DECIDED
      "Decided before: a decision is final, and sending it again changes nothing."
      ALREADY_DECIDED
      "The fraud policy never held this referral for review."
      NOT_UNDER_REVIEW
      "The tenant has no such referral."
      NOT_FOUND
    }
    type ReviewResult {
      id: ID!
      outcome: ReviewOutcome!
      "The referral as it now is (null when NOT_FOUND)."
      referral: Referral
    }
    extend type Query {
      "Newest first (first 1 to 100, default 25)."
      referrals(filter: ReferralFilter, first: Int, after: String): ReferralPage!
      "Null when the tenant has no such referral."
      referral(id: ID!): ReferralDetail
      "Referrals the fraud policy held for review (REVIEW) that await a decision, with their signals; newest first, or best matches first with query (as ReferralFilter.query) (first 1 to 100, default 25)."
      referralsForReview(first: Int, after: String, query: String): ReferralPage!
    }
    extend type Mutation {
      "Approves or denies 1 to 100 referrals awaiting review, with a reason; each decision is applied once by the referral's lifecycle workflow."
      reviewReferrals(ids: [ID!]!, decision: ReviewDecision!, reason: String!): [ReviewResult!]!
    }
  `,
  resolvers: {
    Query: {
      referrals: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        searchReferrals(ctx.deps.db, ctx.tenant.id, parseInput(referralListArgsSchema, args)),
      referral: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        getReferralDetail(ctx.deps.db, ctx.tenant, parseInput(referralIdArgsSchema, args).id, {
          url: ctx.deps.config.temporalUiUrl,
          namespace: ctx.deps.config.TEMPORAL_NAMESPACE,
        }),
      referralsForReview: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        searchReferrals(ctx.deps.db, ctx.tenant.id, {
          ...parseInput(reviewQueueArgsSchema, args),
          review: 'PENDING',
        }),
    },
    Mutation: {
      reviewReferrals: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        reviewReferrals(
          ctx.deps,
          ctx.tenant,
          parseInput(reviewReferralsArgsSchema, args),
          ctx.principal.kind === 'operator' ? ctx.principal.email : 'api',
        ),
    },
  },
};
