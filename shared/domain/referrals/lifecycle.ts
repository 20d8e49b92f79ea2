import type { Db, DbOrTrx } from '../../db/knex';
import { createAccountsRepo, type AccountRow } from '../../repos/accounts.repo';
import { createReferralActionsRepo } from '../../repos/referral-actions.repo';
import { createReferralsRepo, type ReferralRow } from '../../repos/referrals.repo';
import { createRewardsRepo, type RewardRow } from '../../repos/rewards.repo';
import type { ProgramSettings } from '../../types/program';
import type { LifecycleMessage, ReconcileInput, ReferralSnapshot } from '../../types/referrals';
import type { AccountOutcome } from '../accounts/account-changes';
import { loadProgramSettings } from '../tenants/program';
import { accountFacts, pendingSteps, targetState } from './referral-rules';
import { presentReferral } from './referral-view';
import { settleRewards } from '../rewards/reward-timers';
import { grantReferrerReward, presentReward } from '../rewards/rewards';
import { recordWebhookEvent, recordWebhookEvents } from '../webhooks/webhook-events';
import { grantRuleRewards } from '../programs/rule-rewards';
import { applyDueOccurrences } from '../programs/rule-occurrences';

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
  // A payment or event its rules reward: applied by the lifecycle, and waited for like a conversion.
  const occurrence = outcome.occurrencesRecorded?.[0];
  if (occurrence !== undefined) {
    return {
      referral,
      message: { eventId: eventId ?? `occurrence:${referral.id}:${occurrence}`, kind: 'reconcile' },
      wait: true,
    };
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
 * twice or ending twice finds nothing left to do, and rewards are unique per referral side. Each step
 * writes its webhook events (`referral.converted` / `referral.ended`, `reward.created` /
 * `reward.cancelled`) in the same transaction, so they exist exactly once, when the step committed.
 * Then the rewards' charge-back, review, holds and expiry are settled (settleRewards), and the snapshot
 * says when they next need the workflow. `dayMs` is REWARD_DAY_MS, the length of the program's days.
 */
export async function reconcileReferral(
  db: Db,
  input: ReconcileInput,
  options: { dayMs: number },
): Promise<ReferralSnapshot | null> {
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
    // A discount of the friend's own given or reversed here (a rule's): the friend's processor discount follows.
    let referredDiscountChanged = false;
    const noteReferred = (rows: RewardRow[]) => {
      referredDiscountChanged ||= rows.some(
        (r) => r.reward_source === 'REFERRED' && (r.type === 'PCT_DISCOUNT' || r.type === 'FIXED_DISCOUNT'),
      );
    };
    for (const step of pendingSteps(referral.status, facts)) {
      if (step === 'convert') {
        referral = await referrals.update(
          referral.id,
          { status: 'CONVERTED', date_paid: target.datePaid },
          trx,
        );
        const program = await loadProgramSettings(trx, input.tenantId, referral.program_id);
        const granted = await grantConversionRewards(trx, referral, account, program, options.dayMs);
        noteReferred(granted.filter((r) => r.status === 'AVAILABLE'));
        const rewards = await createRewardsRepo(trx).listByReferrals(input.tenantId, [referral.id], trx);
        await recordWebhookEvent(
          trx,
          input.tenantId,
          'referral.converted',
          presentReferral(referral, rewards),
        );
        // A referral an operator denied before it converted gets its reward cancelled at once: no event.
        rewardsGranted += await recordRewardsCreated(trx, input.tenantId, granted);
      } else {
        referral = await referrals.update(
          referral.id,
          { status: 'ENDED', date_ended: target.dateEnded },
          trx,
        );
        const cancelled = await createRewardsRepo(trx).cancelForReferral(input.tenantId, referral.id, trx);
        rewardsCancelled += cancelled.length;
        const rewards = await createRewardsRepo(trx).listByReferrals(input.tenantId, [referral.id], trx);
        await recordWebhookEvent(trx, input.tenantId, 'referral.ended', presentReferral(referral, rewards));
        for (const reward of cancelled) {
          await recordWebhookEvent(trx, input.tenantId, 'reward.cancelled', presentReward(reward));
        }
      }
    }
    // Payments and events its rules reward, and refunds or charge-backs that reverse them.
    if (referral.rule_version !== null && referral.rule_version !== undefined) {
      const program = await loadProgramSettings(trx, input.tenantId, referral.program_id);
      const ruleVersion = referral.rule_version;
      const due = await applyDueOccurrences(
        trx,
        { ...referral, rule_version: ruleVersion },
        account,
        program,
        options.dayMs,
      );
      rewardsGranted += await recordRewardsCreated(trx, input.tenantId, due.created);
      noteReferred([...due.created.filter((r) => r.status === 'AVAILABLE'), ...due.reversed]);
      for (const row of due.reversed) {
        rewardsCancelled += 1;
        await recordWebhookEvent(trx, input.tenantId, 'reward.cancelled', presentReward(row));
      }
    }
    // The worker's clock picks the statements to run; each compares with the database's own clock.
    const settled = await settleRewards(trx, referral, new Date(), {
      chargedBackAt: account.charged_back_at,
    });
    // Hand actions were applied by their use case; taking them here passes on what they
    // changed, so the workflow asks for the discount syncs they call for, as for its own changes.
    const taken = await createReferralActionsRepo(trx).takeUndelivered(input.tenantId, referral.id, trx);
    rewardsGranted += taken.reduce((n, a) => n + a.rewards_granted, 0);
    rewardsCancelled += taken.reduce((n, a) => n + a.rewards_cancelled, 0);
    if (referral.lifecycle_pending_since) await referrals.clearLifecyclePending(referral.id, trx);
    const released = settled.released.filter((r) => r.status === 'AVAILABLE');
    return {
      referralId: referral.id,
      status: referral.status,
      referrerAccountId: referral.referrer_account_id,
      rewardsGranted,
      rewardsCancelled: rewardsCancelled + settled.cancelled.length,
      rewardsReleased: released.length,
      rewardsExpired: settled.expired.length,
      referredRewardReleased:
        released.some((r) => r.reward_source === 'REFERRED') ||
        taken.some((a) => a.referred_side) ||
        referredDiscountChanged,
      nextDueAt: settled.nextDueAt,
    };
  });
}

/** The `reward.created` events of the rewards given (a cancelled one has none), in one INSERT; answers how many. */
async function recordRewardsCreated(trx: DbOrTrx, tenantId: string, rows: RewardRow[]): Promise<number> {
  const given = rows.filter((r) => r.status !== 'CANCELLED');
  await recordWebhookEvents(trx, tenantId, 'reward.created', given.map(presentReward));
  return given.length;
}

/**
 * The rewards a conversion creates: the program's rules of the referral's version when it has one
 * (shared/domain/programs), else the program's fixed referrer reward, once per referral.
 */
async function grantConversionRewards(
  trx: DbOrTrx,
  referral: ReferralRow,
  account: AccountRow,
  program: ProgramSettings,
  dayMs: number,
): Promise<RewardRow[]> {
  const version = referral.rule_version ?? null;
  if (version === null) {
    const granted = await grantReferrerReward(trx, referral, program, dayMs);
    return granted.created ? [granted.row] : [];
  }
  const at = referral.date_paid ?? new Date();
  const { created } = await grantRuleRewards(
    trx,
    { ...referral, rule_version: version },
    account,
    program,
    { type: 'CONVERSION', at },
    dayMs,
  );
  return created;
}
