import { configureSystemWorkflows } from '../../../shared/temporal/system-workflows';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { systemWorkflowInputs } from '../../../shared/use-cases/system-workflows';
import { continuedFrom, historyIs, type History, type Recorder } from '../recorder';
import type { RecordingStack } from '../stack';

/** Timers fired since the run's last signal (-1 without one). */
function timersFiredSinceSignal(history: History): number {
  let fired = -1;
  for (const e of history.events ?? []) {
    if (e.workflowExecutionSignaledEventAttributes) fired = 0;
    else if (e.timerFiredEventAttributes && fired >= 0) fired += 1;
  }
  return fired;
}

/**
 * The worker's system workflows, started by it at boot, each once it has continued as new (its first
 * run, closed that way) and as it runs now; then reconfigured, as a worker restarted with other settings
 * does (a `configure` signal with other input), a few rounds on; then the self-check and the benchmark's
 * no-op, started the way the launcher and bench/lifecycle.ts start them.
 */
export async function recordSystemWorkflows(stack: RecordingStack, recorder: Recorder): Promise<void> {
  const queue = stack.config.TEMPORAL_TASK_QUEUE;
  const systemIds = [
    workflowIds.referralReconciler(queue),
    workflowIds.notificationDispatcher(queue),
    workflowIds.webhookDispatcher(queue),
    workflowIds.idempotencyKeyPruner(queue),
    workflowIds.retentionPruner(queue),
    workflowIds.payoutScheduler(queue),
    workflowIds.mailNotifier(queue),
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

  // Other settings for each (the reconciler's grace, the retention, the retry schedule, every interval).
  const { config } = stack;
  const signalled = await configureSystemWorkflows(
    stack.temporal,
    queue,
    systemWorkflowInputs({
      ...config,
      RECONCILE_GRACE_MS: config.RECONCILE_GRACE_MS * 2,
      RECONCILE_INTERVAL_MS: config.RECONCILE_INTERVAL_MS + 50,
      NOTIFICATION_DISPATCH_INTERVAL_MS: config.NOTIFICATION_DISPATCH_INTERVAL_MS + 50,
      WEBHOOK_DISPATCH_INTERVAL_MS: config.WEBHOOK_DISPATCH_INTERVAL_MS + 50,
      IDEMPOTENCY_PRUNE_INTERVAL_MS: config.IDEMPOTENCY_PRUNE_INTERVAL_MS + 50,
      PAYOUT_SCHEDULE_INTERVAL_MS: config.PAYOUT_SCHEDULE_INTERVAL_MS + 50,
      MAIL_NOTIFY_INTERVAL_MS: config.MAIL_NOTIFY_INTERVAL_MS + 50,
      WEBHOOK_RETENTION_DAYS: config.WEBHOOK_RETENTION_DAYS + 1,
      WEBHOOK_RETRY_SCHEDULE_MS: '0,300,600000',
    }),
  );
  for (const { workflowId, runId } of signalled) {
    // The run the signal went to: two rounds later, or closed (continued as new) before that.
    await recorder.save(workflowId, 'reconfigured', {
      runId,
      until: (h) => historyIs.closed(h) || (historyIs.idle(h) && timersFiredSinceSignal(h) >= 2),
    });
  }

  // By type name, so the recording knows the workflow ids (the launcher's self-check, made by
  // shared/temporal/self-check.ts, names its own; the no-op is the benchmark's).
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
