import { defineSignal } from '@temporalio/workflow';
import type { DispatchInput } from '../shared/types/processors';
import type { ReconcilerInput } from '../shared/types/referrals';
import type { IdempotencyKeyPrunerInput, RetentionPrunerInput } from '../shared/types/system';
import type { WebhookDispatchInput } from '../shared/types/webhooks';
import type { PayoutSchedulerInput } from '../shared/types/payouts';
import type { MailNotifierInput } from '../shared/types/notifications';

// The system workflows' one message, imported by the workflows and by the code that sends it
// (shared/temporal/system-workflows.ts). No side effects: loading this outside the workflow sandbox is safe.
//
// `configure` carries a workflow's whole input as the worker that sends it was configured. Every worker
// sends it at start (signal-with-start), so a running system workflow takes the deployed configuration:
// it wakes from its sleep, uses the new input from its next round and continues as new with it.

export const configureReconciler = defineSignal<[ReconcilerInput]>('configure');
export const configureNotificationDispatcher =
  defineSignal<[DispatchInput & { intervalMs: number }]>('configure');
export const configureIdempotencyKeyPruner = defineSignal<[IdempotencyKeyPrunerInput]>('configure');
export const configureRetentionPruner = defineSignal<[RetentionPrunerInput]>('configure');
export const configurePayoutScheduler = defineSignal<[PayoutSchedulerInput]>('configure');
export const configureWebhookDispatcher =
  defineSignal<[WebhookDispatchInput & { intervalMs: number }]>('configure');
export const configureMailNotifier = defineSignal<[MailNotifierInput]>('configure');
