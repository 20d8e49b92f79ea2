import type { WorkflowStartOptions } from '@temporalio/client';
import type { DiscountSyncInput, DiscountSyncResult } from '../../../shared/types/processors';
import { discountSyncSignal } from '../../../workflows/discount-sync.messages';
import { discountSyncWorkflow } from '../../../workflows/discount-sync.workflow';
import type { TimeSkipping } from '../../helpers/time-skipping';

/** The discount sync's workflow tests: one account's sync, as the use case starts it. */
export const INPUT: DiscountSyncInput = { tenantId: 'tenant-1', tenantAlias: 'acme', accountId: 'acct-f' };
export const WORKFLOW_ID = 'discount/acme/acct-f';

/** A sync's answer: one subscription discounted 10 %, its refund settled or still pending. */
export function synced(refundPending = false): DiscountSyncResult {
  return {
    accountId: INPUT.accountId,
    skipped: null,
    referredPercent: 10,
    referrerPercent: 0,
    referredFixedCents: 0,
    referrerFixedCents: 0,
    subscriptions: [
      {
        subscriptionId: 'sub-1',
        priceCents: 2000,
        discountPercent: 10,
        discountCents: 200,
        discount: 'SET',
        refund: {
          transactionId: 'tx-1',
          amountCents: 200,
          refundId: null,
          issued: false,
          pending: refundPending,
        },
      },
    ],
  };
}

/** A sync request as the use case sends it (signal-with-start); `options` adds e.g. a memo. */
export const requestSync = (
  ts: TimeSkipping,
  taskQueue: string,
  reason = 'referral converted',
  options: Pick<WorkflowStartOptions, 'memo'> = {},
) =>
  ts.client.workflow.signalWithStart(discountSyncWorkflow, {
    taskQueue,
    workflowId: WORKFLOW_ID,
    args: [INPUT],
    signal: discountSyncSignal,
    signalArgs: [{ reason }],
    ...options,
  });
