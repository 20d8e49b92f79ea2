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

/**
 * One execution per referred account (`referral/{tenant}/{accountId}`), started at attribution. Every
 * message carries an event id and is applied once; applying means running the idempotent reconcile
 * activity, which moves the referral to what the account's facts call for and unlocks or cancels
 * rewards. Updates answer after that activity committed. The workflow ends with the referral (ENDED).
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
  for (;;) {
    await condition(() => first || pending.length > 0);
    first = false;
    const batch = pending.splice(0);
    const previous = snapshot?.status ?? 'IN_PROGRESS';
    snapshot = await reconcileReferral({ tenantId: input.tenantId, accountId: input.accountId });
    for (const id of batch) applied.add(id);
    // Each upsert is a history event and a visibility write: only when the status moved.
    if ((snapshot?.status ?? 'DELETED') !== previous) publish(snapshot);
    // Added with the payment-processor integration: histories recorded before it replay without it.
    if (
      snapshot?.referrerAccountId &&
      snapshot.rewardsGranted + snapshot.rewardsCancelled > 0 &&
      patched('referrer-discount-sync')
    ) {
      await requestReferrerDiscountSync({
        tenantId: input.tenantId,
        tenantAlias: input.tenantAlias,
        accountId: snapshot.referrerAccountId,
        reason: `referral ${snapshot.referralId} ${snapshot.status}`,
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
  setCurrentDetails(`Referral status: **${status}**`);
}
