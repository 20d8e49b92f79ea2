import { z } from 'zod';
import type { DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { idempotencyKeySchema } from '../../ids';
import { createAccountsRepo } from '../../repos/accounts.repo';
import { createReferralActionsRepo, type ReferralActionRow } from '../../repos/referral-actions.repo';
import { createReferralCodesRepo } from '../../repos/referral-codes.repo';
import { createReferralsRepo, type ReferralRow } from '../../repos/referrals.repo';
import { createRewardsRepo, type RewardRow } from '../../repos/rewards.repo';
import { createUsersRepo } from '../../repos/users.repo';
import { referrerRewardSchema } from '../../types/program';
import { idSchema, textSchema } from '../../validation';
import {
  cancelRefusal,
  fulfilRefusal,
  grantRefusal,
  reattributeRefusal,
  REWARD_ACTIONS,
  voidRefusal,
  type ReferralAction,
  type Refusal,
} from './referral-action-rules';
import { presentReferral } from './referral-view';
import { presentReward, sideReward } from '../rewards/rewards';
import { recordWebhookEvent } from '../webhooks/webhook-events';

const reason = textSchema(500, { min: 1, trim: true });
const key = idempotencyKeySchema.optional();
const uuid = (noun: string) => z.uuid(`must be a ${noun} id`).transform((id) => id.toLowerCase());

/** The new referrer: a user of an account, or the owner of a share code. */
export const referrerTargetSchema = z.union([
  z.strictObject({ accountId: idSchema(), userId: idSchema() }),
  z.strictObject({ code: textSchema(64, { min: 1, trim: true }) }),
]);

/** One hand action as the use case takes it (GraphQL's arguments, flattened by the resolver). */
export const referralActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('CANCEL'), id: uuid('referral'), reason, idempotencyKey: key }),
  z.strictObject({
    action: z.literal('REATTRIBUTE'),
    id: uuid('referral'),
    to: referrerTargetSchema,
    reason,
    idempotencyKey: key,
  }),
  z.strictObject({
    action: z.literal('GRANT_REWARD'),
    id: uuid('referral'),
    side: z.enum(['REFERRER', 'REFERRED']),
    reward: referrerRewardSchema,
    reason,
    idempotencyKey: key,
  }),
  z.strictObject({ action: z.literal('VOID_REWARD'), id: uuid('reward'), reason, idempotencyKey: key }),
  z.strictObject({
    action: z.literal('MARK_FULFILLED'),
    id: uuid('reward'),
    reference: textSchema(200, { min: 1, trim: true }),
    reason,
    idempotencyKey: key,
  }),
  z.strictObject({ action: z.literal('NOTE'), id: uuid('referral'), reason, idempotencyKey: key }),
]);
export type ReferralActionInput = z.output<typeof referralActionSchema>;

/** What applying an action did: the action's row and whether this call made it (false: sent before). */
export interface AppliedAction {
  row: ReferralActionRow;
  created: boolean;
  referral: ReferralRow;
  /** Whose discount the lifecycle does not sync by itself: a re-attributed referral's former referrer. */
  formerReferrerAccountId: string | null;
}

function refused(refusal: Refusal): never {
  throw new AppError('CONFLICT', refusal.message, { fields: { problem: refusal.problem } });
}

function notFound(action: ReferralAction): never {
  const noun = REWARD_ACTIONS.includes(action) ? 'reward' : 'referral';
  throw new AppError('NOT_FOUND', `No such ${noun}`, {
    validationErrors: [{ path: 'id', message: `not a ${noun} of this tenant` }],
  });
}

/** The referral an action acts on: the reward's referral for a reward action (another tenant's: not found). */
async function targetReferral(trx: DbOrTrx, tenantId: string, input: ReferralActionInput) {
  let referralId = input.id;
  if (REWARD_ACTIONS.includes(input.action)) {
    const reward = await createRewardsRepo(trx).find(tenantId, input.id, trx);
    // Credit adjusted by hand (ADJUSTMENT) is on no referral: no referral action acts on it.
    if (!reward || reward.referral_id === null) notFound(input.action);
    referralId = reward.referral_id;
  }
  const [referral] = await createReferralsRepo(trx).findMany(tenantId, [referralId], trx);
  if (!referral) notFound(input.action);
  return referral;
}

