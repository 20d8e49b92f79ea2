import { createHash } from 'node:crypto';
import { z } from 'zod';
import { isAppError } from '../errors';
import { idempotencyKeySchema } from '../ids';
import { referralActionSchema, referrerTargetSchema } from '../domain/referrals/referral-actions';
import { mapLimited } from '../net/each-limited';
import { referrerRewardSchema } from '../types/program';
import { textSchema } from '../validation';
import { actionKey, actOnReferral, type ReferralActionDeps } from './referral-actions';
import type { TenantRef } from './use-case-deps';

export const BULK_ACTION_LIMIT = 500;

/**
 * GraphQL `bulkReferralAction(input)`: one action on 1 to 500 referrals (CANCEL, GRANT_REWARD, NOTE) or
 * rewards (VOID_REWARD, MARK_FULFILLED), with one reason and the action's own arguments.
 */
export const bulkReferralActionSchema = z.strictObject({
  action: z.enum(['CANCEL', 'GRANT_REWARD', 'VOID_REWARD', 'MARK_FULFILLED', 'NOTE']),
  ids: z
    .array(z.uuid('must be a referral or reward id'))
    .min(1, 'name at least one id')
    .max(BULK_ACTION_LIMIT, `at most ${BULK_ACTION_LIMIT} at once`)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  reason: textSchema(500, { min: 1, trim: true }),
  idempotencyKey: idempotencyKeySchema.optional(),
  side: z.enum(['REFERRER', 'REFERRED']).optional(),
  reward: referrerRewardSchema.optional(),
  reference: textSchema(200, { min: 1, trim: true }).optional(),
  to: referrerTargetSchema.optional(),
});
export type BulkReferralActionInput = z.output<typeof bulkReferralActionSchema>;

export type BulkRowOutcome = 'APPLIED' | 'ALREADY_APPLIED' | 'REFUSED' | 'NOT_FOUND';

export interface BulkRowResult {
  id: string;
  outcome: BulkRowOutcome;
  /** Why a row was refused or not found, in words; null when applied. */
  message: string | null;
  /** The refusal's problem code (e.g. REWARD_FULFILLED), or the error code. */
  problem: string | null;
}

/**
 * Applies the action to each id through the same use case as one hand action (actOnReferral), a few at a
 * time, each under a key derived from the call's key and the id, so sending the same bulk call again (a
 * retry, a second click) applies each row once. A row's refusal is its result, not the call's failure.
 */
export async function bulkReferralAction(
  deps: ReferralActionDeps,
  tenant: TenantRef,
  input: BulkReferralActionInput,
  actor: string,
): Promise<BulkRowResult[]> {
  const { ids, idempotencyKey, ...shared } = input;
  const callKey = idempotencyKey ?? actionKey({ ...shared, id: ids.join(',') } as never, actor);
  return mapLimited(ids, 4, async (id): Promise<BulkRowResult> => {
    const parsed = referralActionSchema.safeParse({
      ...shared,
      id,
      idempotencyKey: rowKey(callKey, id),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        id,
        outcome: 'REFUSED',
        message: `${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`,
        problem: 'VALIDATION_FAILED',
      };
    }
    try {
      const result = await actOnReferral(deps, tenant, parsed.data, actor);
      return { id, outcome: result.outcome, message: null, problem: null };
    } catch (err) {
      if (!isAppError(err) || err.statusCode >= 500) throw err;
      const problem = (err.details.fields?.problem as string | undefined) ?? err.apiErrorCode;
      const outcome = err.statusCode === 404 ? 'NOT_FOUND' : 'REFUSED';
      return { id, outcome, message: err.message, problem };
    }
  });
}

/** A row's key: the call's key and the row's id, hashed to fit the key rule (8 to 64 characters). */
function rowKey(callKey: string, id: string): string {
  return `bulk.${createHash('sha256').update(`${callKey}\n${id}`).digest('base64url').slice(0, 40)}`;
}
