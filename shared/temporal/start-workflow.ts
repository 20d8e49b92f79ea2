import {
  WorkflowExecutionAlreadyStartedError,
  type WorkflowHandle,
  type WorkflowOptions,
  type WorkflowStartOptions,
} from '@temporalio/client';
import {
  WorkflowIdConflictPolicy,
  WorkflowIdReusePolicy,
  type SearchAttributePair,
  type Workflow,
} from '@temporalio/common';
import type { Metrics } from '../metrics';
import { ENTITY_ID, TENANT_ALIAS, WORKFLOW_KIND } from './search-attributes';
import type { TemporalDeps } from './client';

export interface StartOnceOptions<W extends Workflow> {
  /** The workflow function itself (its name is the workflow type), so its arguments are type-checked. */
  workflow: W;
  workflowId: string;
  args: Parameters<W>;
  tenantAlias: string;
  entityId: string;
  kind: string;
  /** Search attributes of this kind of workflow beyond tenant, entity and kind. */
  extraSearchAttributes?: SearchAttributePair[];
  summary: string;
  /** Another task queue than the client's (the webhook deliveries' own). */
  taskQueue?: string;
  /**
   * A closed execution of this ID may be followed by a new one (ALLOW_DUPLICATE), for a workflow whose
   * work is idempotent by its own state and may be due again (a processor notification received again).
   * A running one is still never duplicated.
   */
  allowReuse?: boolean;
}

/**
 * Starts a workflow whose ID is the operation's natural key. A second start with the same ID, running
 * or already closed, never creates a second execution: the existing run is returned instead, which is
 * what makes retried client requests at-most-once (unless `allowReuse`, after a closed one).
 */
export async function startWorkflowOnce<W extends Workflow>(
  temporal: TemporalDeps,
  metrics: Metrics,
  options: StartOnceOptions<W>,
): Promise<{ handle: WorkflowHandle<W>; started: boolean }> {
  const searchAttributes: SearchAttributePair[] = [
    { key: TENANT_ALIAS, value: options.tenantAlias },
    { key: ENTITY_ID, value: options.entityId },
    { key: WORKFLOW_KIND, value: options.kind },
    ...(options.extraSearchAttributes ?? []),
  ];
  try {
    // The SDK types `args` by a conditional on W, which TypeScript cannot resolve for a generic W.
    const start: WorkflowOptions & { args: unknown[] } = {
      taskQueue: options.taskQueue ?? temporal.taskQueue,
      workflowId: options.workflowId,
      args: options.args,
      workflowIdReusePolicy: options.allowReuse
        ? WorkflowIdReusePolicy.ALLOW_DUPLICATE
        : WorkflowIdReusePolicy.REJECT_DUPLICATE,
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.FAIL,
      typedSearchAttributes: searchAttributes,
      staticSummary: options.summary,
    };
    const handle = await temporal.client.workflow.start(options.workflow, start as WorkflowStartOptions<W>);
    metrics.workflowStarts.inc({ workflow_type: options.workflow.name, outcome: 'started' });
    return { handle, started: true };
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    metrics.workflowStarts.inc({ workflow_type: options.workflow.name, outcome: 'existing' });
    return { handle: temporal.client.workflow.getHandle<W>(options.workflowId), started: false };
  }
}
