import {
  WithStartWorkflowOperation,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
} from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import { lifecycleSignal, lifecycleUpdate } from '../../workflows/referral-lifecycle.messages';
import { referralLifecycleWorkflow } from '../../workflows/referral-lifecycle.workflow';
import { AppError } from '../errors';
import type { Metrics } from '../metrics';
import type { LifecycleMessage, ReferralLifecycleInput, ReferralSnapshot } from '../types/referrals';
import type { TemporalDeps } from './client';
import { ENTITY_ID, FRAUD_SIGNALS, REFERRAL_STATUS, TENANT_ALIAS, WORKFLOW_KIND } from './search-attributes';
import { workflowIds } from './workflow-ids';

/** The metrics label: the workflow type is the function's name. */
const WORKFLOW_TYPE = referralLifecycleWorkflow.name;

export interface LifecycleTarget {
  tenantId: string;
  tenantAlias: string;
  accountId: string;
  referralId: string;
  referrerUserId: string;
  code: string;
  /** The referral's fraud signals (search attribute FraudSignals; omitted when none). */
  fraudSignals: string[];
}

/** The referral lifecycle's ended: the workflow completed, so there is nothing left to apply. */
function lifecycleClosed(err: unknown): boolean {
  return (
    err instanceof WorkflowExecutionAlreadyStartedError ||
    err instanceof WorkflowNotFoundError ||
    (err instanceof WorkflowUpdateFailedError && /completed|closed/i.test(String(err.cause?.message ?? '')))
  );
}

/**
 * Delivers a message to the account's lifecycle workflow, starting it if it is not running
 * (signal-with-start, or update-with-start when the caller must wait for the result). The workflow ID is
 * `referral/{tenant}/{accountId}` and closed executions are never reused, so there is one lifecycle per
 * referred account, ever. Returns the snapshot for a waited update, undefined for a signal, and null when
 * the lifecycle had already ended.
 */
export async function deliverLifecycleMessage(
  temporal: TemporalDeps,
  metrics: Metrics,
  target: LifecycleTarget,
  message: LifecycleMessage,
  options: { wait: boolean; timeoutMs: number },
): Promise<ReferralSnapshot | null | undefined> {
  const input: ReferralLifecycleInput = {
    tenantId: target.tenantId,
    tenantAlias: target.tenantAlias,
    accountId: target.accountId,
    referralId: target.referralId,
  };
  const start = {
    taskQueue: temporal.taskQueue,
    workflowId: workflowIds.referral(target.tenantAlias, target.accountId),
    args: [input] as [ReferralLifecycleInput],
    workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
    typedSearchAttributes: [
      { key: TENANT_ALIAS, value: target.tenantAlias },
      { key: ENTITY_ID, value: target.accountId },
      { key: WORKFLOW_KIND, value: 'referral' },
      { key: REFERRAL_STATUS, value: 'IN_PROGRESS' },
      ...(target.fraudSignals.length > 0 ? [{ key: FRAUD_SIGNALS, value: target.fraudSignals }] : []),
    ],
    staticSummary: `Referral of account ${target.accountId} by user ${target.referrerUserId} (code ${target.code})`,
  };
  const workflow = temporal.client.workflow;
  const outcome = options.wait ? 'update_with_start' : 'signal_with_start';
  try {
    const result = await temporal.client.withDeadline(Date.now() + options.timeoutMs, async () => {
      if (!options.wait) {
        await workflow.signalWithStart(referralLifecycleWorkflow, {
          ...start,
          signal: lifecycleSignal,
          signalArgs: [message],
        });
        return undefined;
      }
      const startWorkflowOperation = new WithStartWorkflowOperation(referralLifecycleWorkflow, {
        ...start,
        workflowIdConflictPolicy: 'USE_EXISTING',
      });
      return workflow.executeUpdateWithStart(lifecycleUpdate, { args: [message], startWorkflowOperation });
    });
    metrics.workflowStarts.inc({ workflow_type: WORKFLOW_TYPE, outcome });
    return result;
  } catch (err) {
    if (lifecycleClosed(err)) {
      metrics.workflowStarts.inc({ workflow_type: WORKFLOW_TYPE, outcome: 'closed' });
      return null;
    }
    metrics.workflowStarts.inc({ workflow_type: WORKFLOW_TYPE, outcome: 'failed' });
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'The change is saved, but the referral lifecycle could not be reached; retry the request to finish it',
    );
  }
}
