import { WorkflowIdReusePolicy } from '@temporalio/common';
import { discountSyncSignal } from '../../workflows/discount-sync.messages';
import { discountSyncWorkflow } from '../../workflows/discount-sync.workflow';
import { processorNotificationWorkflow } from '../../workflows/processor-notification.workflow';
import type { Metrics } from '../metrics';
import type {
  DiscountSyncInput,
  DiscountSyncRequest,
  NotificationToDispatch,
  NotificationWorkflowInput,
} from '../types/processors';

export type { NotificationToDispatch };
import type { TemporalDeps } from './client';
import { ENTITY_ID, TENANT_ALIAS, WORKFLOW_KIND } from './search-attributes';
import { startWorkflowOnce } from './start-workflow';
import { workflowIds } from './workflow-ids';

/**
 * Hands a stored notification to its workflow, `notification/{tenant}/{processor}/{key}`. A running
 * execution is never duplicated. A closed one may be followed by a new run (ALLOW_DUPLICATE): a WAITING
 * notification received again when its customer is tied must run again, and a run for a notification
 * already applied only answers its stored outcome (the row's lock and status decide, not the workflow).
 * The gateway and the dispatcher start only RECEIVED, undispatched rows.
 */
export async function startNotificationWorkflow(
  temporal: TemporalDeps,
  metrics: Metrics,
  n: NotificationToDispatch,
): Promise<{ started: boolean }> {
  const arg: NotificationWorkflowInput = {
    tenantId: n.tenant_id,
    tenantAlias: n.tenant_alias,
    notificationId: n.id,
  };
  const { started } = await startWorkflowOnce(temporal, metrics, {
    workflow: processorNotificationWorkflow,
    workflowId: workflowIds.processorNotification(
      n.tenant_alias,
      n.processor.toLowerCase(),
      n.notification_key,
    ),
    args: [arg],
    tenantAlias: n.tenant_alias,
    entityId: n.subject_id ?? n.id,
    kind: 'notification',
    summary: `${n.processor} ${n.kind} for ${n.subject_id ?? 'no subject'}`,
    allowReuse: true,
  });
  return { started };
}

/**
 * Asks the account's discount sync, `discount/{tenant}/{accountId}`, to converge the processor to our
 * state (signal-with-start). Syncs are idempotent, so requests may repeat; those that arrive while one
 * runs coalesce into one more run. A completed sync is started again by the next request.
 */
export async function requestDiscountSync(
  temporal: TemporalDeps,
  metrics: Metrics,
  target: { tenantId: string; tenantAlias: string; accountId: string },
  request: DiscountSyncRequest,
): Promise<void> {
  const input: DiscountSyncInput = { ...target };
  await temporal.client.workflow.signalWithStart(discountSyncWorkflow, {
    taskQueue: temporal.taskQueue,
    workflowId: workflowIds.discountSync(target.tenantAlias, target.accountId),
    args: [input],
    signal: discountSyncSignal,
    signalArgs: [request],
    workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
    typedSearchAttributes: [
      { key: TENANT_ALIAS, value: target.tenantAlias },
      { key: ENTITY_ID, value: target.accountId },
      { key: WORKFLOW_KIND, value: 'discount' },
    ],
    staticSummary: `Discount sync of account ${target.accountId}`,
  });
  metrics.workflowStarts.inc({ workflow_type: discountSyncWorkflow.name, outcome: 'signal_with_start' });
}
