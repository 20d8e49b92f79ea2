import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { continuedFrom, historyIs, type Recorder } from '../recorder';
import type { RecordingStack } from '../stack';

/**
 * The worker's system workflows, started by it at boot, each once it has continued as new (its first
 * run, closed that way) and as it runs now; then the self-check and the benchmark's no-op, started the
 * way the launcher and bench/lifecycle.ts start them.
 */
export async function recordSystemWorkflows(stack: RecordingStack, recorder: Recorder): Promise<void> {
  const queue = stack.config.TEMPORAL_TASK_QUEUE;
  const systemIds = [
    workflowIds.referralReconciler(queue),
    workflowIds.notificationDispatcher(queue),
    workflowIds.webhookDispatcher(queue),
    workflowIds.idempotencyKeyPruner(queue),
    workflowIds.retentionPruner(queue),
  ];
  for (const workflowId of systemIds) {
    const current = await recorder.waitFor(workflowId, (h) => continuedFrom(h) !== undefined, {
      what: 'continued as new',
      timeoutMs: 90_000,
    });
    await recorder.save(workflowId, 'continued-as-new', { runId: continuedFrom(current) });
    // The run that followed, a few rounds in (the latest run, should it have continued again since).
    await recorder.save(workflowId, 'running', {
      until: (h) => historyIs.idle(h) && historyIs.count(h, (e) => e.timerFiredEventAttributes) >= 2,
    });
  }

  // By type name: only shared/temporal imports workflow functions, and neither is started from there.
  const { client } = stack.temporal;
  const selfCheckId = workflowIds.selfCheck(`histories-${Date.now()}`);
  await client.workflow.execute('selfCheckWorkflow', {
    taskQueue: queue,
    workflowId: selfCheckId,
    args: [{ requestedBy: 'histories' }],
    workflowExecutionTimeout: '60s',
  });
  await recorder.save(selfCheckId, 'completed', { until: historyIs.closed });
  const noopId = workflowIds.benchNoop(`histories-${Date.now()}`, 1);
  await client.workflow.execute('noopWorkflow', { taskQueue: queue, workflowId: noopId });
  await recorder.save(noopId, 'completed', { until: historyIs.closed });
}
