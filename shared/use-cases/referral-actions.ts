import { createHash } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import { applyReferralAction, type ReferralActionInput } from '../domain/referrals/referral-actions';
import { presentReferral, type ReferralView } from '../domain/referrals/referral-view';
import type { ReferralActionRow } from '../repos/referral-actions.repo';
import { createReferralsRepo } from '../repos/referrals.repo';
import { createRewardsRepo } from '../repos/rewards.repo';
import { requestSyncIfConnected } from './discount-sync-request';
import { messageLifecycle } from './settle-lifecycle';
import type { TenantRef, WorkflowMessaging } from './use-case-deps';

export interface ReferralActionDeps extends WorkflowMessaging {
  db: Db;
  config: Pick<Config, 'LIFECYCLE_WAIT_MS'>;
}

/** APPLIED by this call; ALREADY_APPLIED by an earlier one with the same idempotency key. */
export type ActionOutcome = 'APPLIED' | 'ALREADY_APPLIED';

export interface ActionResult {
  outcome: ActionOutcome;
  action: ReferralActionRow;
  referral: ReferralView;
}

/**
 * The key a hand action is applied once by: the caller's, or one derived from what it says (the action,
 * its target, its arguments, its reason and who sends it), so a double-click or a retried request applies
 * once. Sending the very same action again on purpose takes a key of its own.
 */
export function actionKey(input: { idempotencyKey?: string | undefined }, actor: string): string {
  if (input.idempotencyKey) return input.idempotencyKey;
  const { idempotencyKey: _omit, ...said } = input;
  void _omit;
  const digest = createHash('sha256')
    .update(JSON.stringify([actor, said]))
    .digest('base64url');
  return `derived.${digest.slice(0, 40)}`;
}

/**
 * One hand action on a referral or a reward: applied once, by its key, in one transaction
 * with its webhook events (applyReferralAction), then handed to the referral's lifecycle workflow as an
 * update (event id `action:{id}`), which takes it and asks for the discount syncs it calls for, as for
 * its own changes. Should Temporal not answer, the action stays applied and marked pending, and the
 * reconciler delivers it. A re-attribution also asks for the former referrer's sync.
 */
export async function actOnReferral(
  deps: ReferralActionDeps,
  tenant: TenantRef,
  input: ReferralActionInput,
  actor: string,
): Promise<ActionResult> {
  const idempotencyKey = actionKey(input, actor);
  const applied = await deps.db.transaction((trx) =>
    applyReferralAction(trx, tenant.id, { ...input, idempotencyKey }, actor),
  );
  const { row } = applied;
  if (row.delivered_at === null) {
    await messageLifecycle(
      deps,
      tenant,
      applied.referral,
      { eventId: `action:${row.id}`, kind: 'action' },
      { wait: true, timeoutMs: deps.config.LIFECYCLE_WAIT_MS },
    ).catch(() => undefined);
  }
  if (applied.formerReferrerAccountId) {
    await requestSyncIfConnected(
      deps,
      { tenantId: tenant.id, tenantAlias: tenant.alias, accountId: applied.formerReferrerAccountId },
      `referral ${row.referral_id} re-attributed`,
    ).catch(() => false);
  }
  const [referral] = await createReferralsRepo(deps.db).findMany(tenant.id, [row.referral_id]);
  const rewards = await createRewardsRepo(deps.db).listByReferrals(tenant.id, [row.referral_id]);
  return {
    outcome: applied.created ? 'APPLIED' : 'ALREADY_APPLIED',
    action: row,
    referral: presentReferral(referral!, rewards),
  };
}
