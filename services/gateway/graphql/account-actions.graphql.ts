import { getAccountView } from '../../../shared/domain/accounts/account-view';
import { adjustCreditSchema, redeemCreditSchema } from '../../../shared/domain/rewards/credit-actions';
import { getRewardBalance } from '../../../shared/domain/rewards/reward-balance';
import {
  changeShareCodeSchema,
  deleteUserSchema,
  updateUserSchema,
} from '../../../shared/domain/accounts/user-actions';
import { actOnAccount, type AccountActionInput } from '../../../shared/use-cases/account-actions';
import { parseInput } from '../../../shared/validation';
import type { z } from 'zod';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

const actor = (ctx: GraphQLContext) => (ctx.principal.kind === 'operator' ? ctx.principal.email : 'api');

const SCHEMAS = {
  ADJUST_CREDIT: adjustCreditSchema,
  REDEEM_CREDIT: redeemCreditSchema,
  UPDATE_USER: updateUserSchema,
  CHANGE_SHARE_CODE: changeShareCodeSchema,
  DELETE_USER: deleteUserSchema,
} as const;

/**
 * Runs one hand action through the one use case, then answers the account as it now is (null once
 * deleted), its credit, the user acted on and the ADJUSTMENT reward an adjustment made.
 */
function act(action: keyof typeof SCHEMAS) {
  return async (_: unknown, args: Record<string, unknown>, ctx: GraphQLContext) => {
    const parsed = parseInput(SCHEMAS[action] as z.ZodType, args) as object;
    const input = { ...parsed, action } as AccountActionInput;
    const done = await actOnAccount(ctx.deps, ctx.tenant, input, actor(ctx));
    const { db } = ctx.deps;
    const account = await getAccountView(
      db,
      ctx.tenant,
      input.accountId,
      ctx.deps.config.publicUrl,
      await ctx.deps.cache.programSettings(ctx.tenant),
    );
    const userId = 'userId' in input ? input.userId : null;
    const rewardId = typeof done.result.rewardId === 'string' ? done.result.rewardId : null;
    const reward = rewardId ? account?.rewards.find((r) => r.id === rewardId) : undefined;
    return {
      outcome: done.outcome,
      action: { ...done.action, summary: summary(done.action.kind, done.result) },
      account,
      balance: account ? ((await getRewardBalance(db, ctx.tenant.id, input.accountId)) ?? []) : [],
      user: account?.users.find((u) => u.id === userId) ?? null,
      reward: reward ?? null,
      accountDeleted: done.result.accountDeleted === true,
    };
  };
}

/** What an action did, in words, from its stored result. */
function summary(kind: string, r: Record<string, unknown>): string {
  const amount = Math.abs(Number(r.amountCents ?? 0));
  switch (kind) {
    case 'ADJUST_CREDIT':
      return `${Number(r.amountCents) > 0 ? 'Added' : 'Removed'} ${amount} ${String(r.unit)} of credit; ${String(r.available)} available`;
    case 'REDEEM_CREDIT':
      return `Redeemed ${amount} ${String(r.unit)} of credit${r.reference ? ` (${String(r.reference)})` : ''}; ${String(r.available)} available`;
    case 'UPDATE_USER':
      return 'Edited the user';
    case 'CHANGE_SHARE_CODE':
      return `Share code ${String(r.from ?? 'none')} → ${String(r.to)}`;
    default:
      return r.accountDeleted ? 'Deleted the user and the account left without users' : 'Deleted the user';
  }
}

/**
 * Acting on accounts and users by hand: adjust or redeem credit, edit a user, change a
 * share code, delete a user; each with a reason, applied once per idempotency key, audited.
 */
export const accountActionsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum AccountActionKind {
      ADJUST_CREDIT
      REDEEM_CREDIT
      UPDATE_USER
      CHANGE_SHARE_CODE
      DELETE_USER
    }
    "A hand action on an account or a user: who, when, why, and what it did."
    type AccountActionEntry {
      id: ID!
      kind: AccountActionKind!
      accountId: String!
      userId: String
      reason: String!
      "An operator's e-mail, or api for an API key."
      actor: String!
      at: EpochMillis!
      summary: String!
    }
    type AccountActionResult {
      outcome: ActionOutcome!
      action: AccountActionEntry!
      "The account as it now is; null once deleteUser deleted it."
      account: Account
      "The account's credit per unit now."
      balance: [RewardBalance!]!
      "The user acted on, as it now is; null for credit actions and once deleted."
      user: AccountUser
      "adjustCredit: the ADJUSTMENT reward it made."
      reward: Reward
      "deleteUser: whether the account, left without users, went too."
      accountDeleted: Boolean!
    }
    "The user fields identification sets; null clears one; at least one."
    input UserEditInput {
      email: String
      firstName: String
      lastName: String
      locale: String
    }
    extend type Mutation {
      "Adds credit (positive, in the unit's minor units) as an ADJUSTMENT reward that does not expire, or removes it (negative) from the available credit, oldest first; never more than is available. unit: the program's credit unit (or the account's currency) when absent."
      adjustCredit(
        accountId: ID!
        amountCents: Int!
        unit: String
        reason: String!
        idempotencyKey: String
      ): AccountActionResult!
      "Redeems available credit oldest first, all or nothing (never more than available)."
      redeemCredit(
        accountId: ID!
        amountCents: Int!
        unit: String
        reference: String
        reason: String!
        idempotencyKey: String
      ): AccountActionResult!
      "Edits a user's e-mail, names or locale."
      updateUser(
        accountId: ID!
        userId: ID!
        input: UserEditInput!
        reason: String!
        idempotencyKey: String
      ): AccountActionResult!
      "Gives the user a new share code (unique in the tenant); the old one keeps resolving to them for 30 days."
      changeShareCode(
        accountId: ID!
        userId: ID!
        code: String!
        reason: String!
        idempotencyKey: String
      ): AccountActionResult!
      "Deletes the user as the DELETE_USER import job does (an account left without users goes too unless preserveEmptyAccount)."
      deleteUser(
        accountId: ID!
        userId: ID!
        preserveEmptyAccount: Boolean
        doNotTrack: Boolean
        reason: String!
        idempotencyKey: String
      ): AccountActionResult!
    }
  `,
  resolvers: {
    Mutation: {
      adjustCredit: act('ADJUST_CREDIT'),
      redeemCredit: act('REDEEM_CREDIT'),
      updateUser: act('UPDATE_USER'),
      changeShareCode: act('CHANGE_SHARE_CODE'),
      deleteUser: act('DELETE_USER'),
    },
  },
};
