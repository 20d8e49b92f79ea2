import type { Config } from '../config';
import type { Db } from '../db/knex';
import type { AccountOutcome } from '../domain/accounts/account-changes';
import { lifecyclePlan } from '../domain/referrals/lifecycle';
import { createReferralsRepo, type ReferralRow } from '../repos/referrals.repo';
import { deliverLifecycleMessage, type LifecycleTarget } from '../temporal/referral-lifecycle';
import type { LifecycleMessage, ReferralSnapshot } from '../types/referrals';
import type { TenantRef, WorkflowMessaging } from './use-case-deps';

export interface SettleLifecycleDeps extends WorkflowMessaging {
  db: Db;
  /** LIFECYCLE_WAIT_MS: how long a request waits for the conversion or end it caused to be committed. */
  config: Pick<Config, 'LIFECYCLE_WAIT_MS'>;
}

/** The referral fields its lifecycle workflow is addressed and described by. */
export type LifecycleReferral = Pick<
  ReferralRow,
  'id' | 'referred_account_id' | 'referrer_user_id' | 'referral_code_used'
> &
  Partial<Pick<ReferralRow, 'fraud_signals'>>;

/** The lifecycle workflow of a tenant's referral: the one mapping from a referral row to its workflow. */
export function lifecycleTarget(tenant: TenantRef, referral: LifecycleReferral): LifecycleTarget {
  return {
    tenantId: tenant.id,
    tenantAlias: tenant.alias,
    accountId: referral.referred_account_id,
    referralId: referral.id,
    referrerUserId: referral.referrer_user_id,
    code: referral.referral_code_used,
    fraudSignals: (referral.fraud_signals ?? []).map((hit) => hit.signal),
  };
}

/**
 * Delivers a message to a referral's lifecycle workflow (see deliverLifecycleMessage): the snapshot for a
 * waited update, undefined for a signal, null when the lifecycle had already ended.
 */
export function messageLifecycle(
  deps: WorkflowMessaging,
  tenant: TenantRef,
  referral: LifecycleReferral,
  message: LifecycleMessage,
  options: { wait: boolean; timeoutMs: number },
): Promise<ReferralSnapshot | null | undefined> {
  return deliverLifecycleMessage(
    deps.temporal,
    deps.metrics,
    lifecycleTarget(tenant, referral),
    message,
    options,
  );
}

/**
 * After an account change is committed, tells the referral's lifecycle workflow. A conversion or an end
 * waits for the workflow's update, so the answer is sent only once the referral's new state and its
 * rewards are committed; a bare attribution is a signal-with-start. Returns the referral as it now is.
 */
export async function settleLifecycle(
  deps: SettleLifecycleDeps,
  tenant: TenantRef,
  outcome: AccountOutcome,
  options: { eventId?: string } = {},
): Promise<ReferralRow | null> {
  const plan = lifecyclePlan(outcome, options.eventId);
  if (!plan) return outcome.referral;
  const { referral } = plan;
  const snapshot = await messageLifecycle(deps, tenant, referral, plan.message, {
    wait: plan.wait,
    timeoutMs: deps.config.LIFECYCLE_WAIT_MS,
  });
  if (snapshot === undefined) return referral;
  if (snapshot && snapshot.referralId === referral.id) return { ...referral, status: snapshot.status };
  return (
    (await createReferralsRepo(deps.db).findByReferredAccount(tenant.id, referral.referred_account_id)) ??
    null
  );
}

/**
 * After a bulk change is committed (an import chunk), signals the lifecycles of the referrals it changed,
 * a few at a time and without waiting for them to apply. Failures are left to the reconciler, which
 * delivers every change still pending.
 */
export async function signalLifecycleChanges(
  deps: WorkflowMessaging,
  tenant: TenantRef,
  changes: readonly { outcome: AccountOutcome; eventId?: string }[],
): Promise<void> {
  const plans = changes.flatMap((c) => {
    const plan = lifecyclePlan(c.outcome, c.eventId);
    return plan ? [plan] : [];
  });
  for (let i = 0; i < plans.length; i += 16) {
    await Promise.allSettled(
      plans
        .slice(i, i + 16)
        .map((plan) =>
          messageLifecycle(deps, tenant, plan.referral, plan.message, { wait: false, timeoutMs: 10_000 }),
        ),
    );
  }
}
