/**
 * The referral lifecycle's activities as its workflow tests give them: `reconcileReferral` answers with
 * the snapshot the test scripts for each call (what the domain would have decided), and
 * `requestReferrerDiscountSync` only records what it was asked.
 */
import type { WorkflowStartOptions } from '@temporalio/client';
import type { ReferralLifecycleInput, ReferralSnapshot } from '../../../shared/types/referrals';
import { referralLifecycleWorkflow } from '../../../workflows/referral-lifecycle.workflow';
import { recording, type TimeSkipping } from '../../helpers/time-skipping';
import { until } from '../../helpers/wait';

export const LIFECYCLE_ID = 'referral/acme/acct-f';

export const LIFECYCLE_INPUT: ReferralLifecycleInput = {
  tenantId: 'tenant-1',
  tenantAlias: 'acme',
  accountId: 'acct-f',
  referralId: 'ref-1',
};

/** A snapshot as the reconcile activity answers it; nothing changed unless the fields say so. */
export function snapshot(fields: Partial<ReferralSnapshot> = {}): ReferralSnapshot {
  return {
    referralId: 'ref-1',
    status: 'IN_PROGRESS',
    referrerAccountId: 'acct-r',
    rewardsGranted: 0,
    rewardsCancelled: 0,
    rewardsReleased: 0,
    rewardsExpired: 0,
    referredRewardReleased: false,
    nextDueAt: null,
    ...fields,
  };
}

/**
 * The n-th reconcile answers `script[n - 1]`, given the call's server time; past the script it answers
 * the last snapshot again with nothing changed (as the real activity does when nothing is due).
 */
export function lifecycleActivities(
  ts: Pick<TimeSkipping, 'now'>,
  script: ((at: number) => ReferralSnapshot)[],
) {
  let last = snapshot();
  const reconcileReferral = recording(ts, ({ n, at }, _input: { tenantId: string; accountId: string }) => {
    const step = script[n - 1];
    last = step
      ? step(at)
      : { ...last, rewardsGranted: 0, rewardsCancelled: 0, rewardsReleased: 0, rewardsExpired: 0 };
    return last;
  });
  const requestReferrerDiscountSync = recording(
    ts,
    (_call, _input: { tenantId: string; tenantAlias: string; accountId: string; reason: string }) => true,
  );
  return { reconcileReferral, requestReferrerDiscountSync };
}

/**
 * Starts the lifecycle and waits for its first look (the first reconcile), so the messages a test sends
 * next are each a reconcile of their own, in the order of the script.
 */
export async function startLifecycle(
  ts: TimeSkipping,
  activities: ReturnType<typeof lifecycleActivities>,
  taskQueue: string,
  options: Partial<WorkflowStartOptions> = {},
) {
  const handle = await ts.client.workflow.start(referralLifecycleWorkflow, {
    ...options,
    taskQueue,
    workflowId: LIFECYCLE_ID,
    args: [LIFECYCLE_INPUT],
  });
  await until(
    () => activities.reconcileReferral.calls.length,
    (n) => n >= 1,
    5000,
  );
  return handle;
}
