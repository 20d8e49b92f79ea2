import { getProgramView } from '../../../shared/domain/programs/programs';
import { parseInput } from '../../../shared/validation';
import { programById, programIdArg, saveProgram } from './programs.graphql';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';
import {
  removeProgramLogo,
  setProgramLogo,
  MAX_LOGO_BYTES,
} from '../../../shared/domain/tenants/program-logo';
import { z } from 'zod';

/** uploadProgramLogo: the image as base64 (4 characters per 3 bytes), bounded before decoding. */
const logoUploadArgs = z.strictObject({
  imageBase64: z
    .string()
    .max(Math.ceil(MAX_LOGO_BYTES / 3) * 4 + 4, 'the logo may be at most 512 KB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});

export const programModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum RewardType {
      PCT_DISCOUNT
      CREDIT
      "An amount off in a currency: given by a program rule only."
      FIXED_DISCOUNT
      "Money owed to the referrer, kept in the balance until paid out: given by a program rule only."
      CASH
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
      "A user event with this key, revenue and currency is a payment of the account (PAYMENT rules)."
      paymentEventKey: String
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
      "Hosted pages: where the hosted page's continue link goes, with rsCode (null: websiteUrl)."
      signupUrl: String
      "Users' share links on the merchant's domain: this URL with ?{shareParam}={code} (null: /r/{tenant}/{code})."
      shareLinkUrl: String
      "The query parameter of share links on shareLinkUrl (default ref; rsCode is always read too)."
      shareParam: String!
      "A host name (CNAME to the gateway) serving /{code} as this program's share links; unique across tenants."
      customHost: String
      "The hosted pages' accent colour, #rrggbb (text on it is black or white, whichever contrasts more)."
      brandColor: String
      "The landing page's headline, text and button; variables {name}, {offer}, {program}."
      landingHeadline: String
      landingText: String
      landingButtonText: String
      "The uploaded logo's content hash and its path on the gateway (null: none)."
      logoHash: String
      logoUrl: String
      "The widget's share message: a template with {program}, {offer}, {link} and {name} (the referrer's first name); null: the default for the friend's locale."
      shareMessage: String
      "The widget's e-mail subject, a template like shareMessage; null: the default."
      shareEmailSubject: String
      "The widget shows the program's top referrers this month and overall, by first name or initial (off by default)."
      leaderboardEnabled: Boolean!
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
      paymentEventKey: String
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
      signupUrl: String
      shareLinkUrl: String
      shareParam: String
      customHost: String
      brandColor: String
      landingHeadline: String
      landingText: String
      landingButtonText: String
      shareMessage: String
      shareEmailSubject: String
      leaderboardEnabled: Boolean
    }
    extend type Query {
      "A program by id; without one, the default program."
      program(id: ID): Program!
    }
    extend type Mutation {
      "Changes a program (without an id, the default program); with rules, publishes them as its next version. Settings every program shares can be set on the default program only."
      updateProgram(id: ID, input: ProgramInput!): Program!
      "Sets the hosted pages' logo: a PNG or JPEG image (at most 512 KB, 2048x2048) as base64; re-encoded to PNG. A WebP is refused (no decoder yet)."
      uploadProgramLogo(imageBase64: String!): Program!
      removeProgramLogo: Program!
    }
  `,
  resolvers: {
    Query: {
      program: (_: unknown, args: unknown, ctx: GraphQLContext) => programById(args, ctx),
    },
    Mutation: {
      updateProgram: (
        _: unknown,
        args: { id?: unknown; input: Record<string, unknown> },
        ctx: GraphQLContext,
      ) => saveProgram(ctx, programIdArg(args), args.input),
      uploadProgramLogo: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const { imageBase64 } = parseInput(logoUploadArgs, args);
        await setProgramLogo(ctx.deps.db, ctx.tenant.id, Buffer.from(imageBase64, 'base64'));
        return getProgramView(ctx.deps.db, ctx.tenant.id);
      },
      removeProgramLogo: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
        await removeProgramLogo(ctx.deps.db, ctx.tenant.id);
        return getProgramView(ctx.deps.db, ctx.tenant.id);
      },
    },
  },
};
