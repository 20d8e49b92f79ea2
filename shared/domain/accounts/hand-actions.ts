import type { DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { accountIdSchema, idempotencyKeySchema, userIdSchema } from '../../ids';
import { createAccountsRepo, type AccountRow } from '../../repos/accounts.repo';
import { createHandActionsRepo, type HandActionRow } from '../../repos/hand-actions.repo';
import type { HandAction } from '../../types/hand-actions';
import { textSchema } from '../../validation';

/** What every hand action on an account or a user carries. */
export const handReasonSchema = textSchema(500, { min: 1, trim: true });
export const handKeySchema = idempotencyKeySchema.optional();
export const handAccountSchema = accountIdSchema;
export const handUserSchema = userIdSchema;

/** One hand action's identity: what, on which account (and user), why, by whom, once under which key. */
export interface HandActionCall {
  kind: HandAction;
  accountId: string;
  userId: string | null;
  idempotencyKey: string;
  reason: string;
  actor: string;
}

/** What applying a hand action did: its row (with the result it stored) and whether this call made it. */
export interface AppliedHandAction {
  row: HandActionRow;
  created: boolean;
}

export function accountNotFound(): never {
  throw new AppError('NOT_FOUND', 'No such account', {
    validationErrors: [{ path: 'accountId', message: 'not an account of this tenant' }],
  });
}

/**
 * Applies a hand action once, in the caller's transaction, under the account's row lock (which
 * serializes parallel copies and every other change to the account): the same key again finds the row
 * written the first time and changes nothing, also once the action deleted the account; the same key for
 * another action or target is refused (409 naming idempotencyKey); an account this tenant does not have
 * is not found (404 naming accountId). `apply` makes the change and answers what to keep as the result.
 */
export async function applyHandActionOnce(
  trx: DbOrTrx,
  tenantId: string,
  call: HandActionCall,
  apply: (account: AccountRow) => Promise<Record<string, unknown>>,
): Promise<AppliedHandAction> {
  const account = await createAccountsRepo(trx).lock(tenantId, call.accountId, trx);
  const actions = createHandActionsRepo(trx);
  const existing = await actions.findByKey(tenantId, call.idempotencyKey, trx);
  if (existing) {
    const same =
      existing.kind === call.kind &&
      existing.account_id === call.accountId &&
      existing.user_id === call.userId;
    if (!same) {
      throw new AppError('CONFLICT', 'This idempotencyKey was already used for another action', {
        validationErrors: [{ path: 'idempotencyKey', message: 'already used for another action' }],
      });
    }
    return { row: existing, created: false };
  }
  if (!account) accountNotFound();
  const result = await apply(account);
  const row = await actions.insert(
    {
      tenant_id: tenantId,
      idempotency_key: call.idempotencyKey,
      kind: call.kind,
      account_id: call.accountId,
      user_id: call.userId,
      actor: call.actor,
      reason: call.reason,
      result,
    },
    trx,
  );
  return { row, created: true };
}

/** A hand action as the API shows it. */
export function presentHandAction(row: HandActionRow) {
  return {
    id: row.id,
    kind: row.kind,
    accountId: row.account_id,
    userId: row.user_id,
    reason: row.reason,
    actor: row.actor,
    at: row.created_at.getTime(),
  };
}

export type HandActionView = ReturnType<typeof presentHandAction>;
