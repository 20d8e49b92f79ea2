import type { Db } from '../db/knex';
import { createAccountsRepo } from '../repos/accounts.repo';
import { createReferralsRepo, type ReferralRow } from '../repos/referrals.repo';
import { createRewardsRepo } from '../repos/rewards.repo';
import type { LifecycleMessage, ReconcileInput, ReferralSnapshot } from '../types/referrals';
import type { AccountOutcome } from './account-changes';
import { loadProgramSettings } from './program';
import { accountFacts, pendingSteps, targetState } from './referral-rules';
import { grantReferrerReward } from './rewards';

/**
 * What the gateway tells the lifecycle workflow after a change is committed, and whether the answer
 * must wait for it (a conversion or an end: the reward change must be committed before we answer).
 * A change caused by a user event carries that event's message id instead of the default.
 */
export interface LifecyclePlan {
  referral: ReferralRow;
  message: LifecycleMessage;
  wait: boolean;
}

export function lifecyclePlan(outcome: AccountOutcome, eventId?: string): LifecyclePlan | null {
  const { referral } = outcome;
  if (!referral) return null;
  const steps = pendingSteps(referral.status, accountFacts(outcome.account));
  const last = steps[steps.length - 1];
  if (last) {
    return { referral, message: { eventId: eventId ?? `${last}:${referral.id}`, kind: last }, wait: true };
  }
  // A new referral, or one whose workflow has not applied an earlier change yet (e.g. this is the retry
  // of a request that could not reach Temporal): a signal, deduplicated by its event id.
  if (outcome.referralCreated || referral.lifecycle_pending_since !== null) {
    return { referral, message: { eventId: `attributed:${referral.id}`, kind: 'attributed' }, wait: false };
  }
  return null;
}

/**
 * Brings an account's referral to the state its facts call for, in one transaction under the account's
 * row lock (the same lock the gateway takes, so it sees every committed fact). Idempotent: converting
 * twice or ending twice finds nothing left to do, and rewards are unique per referral side.
 */
export async function reconcileReferral(db: Db, input: ReconcileInput): Promise<ReferralSnapshot | null> {
  return db.transaction(async (trx) => {
    const account = await createAccountsRepo(trx).lock(input.tenantId, input.accountId, trx);
    if (!account) return null;
    const referrals = createReferralsRepo(trx);
    let referral = await referrals.findByReferredAccount(input.tenantId, input.accountId, trx);
    if (!referral) return null;
    const facts = accountFacts(account);
    const target = targetState(referral.status, facts);
    let rewardsGranted = 0;
    let rewardsCancelled = 0;
    for (const step of pendingSteps(referral.status, facts)) {
      if (step === 'convert') {
        referral = await referrals.update(
          referral.id,
          { status: 'CONVERTED', date_paid: target.datePaid },
          trx,
        );
        const program = await loadProgramSettings(trx, input.tenantId);
        if ((await grantReferrerReward(trx, referral, program)).created) rewardsGranted += 1;
      } else {
        referral = await referrals.update(
          referral.id,
          { status: 'ENDED', date_ended: target.dateEnded },
          trx,
        );
        rewardsCancelled += await createRewardsRepo(trx).cancelForReferral(input.tenantId, referral.id, trx);
      }
    }
    if (referral.lifecycle_pending_since) await referrals.clearLifecyclePending(referral.id, trx);
    return {
      referralId: referral.id,
      status: referral.status,
      referrerAccountId: referral.referrer_account_id,
      rewardsGranted,
      rewardsCancelled,
    };
  });
}