/**
 * Applies one hand action in the caller's transaction, under the referred account's row lock (the lock the
 * lifecycle's reconcile takes, so the two never interleave): checks the state rules
 * (referral-action-rules), changes the referral or reward, records the webhook events, and writes the
 * action's row keyed by `idempotencyKey`. The same key again finds that row and changes nothing (the
 * lock serializes parallel copies); the same key for another action or target is refused.
 */
export async function applyReferralAction(
  trx: DbOrTrx,
  tenantId: string,
  input: ReferralActionInput & { idempotencyKey: string },
  actor: string,
): Promise<AppliedAction> {
  const first = await targetReferral(trx, tenantId, input);
  await createAccountsRepo(trx).lock(tenantId, first.referred_account_id, trx);
  const actions = createReferralActionsRepo(trx);
  const [referral] = await createReferralsRepo(trx).findMany(tenantId, [first.id], trx);
  if (!referral) notFound(input.action);
  const existing = await actions.findByKey(tenantId, input.idempotencyKey, trx);
  if (existing) {
    const sameTarget = existing.reward_id === input.id || existing.referral_id === input.id;
    if (existing.action !== input.action || !sameTarget) {
      throw new AppError('CONFLICT', 'This idempotencyKey was already used for another action', {
        validationErrors: [{ path: 'idempotencyKey', message: 'already used for another action' }],
      });
    }
    return { row: existing, created: false, referral, formerReferrerAccountId: null };
  }
  const effect = await applyEffect(trx, tenantId, referral, input);
  const wasLive = referral.status !== 'ENDED';
  const row = await actions.insert(
    {
      tenant_id: tenantId,
      referral_id: referral.id,
      action: input.action,
      idempotency_key: input.idempotencyKey,
      reason: input.reason,
      actor,
      reward_id: effect.rewardId,
      details: effect.details,
      rewards_granted: effect.granted,
      rewards_cancelled: effect.cancelled,
      referred_side: effect.referredSide,
      // A note changes nothing the lifecycle keeps; nor does anything on an ended referral.
      delivered: input.action === 'NOTE' || !wasLive,
    },
    trx,
  );
  if (input.action !== 'NOTE' && wasLive) {
    await createReferralsRepo(trx).markLifecyclePending(referral.id, trx);
  }
  return { row, created: true, referral: effect.referral, formerReferrerAccountId: effect.former };
}

interface Effect {
  referral: ReferralRow;
  rewardId: string | null;
  details: Record<string, unknown>;
  granted: number;
  cancelled: number;
  referredSide: boolean;
  former: string | null;
}

