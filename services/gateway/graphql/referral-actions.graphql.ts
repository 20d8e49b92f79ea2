import {
  listReferralActions,
  presentReferralAction,
} from '../../../shared/domain/referrals/referral-action-view';
import { referralActionSchema } from '../../../shared/domain/referrals/referral-actions';
import {
  bulkReferralAction,
  bulkReferralActionSchema,
} from '../../../shared/use-cases/bulk-referral-actions';
import { actOnReferral, type ActionResult } from '../../../shared/use-cases/referral-actions';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

const actor = (ctx: GraphQLContext) => (ctx.principal.kind === 'operator' ? ctx.principal.email : 'api');

/** Runs one hand action: the GraphQL arguments, with the action's name, through the one use case. */
function act(action: string) {
  return async (_: unknown, args: Record<string, unknown>, ctx: GraphQLContext) => {
    const input = parseInput(referralActionSchema, { ...args, action });
    const result: ActionResult = await actOnReferral(ctx.deps, ctx.tenant, input, actor(ctx));
    return { ...result, id: result.action.id, action: presentReferralAction(result.action) };
  };
}

/**
 * Acting on referrals and rewards by hand: cancel, re-attribute, grant, void, mark fulfilled
 * and notes, one at a time or in bulk; each with a reason, applied once per idempotency key, audited.
 */
export const referralActionsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum ReferralActionKind {
      CANCEL
      REATTRIBUTE
      GRANT_REWARD
      VOID_REWARD
      MARK_FULFILLED
      NOTE
    }
    "A hand action or note on a referral: who, when, why."
    type ReferralActionEntry {
      id: ID!
      action: ReferralActionKind!
      "The reason given (for a NOTE, the note itself)."
      reason: String!
      "An operator's e-mail, or api for an API key."
      actor: String!
      at: EpochMillis!
      "The reward acted on or granted, if any."
      rewardId: ID
      "A fulfilment's reference (MARK_FULFILLED)."
      reference: String
      "What it did, in words."
      summary: String!
    }
    enum ActionOutcome {
      "Applied by this call."
      APPLIED
      "Applied before with the same idempotencyKey (sent or derived): nothing changed now."
      ALREADY_APPLIED
    }
    type ReferralActionResult {
      outcome: ActionOutcome!
      action: ReferralActionEntry!
      "The referral as it now is."
      referral: Referral!
    }
    enum ReferralSide {
      "The referrer (their account and user)."
      REFERRER
      "The referred account."
      REFERRED
    }
    "A manual reward: a percent discount or credit in a unit (minor units, e.g. USD cents)."
    input ManualRewardInput {
      type: RewardType!
      discountPercent: Int
      amountCents: Int
      unit: String
    }
    "The new referrer: accountId and userId, or a share code."
    input ReferrerTargetInput {
      accountId: String
      userId: String
      code: String
    }
    enum BulkReferralActionKind {
      CANCEL
      GRANT_REWARD
      VOID_REWARD
      MARK_FULFILLED
      NOTE
    }
    input BulkReferralActionInput {
      action: BulkReferralActionKind!
      "1 to 500 ids: referrals for CANCEL, GRANT_REWARD and NOTE; rewards for VOID_REWARD and MARK_FULFILLED."
      ids: [ID!]!
      reason: String!
      "Each row is applied once under a key derived from this one and its id (derived from the call when absent)."
      idempotencyKey: String
      "GRANT_REWARD: the side and the reward."
      side: ReferralSide
      reward: ManualRewardInput
      "MARK_FULFILLED: the payment's reference."
      reference: String
    }
    enum BulkRowOutcome {
      APPLIED
      ALREADY_APPLIED
      "The state rules refused it (message and problem say why)."
      REFUSED
      "Not a referral or reward of this tenant."
      NOT_FOUND
    }
    type BulkRowResult {
      id: ID!
      outcome: BulkRowOutcome!
      message: String
      problem: String
    }
    extend type ReferralDetail {
      "Hand actions and notes, oldest first."
      actions: [ReferralActionEntry!]!
      "Rewards operators granted on this referral (GRANT_REWARD), oldest first."
      grantedRewards: [Reward!]!
    }
    extend type Mutation {
      "Ends the referral now and voids its live rewards (redeemed, expired and fulfilled ones stay)."
      cancelReferral(id: ID!, reason: String!, idempotencyKey: String): ReferralActionResult!
      "Moves the referral, and its referrer reward if nothing was taken from it, to another referrer."
      reattributeReferral(
        id: ID!
        to: ReferrerTargetInput!
        reason: String!
        idempotencyKey: String
      ): ReferralActionResult!
      "Gives a reward on a side of the referral, AVAILABLE at once (credit granted by hand does not expire)."
      grantReward(
        id: ID!
        side: ReferralSide!
        reward: ManualRewardInput!
        reason: String!
        idempotencyKey: String
      ): ReferralActionResult!
      "Cancels a reward (id: the reward's) that is held, awaiting review or available and untouched."
      voidReward(id: ID!, reason: String!, idempotencyKey: String): ReferralActionResult!
      "Records that an AVAILABLE credit reward (id: the reward's) was paid outside the service: REDEEMED, with the reference."
      markRewardFulfilled(
        id: ID!
        reference: String!
        reason: String!
        idempotencyKey: String
      ): ReferralActionResult!
      "Adds a note (the reason is the note) to the referral."
      addReferralNote(id: ID!, reason: String!, idempotencyKey: String): ReferralActionResult!
      "One action on 1 to 500 referrals or rewards, with a result per row."
      bulkReferralAction(input: BulkReferralActionInput!): [BulkRowResult!]!
    }
  `,
  resolvers: {
    ReferralDetail: {
      actions: (parent: { referral: { id: string } }, _: unknown, ctx: GraphQLContext) =>
        listReferralActions(ctx.deps.db, ctx.tenant.id, parent.referral.id).then((v) => v.actions),
      grantedRewards: (parent: { referral: { id: string } }, _: unknown, ctx: GraphQLContext) =>
        listReferralActions(ctx.deps.db, ctx.tenant.id, parent.referral.id).then((v) => v.grantedRewards),
    },
    Mutation: {
      cancelReferral: act('CANCEL'),
      reattributeReferral: act('REATTRIBUTE'),
      grantReward: act('GRANT_REWARD'),
      voidReward: act('VOID_REWARD'),
      markRewardFulfilled: act('MARK_FULFILLED'),
      addReferralNote: act('NOTE'),
      bulkReferralAction: (_: unknown, args: { input: unknown }, ctx: GraphQLContext) =>
        bulkReferralAction(
          ctx.deps,
          ctx.tenant,
          parseInput(bulkReferralActionSchema, args.input),
          actor(ctx),
        ),
    },
  },
};
