import type { AccountOutcome } from '../../shared/domain/account-changes';
import { lifecyclePlan } from '../../shared/domain/lifecycle';
import { createReferralsRepo, type ReferralRow } from '../../shared/repos/referrals.repo';
import { deliverLifecycleMessage } from '../../shared/temporal/referral-lifecycle';
import type { AuthenticatedTenant, GatewayDeps } from './context';

/**
 * After an account change is committed, tells the referral's lifecycle workflow. A conversion or an end
 * waits for the workflow's update, so the answer is sent only once the referral's new state and its
 * rewards are committed; a bare attribution is a signal-with-start. Returns the referral as it now is.
 */
export async function settleLifecycle(
  deps: GatewayDeps,
  tenant: AuthenticatedTenant,
  outcome: AccountOutcome,
  options: { eventId?: string } = {},
): Promise<ReferralRow | null> {
  const plan = lifecyclePlan(outcome, options.eventId);
  if (!plan) return outcome.referral;
  const { referral } = plan;
  const snapshot = await deliverLifecycleMessage(
    deps.temporal,
    deps.metrics,
    {
      tenantId: tenant.id,
      tenantAlias: tenant.alias,
      accountId: referral.referred_account_id,
      referralId: referral.id,
      referrerUserId: referral.referrer_user_id,
      code: referral.referral_code_used,
    },
    plan.message,
    { wait: plan.wait, timeoutMs: deps.config.LIFECYCLE_WAIT_MS },
  );
  if (snapshot === undefined) return referral;
  if (snapshot && snapshot.referralId === referral.id) return { ...referral, status: snapshot.status };
  return (
    (await createReferralsRepo(deps.db).findByReferredAccount(tenant.id, referral.referred_account_id)) ??
    null
  );
}
