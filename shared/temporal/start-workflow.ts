import { WorkflowExecutionAlreadyStartedError, type WorkflowHandle } from '@temporalio/client';
import {
  WorkflowIdConflictPolicy,
  WorkflowIdReusePolicy,
  type SearchAttributePair,
} from '@temporalio/common';
import type { Metrics } from '../metrics';
import { ENTITY_ID, TENANT_ALIAS, WORKFLOW_KIND } from './search-attributes';
import type { TemporalDeps } from './client';

export interface StartOnceOptions<A> {
  workflowType: string;
  workflowId: string;
  arg: A;
  tenantAlias: string;
  entityId: string;
  kind: string;
  /** Search attributes of this kind of workflow beyond tenant, entity and kind. */
  extraSearchAttributes?: SearchAttributePair[];
  summary: string;
}

/**
 * Starts a workflow whose ID is the operation's natural key. A second start with the same ID, running
 * or already closed, never creates a second execution: the existing run is returned instead, which is
 * what makes retried client requests at-most-once.
 */
export async function startWorkflowOnce<A>(
  temporal: TemporalDeps,
  metrics: Metrics,
  options: StartOnceOptions<A>,
): Promise<{ handle: WorkflowHandle; started: boolean }> {
  const searchAttributes: SearchAttributePair[] = [
    { key: TENANT_ALIAS, value: options.tenantAlias },
    { key: ENTITY_ID, value: options.entityId },
    { key: WORKFLOW_KIND, value: options.kind },
    ...(options.extraSearchAttributes ?? []),
  ];
  try {
    const handle = await temporal.client.workflow.start(options.workflowType, {
      taskQueue: temporal.taskQueue,
      workflowId: options.workflowId,
      args: [options.arg],
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.FAIL,
      typedSearchAttributes: searchAttributes,
      staticSummary: options.summary,
    });
    metrics.workflowStarts.inc({ workflow_type: options.workflowType, outcome: 'started' });
    return { handle, started: true };
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    metrics.workflowStarts.inc({ workflow_type: options.workflowType, outcome: 'existing' });
    return { handle: temporal.client.workflow.getHandle(options.workflowId), started: false };
  }
}
