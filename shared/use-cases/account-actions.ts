import type { Db } from '../db/knex';
import {
  adjustCredit,
  redeemCredit,
  type AdjustCreditInput,
  type RedeemCreditInput,
} from '../domain/rewards/credit-actions';
import { presentHandAction, type HandActionView } from '../domain/accounts/hand-actions';
import {
  changeShareCode,
  deleteUser,
  updateUser,
  type ChangeShareCodeInput,
  type DeleteUserInput,
  type UpdateUserInput,
} from '../domain/accounts/user-actions';
import { requestSyncIfConnected } from './discount-sync-request';
import { actionKey, type ActionOutcome } from './referral-actions';
import type { TenantRef, WorkflowMessaging } from './use-case-deps';

export interface AccountActionDeps extends WorkflowMessaging {
  db: Db;
}

/** One hand action on an account or a user, as the resolvers pass it (parsed by its schema). */
export type AccountActionInput =
  | ({ action: 'ADJUST_CREDIT' } & AdjustCreditInput)
  | ({ action: 'REDEEM_CREDIT' } & RedeemCreditInput)
  | ({ action: 'UPDATE_USER' } & UpdateUserInput)
  | ({ action: 'CHANGE_SHARE_CODE' } & ChangeShareCodeInput)
  | ({ action: 'DELETE_USER' } & DeleteUserInput);

export interface AccountActionResult {
  outcome: ActionOutcome;
  action: HandActionView;
  /** What the action did, as it was stored when it was applied. */
  result: Record<string, unknown>;
}

/** Changes the discount sync follows: credit (Braintree discounts, Stripe balances) and a share code (Stripe promotion codes). */
const SYNCED_ACTIONS = new Set(['ADJUST_CREDIT', 'REDEEM_CREDIT', 'CHANGE_SHARE_CODE']);

/**
 * Applies one hand action on an account or a user once per idempotency key (the caller's, or one
 * derived from the call as for referral actions: actionKey), in one transaction with its row in
 * `hand_actions` and its webhook events. Once committed, a change of the account's credit asks for the
 * account's discount sync, as the referral lifecycle does for its own changes.
 */
export async function actOnAccount(
  deps: AccountActionDeps,
  tenant: TenantRef,
  input: AccountActionInput,
  actor: string,
): Promise<AccountActionResult> {
  const idempotencyKey = actionKey(input, actor);
  const applied = await deps.db.transaction(async (trx) => {
    const { action: _action, ...rest } = input;
    void _action;
    switch (input.action) {
      case 'ADJUST_CREDIT':
        return adjustCredit(trx, tenant.id, { ...(rest as AdjustCreditInput), idempotencyKey }, actor);
      case 'REDEEM_CREDIT':
        return redeemCredit(trx, tenant.id, { ...(rest as RedeemCreditInput), idempotencyKey }, actor);
      case 'UPDATE_USER':
        return updateUser(trx, tenant.id, { ...(rest as UpdateUserInput), idempotencyKey }, actor);
      case 'CHANGE_SHARE_CODE':
        return changeShareCode(trx, tenant.id, { ...(rest as ChangeShareCodeInput), idempotencyKey }, actor);
      case 'DELETE_USER':
        return deleteUser(trx, tenant.id, { ...(rest as DeleteUserInput), idempotencyKey }, actor);
    }
  });
  if (applied.created && SYNCED_ACTIONS.has(input.action)) {
    await requestSyncIfConnected(
      deps,
      { tenantId: tenant.id, tenantAlias: tenant.alias, accountId: input.accountId },
      `changed by hand (${input.action})`,
    ).catch(() => false);
  }
  return {
    outcome: applied.created ? 'APPLIED' : 'ALREADY_APPLIED',
    action: presentHandAction(applied.row),
    result: applied.row.result,
  };
}
