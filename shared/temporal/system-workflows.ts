import type { SignalDefinition } from '@temporalio/common';
import { idempotencyKeyPrunerWorkflow } from '../../workflows/idempotency-key-pruner.workflow';
import { notificationDispatcherWorkflow } from '../../workflows/notification-dispatcher.workflow';
import { referralReconcilerWorkflow } from '../../workflows/referral-reconciler.workflow';
import { retentionPrunerWorkflow } from '../../workflows/retention-pruner.workflow';
import { payoutSchedulerWorkflow } from '../../workflows/payout-scheduler.workflow';
import { mailNotifierWorkflow } from '../../workflows/mail-notifier.workflow';
import {
  configureIdempotencyKeyPruner,
  configureMailNotifier,
  configureNotificationDispatcher,
  configurePayoutScheduler,
  configureReconciler,
  configureRetentionPruner,
  configureWebhookDispatcher,
} from '../../workflows/system-workflows.messages';
import { webhookDispatcherWorkflow } from '../../workflows/webhook-dispatcher.workflow';
import type { TemporalDeps } from './client';
import { ENTITY_ID, TENANT_ALIAS, WORKFLOW_KIND } from './search-attributes';
import { webhookTaskQueue } from './webhook-delivery';
import { workflowIds } from './workflow-ids';

/** The input of each long-lived system workflow of a task queue (what its `configure` signal carries). */
export interface SystemWorkflowInputs {
  referralReconciler: Parameters<typeof referralReconcilerWorkflow>[0];
  notificationDispatcher: Parameters<typeof notificationDispatcherWorkflow>[0];
  idempotencyKeyPruner: Parameters<typeof idempotencyKeyPrunerWorkflow>[0];
  retentionPruner: Parameters<typeof retentionPrunerWorkflow>[0];
  webhookDispatcher: Parameters<typeof webhookDispatcherWorkflow>[0];
  payoutScheduler: Parameters<typeof payoutSchedulerWorkflow>[0];
  mailNotifier: Parameters<typeof mailNotifierWorkflow>[0];
}

interface SystemWorkflow<I> {
  workflow: (input: I) => Promise<void>;
  /** Its `configure` signal, whose payload is the workflow's whole input. */
  signal: SignalDefinition<[I]>;
  id: (taskQueue: string) => string;
  summary: string;
  /** The task queue it runs on, from the worker's main one (default: that one). */
  runOn?: (taskQueue: string) => string;
}

const SYSTEM_WORKFLOWS: { [K in keyof SystemWorkflowInputs]: SystemWorkflow<SystemWorkflowInputs[K]> } = {
  referralReconciler: {
    workflow: referralReconcilerWorkflow,
    signal: configureReconciler,
    id: workflowIds.referralReconciler,
    summary: 'Re-delivers referral changes no lifecycle workflow has applied',
  },
  notificationDispatcher: {
    workflow: notificationDispatcherWorkflow,
    signal: configureNotificationDispatcher,
    id: workflowIds.notificationDispatcher,
    summary: 'Starts the workflows of stored processor notifications',
  },
  idempotencyKeyPruner: {
    workflow: idempotencyKeyPrunerWorkflow,
    signal: configureIdempotencyKeyPruner,
    id: workflowIds.idempotencyKeyPruner,
    summary: 'Deletes user-event idempotency keys past their 24-hour window',
  },
  retentionPruner: {
    workflow: retentionPrunerWorkflow,
    signal: configureRetentionPruner,
    id: workflowIds.retentionPruner,
    summary:
      "Deletes webhook events after WEBHOOK_RETENTION_DAYS and users' client addresses and device ids after 30 days",
  },
  payoutScheduler: {
    workflow: payoutSchedulerWorkflow,
    signal: configurePayoutScheduler,
    id: workflowIds.payoutScheduler,
    summary: 'Starts the weekly and monthly payout runs of programs that have them',
  },
  mailNotifier: {
    workflow: mailNotifierWorkflow,
    signal: configureMailNotifier,
    id: workflowIds.mailNotifier,
    summary: 'Starts the e-mail notifications of outbound events, credit-expiry reminders and digests',
  },
  webhookDispatcher: {
    workflow: webhookDispatcherWorkflow,
    signal: configureWebhookDispatcher,
    id: workflowIds.webhookDispatcher,
    runOn: webhookTaskQueue,
    summary: 'Starts the deliveries of outbound webhook events (the outbox)',
  },
};

/**
 * Gives a long-lived system workflow, one per task queue, the input of the worker that calls this:
 * signal-with-start of its `configure` signal. A running one (another replica started it, or the previous
 * deploy did) takes the input from its next round and wakes from its sleep for it; none running, it
 * starts with that input (and ignores the signal, which carries the same).
 */
async function configureSystemWorkflow<I>(
  temporal: TemporalDeps,
  taskQueue: string,
  system: SystemWorkflow<I>,
  input: I,
): Promise<{ workflowId: string; runId: string }> {
  const handle = await temporal.client.workflow.signalWithStart(system.workflow, {
    taskQueue: system.runOn?.(taskQueue) ?? taskQueue,
    workflowId: system.id(taskQueue),
    args: [input],
    signal: system.signal,
    signalArgs: [input],
    typedSearchAttributes: [
      { key: TENANT_ALIAS, value: 'system' },
      { key: ENTITY_ID, value: taskQueue },
      { key: WORKFLOW_KIND, value: 'system' },
    ],
    staticSummary: system.summary,
  });
  return { workflowId: handle.workflowId, runId: handle.signaledRunId };
}

/**
 * Every start of a system workflow: each named in `inputs` gets that input, on `taskQueue` (the webhook
 * dispatcher on the queue's webhook queue). Called by every worker at boot. Answers the run each signal
 * went to.
 */
export async function configureSystemWorkflows(
  temporal: TemporalDeps,
  taskQueue: string,
  inputs: Partial<SystemWorkflowInputs>,
): Promise<{ workflowId: string; runId: string }[]> {
  const kinds = (Object.keys(SYSTEM_WORKFLOWS) as (keyof SystemWorkflowInputs)[]).filter(
    (kind) => inputs[kind] !== undefined,
  );
  const configure = <K extends keyof SystemWorkflowInputs>(kind: K) =>
    configureSystemWorkflow(temporal, taskQueue, SYSTEM_WORKFLOWS[kind], inputs[kind]!);
  return Promise.all(kinds.map(configure));
}
