import {
  condition,
  continueAsNew,
  proxyActivities,
  setHandler,
  sleep,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { PayoutRunInput, PayoutRunRef } from '../shared/types/payouts';
import { payoutRunDecidedSignal } from './payout-run.messages';

const payouts = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/** How long the run waits for an operator before it looks at the database again (a lost signal). */
const DECISION_RECHECK = '1 hour';

/**
 * One payout run, `payout-run/{tenant}/{runId}`: reserve the payees' balances in the ledger page by page,
 * wait for an operator's approval when the program asks for it, send the batches (each with the
 * provider's idempotency, so a retried or replayed activity never pays twice), then poll the payouts still
 * on their way until each is final (webhooks settle them sooner), and finish. The decisions and the money
 * live in the domain (shared/domain/payouts); this workflow only drives them. Continues as new with its
 * position when its history grows long.
 */
export async function payoutRunWorkflow(input: PayoutRunInput): Promise<string> {
  let decided = false;
  setHandler(payoutRunDecidedSignal, () => {
    decided = true;
  });
  const ref: PayoutRunRef = { tenantId: input.tenantId, tenantAlias: input.tenantAlias, runId: input.runId };
  // Provider calls heartbeat, so a worker killed mid-send is retried at the heartbeat timeout (seconds).
  const provider = proxyActivities<Activities>({
    startToCloseTimeout: '10 minutes',
    heartbeatTimeout: input.heartbeatTimeoutMs,
    retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
  });
  const resume = input.resume ?? {};
  const again = (next: PayoutRunInput['resume']) =>
    continueAsNew<typeof payoutRunWorkflow>({ ...input, resume: { ...resume, ...next } });

  if (!resume.reserved) {
    let after = resume.reservedAfter ?? '';
    for (;;) {
      const page = await payouts.reservePayoutPage({ ref, after });
      if (page.next === null) break;
      after = page.next;
      if (workflowInfo().continueAsNewSuggested) return again({ reservedAfter: after });
    }
  }
  const closed = await payouts.closePayoutReservation(ref);
  if (closed.status === 'COMPLETED' || closed.status === 'CANCELLED') return closed.status;

  if (!resume.sending) {
    for (;;) {
      const decision = await payouts.payoutRunDecision(ref);
      if (decision === 'CANCELLED') return 'CANCELLED';
      if (decision === 'APPROVED') break;
      await condition(() => decided, DECISION_RECHECK);
      decided = false;
    }
    await payouts.markPayoutRunSending(ref);
  }
  for (let batchNo = (resume.sentBatches ?? 0) + 1; batchNo <= closed.batches; batchNo += 1) {
    await provider.sendPayoutBatch({ ref, batchNo });
    if (workflowInfo().continueAsNewSuggested) {
      return again({ reserved: true, sending: true, sentBatches: batchNo });
    }
  }
  for (;;) {
    const pending = await provider.pollPayoutRun(ref);
    if (pending === 0) break;
    await sleep(input.pollIntervalMs);
    if (workflowInfo().continueAsNewSuggested) {
      return again({ reserved: true, sending: true, sentBatches: closed.batches });
    }
  }
  await payouts.finishPayoutRun(ref);
  return 'COMPLETED';
}
