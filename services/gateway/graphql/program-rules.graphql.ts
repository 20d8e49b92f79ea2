import {
  latestRuleVersion,
  listRuleVersions,
  type RuleVersion,
} from '../../../shared/domain/programs/rule-versions';
import { z } from 'zod';
import { explainReferralRewards } from '../../../shared/domain/programs/reward-explanations';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';
import type { ProgramParent } from './parents';

/**
 * The program's reward rules in GraphQL: the rules in force, their version and every published version
 * on Program, and `rules` on ProgramInput (updateProgram publishes them as the next version; the
 * resolver is in program.graphql.ts). docs/programs.md explains each field.
 */

/** GraphQL input objects carry explicit nulls for fields a client left out: absent, at any depth. */
export function withoutNullsDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullsDeep);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNullsDeep(v)]),
  );
}

const explainArgs = z.strictObject({ referralId: z.uuid({ message: 'must be a referral id' }) });

const presentVersion = (v: RuleVersion) => ({ ...v, publishedAt: v.publishedAt.getTime() });

export const programRulesModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum RuleTriggerType {
      "The referral's first PAID."
      CONVERSION
      "Each payment reported for the referred account: processor charges, PAID syncs with a value, events of the payment event key."
      PAYMENT
      "A user event of the referred account, once per referred account."
      EVENT
      "The referrer's converted referrals reach a count."
      MILESTONE
    }
    enum RuleRecipient {
      REFERRER
      REFERRED
    }
    enum RuleRewardType {
      PCT_DISCOUNT
      CREDIT
      "An amount off in a currency."
      FIXED_DISCOUNT
      "Money owed to the referrer (an amount, or a percentage of the payment); kept in the balance until paid out."
      CASH
    }
    enum RuleLimitPeriod {
      MONTH
      YEAR
      LIFETIME
    }
    type RuleTrigger {
      type: RuleTriggerType!
      "PAYMENT: months after the conversion (null: for life)."
      forMonths: Int
      "EVENT: the user event's key, and optionally a numeric field that must be at least atLeast."
      eventKey: String
      field: String
      atLeast: Float
      "MILESTONE: the count of converted referrals."
      conversions: Int
    }
    type RuleReward {
      type: RuleRewardType!
      discountPercent: Int
      amountCents: Float
      "CREDIT: the credit's unit (e.g. USD)."
      unit: String
      "FIXED_DISCOUNT and CASH: an ISO 4217 code."
      currency: String
      "CASH on a PAYMENT rule: a share of the payment instead of amountCents."
      percentOfPayment: Float
    }
    type RuleTier {
      fromConversions: Int!
      toConversions: Int
      reward: RuleReward!
    }
    type RuleLimit {
      period: RuleLimitPeriod!
      maxCount: Int
      maxAmountCents: Float
    }
    type RuleEligibility {
      minSubscriptionValueCents: Float
      newCustomersOnly: Boolean
    }
    "One rule of the program: a trigger, a recipient, a reward or tiers of rewards, limits (docs/programs.md)."
    type ProgramRule {
      id: String!
      name: String!
      trigger: RuleTrigger!
      recipient: RuleRecipient!
      reward: RuleReward
      tiers: [RuleTier!]
      limits: [RuleLimit!]!
      eligibility: RuleEligibility!
    }
    type ProgramRuleVersion {
      version: Int!
      rules: [ProgramRule!]!
      "Who published it: an operator's e-mail, an API key's prefix or a user id."
      publishedBy: String!
      "Epoch milliseconds."
      publishedAt: Float!
    }
    extend type Program {
      "The rules referrals attributed from now on are rewarded by ([] while none are published: the fixed referrerReward applies)."
      rules: [ProgramRule!]!
      "Their version (null while none are published); a referral keeps the version of its attribution."
      ruleVersion: Int
      "Every published version, newest first."
      ruleVersions: [ProgramRuleVersion!]!
    }
    input RuleTriggerInput {
      type: RuleTriggerType!
      forMonths: Int
      eventKey: String
      field: String
      atLeast: Float
      conversions: Int
    }
    input RuleRewardInput {
      type: RuleRewardType!
      discountPercent: Int
      amountCents: Float
      unit: String
      currency: String
      percentOfPayment: Float
    }
    input RuleTierInput {
      fromConversions: Int!
      toConversions: Int
      reward: RuleRewardInput!
    }
    input RuleLimitInput {
      period: RuleLimitPeriod!
      maxCount: Int
      maxAmountCents: Float
    }
    input RuleEligibilityInput {
      minSubscriptionValueCents: Float
      newCustomersOnly: Boolean
    }
    input ProgramRuleInput {
      id: String!
      name: String!
      trigger: RuleTriggerInput!
      recipient: RuleRecipient!
      reward: RuleRewardInput
      tiers: [RuleTierInput!]
      limits: [RuleLimitInput!]
      eligibility: RuleEligibilityInput
    }
    enum RewardOutcome {
      GRANTED
      NOT_GRANTED
    }
    "What one rule (or the program's fixed reward) gave on a referral and why, or why it gave nothing."
    type RewardExplanation {
      "The rule (null: the program's fixed reward, for a referral made before any rules)."
      ruleId: String
      ruleName: String!
      recipient: RuleRecipient!
      outcome: RewardOutcome!
      "The reward given, and its status now."
      rewardId: ID
      rewardStatus: RewardStatus
      "A sentence: what was given for which event, or the reason nothing was (a limit named, a milestone not reached, not converted yet), and where the reward stands (held until a date, awaiting review, cancelled)."
      text: String!
    }
    extend type Query {
      "For each rule of the referral's version, what it gave and why or why not. NOT_FOUND for another tenant's referral."
      explainRewards(referralId: ID!): [RewardExplanation!]!
    }
    extend input ProgramInput {
      "Publishes these rules as the program's next version (validated first: nothing is written when one is refused)."
      rules: [ProgramRuleInput!]
    }
  `,
  resolvers: {
    Query: {
      explainRewards: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        explainReferralRewards(ctx.deps.db, ctx.tenant.id, parseInput(explainArgs, args).referralId),
    },
    Program: {
      rules: async (program: ProgramParent, __: unknown, ctx: GraphQLContext) =>
        (await latestRuleVersion(ctx.deps.db, ctx.tenant.id, program.id))?.rules ?? [],
      ruleVersion: async (program: ProgramParent, __: unknown, ctx: GraphQLContext) =>
        (await latestRuleVersion(ctx.deps.db, ctx.tenant.id, program.id))?.version ?? null,
      ruleVersions: async (program: ProgramParent, __: unknown, ctx: GraphQLContext) =>
        (await listRuleVersions(ctx.deps.db, ctx.tenant.id, program.id)).map(presentVersion),
    },
  },
};