async function applyEffect(
  trx: DbOrTrx,
  tenantId: string,
  referral: ReferralRow,
  input: ReferralActionInput,
): Promise<Effect> {
  const rewards = createRewardsRepo(trx);
  const none: Effect = {
    referral,
    rewardId: null,
    details: {},
    granted: 0,
    cancelled: 0,
    referredSide: false,
    former: null,
  };
  const event = async (type: 'reward.cancelled' | 'reward.created' | 'reward.redeemed', reward: RewardRow) =>
    recordWebhookEvent(trx, tenantId, type, presentReward(reward));
  switch (input.action) {
    case 'NOTE':
      return none;
    case 'CANCEL': {
      const refusal = cancelRefusal(referral);
      if (refusal) refused(refusal);
      const ended = await createReferralsRepo(trx).endNow(referral.id, trx);
      const cancelled = await rewards.cancelForReferral(tenantId, referral.id, trx);
      const all = await rewards.listByReferrals(tenantId, [referral.id], trx);
      await recordWebhookEvent(trx, tenantId, 'referral.ended', presentReferral(ended, all));
      for (const reward of cancelled) await event('reward.cancelled', reward);
      return {
        ...none,
        referral: ended,
        cancelled: cancelled.length,
        referredSide: cancelled.some((r) => r.reward_source === 'REFERRED'),
      };
    }
    case 'VOID_REWARD':
    case 'MARK_FULFILLED': {
      const reward = (await rewards.find(tenantId, input.id, trx))!;
      const refusal = input.action === 'VOID_REWARD' ? voidRefusal(reward) : fulfilRefusal(reward);
      if (refusal) refused(refusal);
      const changed =
        input.action === 'VOID_REWARD'
          ? await rewards.voidOne(tenantId, reward.id, trx)
          : await rewards.markFulfilled(tenantId, reward.id, input.reference, trx);
      await event(input.action === 'VOID_REWARD' ? 'reward.cancelled' : 'reward.redeemed', changed);
      return {
        ...none,
        rewardId: reward.id,
        details: input.action === 'MARK_FULFILLED' ? { reference: input.reference } : {},
        cancelled: input.action === 'VOID_REWARD' ? 1 : 0,
        referredSide: reward.reward_source === 'REFERRED',
      };
    }
    case 'GRANT_REWARD': {
      const refusal = grantRefusal(referral);
      if (refusal) refused(refusal);
      const row = await rewards.insertGranted(
        sideReward(referral, input.side, input.reward),
        // An operator's credit does not expire (docs/operators.md): it is given on purpose.
        null,
        trx,
      );
      await event('reward.created', row);
      return {
        ...none,
        rewardId: row.id,
        details: { side: input.side, reward: input.reward },
        granted: 1,
        referredSide: input.side === 'REFERRED',
      };
    }
    case 'REATTRIBUTE':
      return reattribute(trx, tenantId, referral, input.to);
  }
}

async function reattribute(
  trx: DbOrTrx,
  tenantId: string,
  referral: ReferralRow,
  to: z.output<typeof referrerTargetSchema>,
): Promise<Effect> {
  let target: { accountId: string; userId: string; code: string };
  if ('code' in to) {
    const owner = await createReferralCodesRepo(trx).findOwner(tenantId, to.code, trx);
    if (!owner) {
      throw new AppError('REFERRAL_CODE_NOT_FOUND', 'No such share code', {
        validationErrors: [{ path: 'to.code', message: 'not a share code of this tenant' }],
      });
    }
    target = { accountId: owner.account_id, userId: owner.user_id, code: owner.code };
  } else {
    const user = await createUsersRepo(trx).find(tenantId, to.accountId, to.userId, trx);
    if (!user) {
      throw new AppError('USER_NOT_FOUND', 'No such user', {
        validationErrors: [{ path: 'to.userId', message: 'not a user of that account in this tenant' }],
      });
    }
    target = {
      accountId: user.account_id,
      userId: user.id,
      code: user.share_code ?? referral.referral_code_used,
    };
  }
  const rewards = createRewardsRepo(trx);
  const current = await rewards.listByReferrals(tenantId, [referral.id], trx);
  const referrerReward = current.find((r) => r.reward_source === 'FRIEND_SIGNUP' && r.grant_no === 0) ?? null;
  const refusal = reattributeRefusal(referral, target, referrerReward);
  if (refusal) refused(refusal);
  const moved = await createReferralsRepo(trx).reattribute(referral.id, target, trx);
  const reward =
    referrerReward && referrerReward.status !== 'CANCELLED'
      ? await rewards.moveReferrerReward(tenantId, referral.id, target, trx)
      : undefined;
  const all = await rewards.listByReferrals(tenantId, [referral.id], trx);
  await recordWebhookEvent(trx, tenantId, 'referral.reattributed', presentReferral(moved, all));
  return {
    referral: moved,
    rewardId: reward?.id ?? null,
    details: {
      from: {
        accountId: referral.referrer_account_id,
        userId: referral.referrer_user_id,
        code: referral.referral_code_used,
      },
      to: target,
    },
    granted: reward ? 1 : 0,
    cancelled: 0,
    referredSide: false,
    former: reward ? referral.referrer_account_id : null,
  };
}
