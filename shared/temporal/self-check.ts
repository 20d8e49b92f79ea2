import type { Duration } from '@temporalio/common';
import { selfCheckWorkflow } from '../../workflows/self-check.workflow';
import type { SelfCheckResult } from '../types/system';
import type { TemporalDeps } from './client';
import { workflowIds } from './workflow-ids';

/**
 * Runs the self-check workflow on the client's task queue and waits for its answer: a worker polls the
 * queue, and its activities reach the database (the launcher's proof that the loop works).
 */
export function runSelfCheck(
  temporal: TemporalDeps,
  requestedBy: string,
  timeout: Duration = '60s',
): Promise<SelfCheckResult> {
  return temporal.client.workflow.execute(selfCheckWorkflow, {
    taskQueue: temporal.taskQueue,
    workflowId: workflowIds.selfCheck(`${requestedBy}-${Date.now()}`),
    args: [{ requestedBy }],
    workflowExecutionTimeout: timeout,
  });
}
