import {
  allHandlersFinished,
  condition,
  continueAsNew,
  patched,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { DiscountSyncInput, DiscountSyncResult } from '../shared/types/processors';
import { discountSyncSignal } from './discount-sync.messages';
import { PERMANENT_ERRORS } from './processor-notification.workflow';

const DEFAULT_IDLE_MS = 5 * 60_000;
const DEFAULT_REFUND_RETRY_MS = 60 * 60_000;

// A processor outage is retried for as long as it lasts; the backoff stays short so the sync converges
// soon after the processor recovers.
const { syncAccountDiscount } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '10 seconds',
    nonRetryableErrorTypes: PERMANENT_ERRORS,
  },
});

/**
 * The discount sync of one account, `discount/{tenant}/{accountId}`, started or woken by signal-with-start.
 * Each run of the activity converges the processor to our state (idempotent), so requests that arrive
 * during a run coalesce into one more run. It completes after a quiet period; the next request starts
 * it again. A refund waiting for its charge to settle keeps it alive and retried on a timer.
 */
export async function discountSyncWorkflow(input: DiscountSyncInput): Promise<DiscountSyncResult | null> {
  // A run continued from one with work left (a request during its last sync, a refund not yet settled).
  let requested = input.syncAtStart ? 1 : 0;
  let last: DiscountSyncResult | null = null;
  setHandler(discountSyncSignal, () => {
    requested += 1;
  });
  const idleMs = input.idleMs ?? DEFAULT_IDLE_MS;
  const refundRetryMs = input.refundRetryMs ?? DEFAULT_REFUND_RETRY_MS;
  let waitingForSettlement = false;
  for (;;) {
    const woken = await condition(() => requested > 0, waitingForSettlement ? refundRetryMs : idleMs);
    if (!woken && !waitingForSettlement) break;
    requested = 0;
    last = await syncAccountDiscount({ tenantId: input.tenantId, accountId: input.accountId });
    waitingForSettlement = last.subscriptions.some((s) => s.refund?.pending);
    setCurrentDetails(describe(last));
    if (workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      // Before this patch a request that arrived during the last sync, and a refund waiting to settle,
      // were dropped here: the new run waited for another request and completed without them.
      const { syncAtStart: _, ...settings } = input;
      const workLeft = requested > 0 || waitingForSettlement;
      const next =
        patched('discount-sync-carries-work') && workLeft ? { ...settings, syncAtStart: true } : settings;
      return continueAsNew<typeof discountSyncWorkflow>(next);
    }
  }
  return last;
}

function describe(result: DiscountSyncResult): string {
  if (result.skipped) return `Skipped: ${result.skipped}`;
  const lines = result.subscriptions.map(
    (s) =>
      `- ${s.subscriptionId}: ${s.discountPercent}% = ${s.discountCents} cents (${s.discount})` +
      (s.refund
        ? `, refund ${s.refund.amountCents} cents ${s.refund.pending ? 'pending' : (s.refund.refundId ?? '')}`
        : ''),
  );
  return [`Referred ${result.referredPercent}%, referrer ${result.referrerPercent}%`, ...lines].join('\n');
}
