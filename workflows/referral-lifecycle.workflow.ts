import {
  allHandlersFinished,
  condition,
  continueAsNew,
  patched,
  proxyLocalActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { LifecycleMessage, ReferralLifecycleInput, ReferralSnapshot } from '../shared/types/referrals';
import { lifecycleSignal, lifecycleUpdate } from './referral-lifecycle.messages';

export const REFERRAL_STATUS_ATTRIBUTE = { name: 'ReferralStatus', type: 'KEYWORD' } as const;

// Local activities: one short PostgreSQL transaction each, run inside the workflow task, so a converting
// request waits for one workflow task instead of an activity task round trip. A database outage is
// retried with backoff for as long as it lasts.
const { reconcileReferral } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

// Asking for the referrer's discount sync is a signal-with-start; failures retry with backoff, and the
// sync itself is idempotent.
const { requestReferrerDiscountSync } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

const MAX_REMEMBERED_EVENT_IDS = 100;
/** A timer never fires sooner than this after the last look (clocks of the worker and database differ). */
const MIN_TIMER_MS = 1000;

/**
 * One execution per referred account (`referral/{tenant}/{accountId}`), started at attribution. Every
 * message carries an event id and is applied once; applying means running the idempotent reconcile
 * activity, which moves the referral to what the account's facts call for and unlocks or cancels
 * rewards. Updates answer after that activity committed. The workflow ends with the referral (ENDED).
 * While a reward is held (rewardHoldDays) or credit is due to expire (creditExpiryDays), the workflow
 * sleeps on a durable timer until then (no worker slot is taken meanwhile) and reconciles when it fires;
 * an operator's review decision arrives as an update like any other change.
 */
export async function referralLifecycleWorkflow(
  input: ReferralLifecycleInput,
): Promise<ReferralSnapshot | null> {
  const applied = new Set(input.appliedEventIds ?? []);
  const pending: string[] = [];
  let snapshot: ReferralSnapshot | null = null;

  const accept = (message: LifecycleMessage) => {
    if (!applied.has(message.eventId) && !pending.includes(message.eventId)) pending.push(message.eventId);
  };
  setHandler(lifecycleSignal, accept);
  setHandler(
    lifecycleUpdate,
    async (message) => {
      accept(message);
      await condition(() => applied.has(message.eventId));
      return snapshot;
    },
    {
      validator: (message) => {
        if (typeof message?.eventId !== 'string' || message.eventId.length === 0) {
          throw new Error('a lifecycle message needs an eventId');
        }
      },
    },
  );

  let first = true;
  let timerFired = false;
  for (;;) {
    const dueAt = snapshot?.nextDueAt ?? null;
    // Added with holds and expiry: histories recorded before them replay without the timer.
    if (dueAt !== null && patched('reward-timers')) {
      // The workflow sandbox's Date is the workflow task's time: deterministic on replay.
      const waitMs = Math.max(MIN_TIMER_MS, dueAt - new Date().getTime());
      setCurrentDetails(details(snapshot!, dueAt));
      timerFired = !(await condition(() => pending.length > 0, waitMs));
    } else {
      await condition(() => first || pending.length > 0);
    }
    first = false;
    const batch = pending.splice(0);
    const previous = snapshot?.status ?? 'IN_PROGRESS';
    snapshot = await reconcileReferral({ tenantId: input.tenantId, accountId: input.accountId });
    for (const id of batch) applied.add(id);
    // Each upsert is a history event and a visibility write: only when the status moved.
    if ((snapshot?.status ?? 'DELETED') !== previous) publish(snapshot);
    else if (timerFired && snapshot && (snapshot.nextDueAt ?? null) === null)
      setCurrentDetails(details(snapshot, null));
    timerFired = false;
    const released = snapshot?.rewardsReleased ?? 0;
    // Added with the payment-processor integration: histories recorded before it replay without it.
    if (
      snapshot?.referrerAccountId &&
      snapshot.rewardsGranted + snapshot.rewardsCancelled + released > 0 &&
      patched('referrer-discount-sync')
    ) {
      await requestReferrerDiscountSync({
        tenantId: input.tenantId,
        tenantAlias: input.tenantAlias,
        accountId: snapshot.referrerAccountId,
        reason: `referral ${snapshot.referralId} ${snapshot.status}`,
      });
    }
    // An approved review released the referred account's own discount: its processor discount follows.
    if (snapshot?.referredRewardReleased) {
      await requestReferrerDiscountSync({
        tenantId: input.tenantId,
        tenantAlias: input.tenantAlias,
        accountId: input.accountId,
        reason: `referral ${snapshot.referralId} approved`,
      });
    }

    if (!snapshot || snapshot.status === 'ENDED') {
      await condition(allHandlersFinished);
      if (pending.length === 0) return snapshot;
    } else if (workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      if (pending.length === 0) {
        return continueAsNew<typeof referralLifecycleWorkflow>({
          ...input,
          appliedEventIds: [...applied].slice(-MAX_REMEMBERED_EVENT_IDS),
        });
      }
    }
  }
}

function publish(snapshot: ReferralSnapshot | null): void {
  const status = snapshot?.status ?? 'DELETED';
  upsertSearchAttributes([{ key: REFERRAL_STATUS_ATTRIBUTE, value: status }]);
  setCurrentDetails(
    snapshot ? details(snapshot, snapshot.nextDueAt ?? null) : `Referral status: **${status}**`,
  );
}

/** What the Temporal UI shows as the workflow's current details: its status and what it waits for. */
function details(snapshot: ReferralSnapshot, dueAt: number | null): string {
  const status = `Referral status: **${snapshot.status}**`;
  if (dueAt === null) return status;
  return `${status}\n\nWaiting until ${new Date(dueAt).toISOString()} for a reward hold to end or credit to expire.`;
}
