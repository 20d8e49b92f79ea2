import { getProgram, programPatchSchema, updateProgram } from '../../../shared/domain/program';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

/** GraphQL input objects carry explicit nulls for fields a client left out of a union-like input. */
export function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
}

export const programModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum RewardType {
      PCT_DISCOUNT
      CREDIT
    }
    "What a referrer earns when a referral converts."
    type ReferrerRewardSettings {
      type: RewardType!
      discountPercent: Int
      amountCents: Float
      unit: String
    }
    "The tenant's referral program."
    type Program {
      name: String!
      referredDiscountPercent: Int!
      referrerReward: ReferrerRewardSettings!
      maxReferrerDiscountPercent: Int!
      discountId: String!
      landingUrl: String
      "An accepted user event with this key converts a referred account's referral."
      conversionEventKey: String
      "User JWTs without exp are refused (401). Off by default."
      requireUserJwtExp: Boolean!
      "Origins (https://shop.example) allowed to call the user-JWT routes from a browser (CORS)."
      allowedOrigins: [String!]!
      "Lifetime of the browser library's tracking cookie, in days (1-730)."
      referralCookieDays: Int!
      "A later share link's code replaces the one in the tracking cookie (default: the first is kept)."
      referralCookieLastClickWins: Boolean!
      "The program's website, linked from the hosted landing page."
      websiteUrl: String
      "The widget's headline (null: the library's text for the user's locale)."
      widgetHeadline: String
      widgetSubheadline: String
      "More attributions to one referrer within an hour raise the VELOCITY fraud signal (null: no limit)."
      maxAttributionsPerReferrerPerHour: Int
      "What each fraud signal does to an attribution; a signal not listed is ALLOW."
      fraudPolicy: [FraudRule!]!
      "Days a referrer's reward stays PENDING after its referral converts (0: AVAILABLE at once); cancelled instead if the referred account cancels meanwhile."
      rewardHoldDays: Int!
      "Days after which unredeemed CREDIT expires, from when it becomes AVAILABLE (null: never)."
      creditExpiryDays: Int
      "The widget's share message (issue 30): a template with {program}, {offer}, {link} and {name} (the referrer's first name); null: the default for the friend's locale."
      shareMessage: String
      "The widget's e-mail subject, a template like shareMessage; null: the default."
      shareEmailSubject: String
    }
    type FraudRule {
      signal: FraudSignal!
      action: FraudAction!
    }
    input FraudRuleInput {
      signal: FraudSignal!
      action: FraudAction!
    }
    enum FraudAction {
      "Nothing: the signal is only recorded."
      ALLOW
      "The referral proceeds; its rewards wait as PENDING_REVIEW for an operator's decision (reviewReferrals)."
      REVIEW
      "Make no referral; the request's answer says REFUSED and why."
      BLOCK
    }
    input ReferrerRewardInput {
      type: RewardType!
      discountPercent: Int
      amountCents: Float
      unit: String
    }
    input ProgramInput {
      name: String
      referredDiscountPercent: Int
      referrerReward: ReferrerRewardInput
      maxReferrerDiscountPercent: Int
      discountId: String
      landingUrl: String
      conversionEventKey: String
      requireUserJwtExp: Boolean
      allowedOrigins: [String!]
      referralCookieDays: Int
      referralCookieLastClickWins: Boolean
      websiteUrl: String
      widgetHeadline: String
      widgetSubheadline: String
      maxAttributionsPerReferrerPerHour: Int
      fraudPolicy: [FraudRuleInput!]
      rewardHoldDays: Int
      creditExpiryDays: Int
      shareMessage: String
      shareEmailSubject: String
    }
    extend type Query {
      program: Program!
    }
    extend type Mutation {
      updateProgram(input: ProgramInput!): Program!
    }
  `,
  resolvers: {
    Query: {
      program: (_: unknown, __: unknown, ctx: GraphQLContext) => getProgram(ctx.deps.db, ctx.tenant.id),
    },
    Mutation: {
      updateProgram: (_: unknown, args: { input: Record<string, unknown> }, ctx: GraphQLContext) => {
        const input = { ...args.input };
        if (input.referrerReward)
          input.referrerReward = withoutNulls(input.referrerReward as Record<string, unknown>);
        const patch = parseInput(programPatchSchema, input, 'input');
        return updateProgram(ctx.deps.db, ctx.tenant.id, patch);
      },
    },
  },
};
