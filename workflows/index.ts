// Every workflow the worker hosts. Workflow code is deterministic: only @temporalio/workflow and
// `import type` from activities/ and shared/types (enforced by ESLint).
export { selfCheckWorkflow } from './self-check.workflow';
export { referralLifecycleWorkflow } from './referral-lifecycle.workflow';
export { referralReconcilerWorkflow } from './referral-reconciler.workflow';
export { idempotencyKeyPrunerWorkflow } from './idempotency-key-pruner.workflow';
export { importJobWorkflow } from './import-job.workflow';
export { noopWorkflow } from './noop.workflow';
export { processorNotificationWorkflow } from './processor-notification.workflow';
export { discountSyncWorkflow } from './discount-sync.workflow';
export { notificationDispatcherWorkflow } from './notification-dispatcher.workflow';
export { webhookDeliveryWorkflow } from './webhook-delivery.workflow';
export { webhookDispatcherWorkflow } from './webhook-dispatcher.workflow';
export { webhookEndpointDisabledWorkflow } from './webhook-endpoint-disabled.workflow';
export { retentionPrunerWorkflow } from './retention-pruner.workflow';
export { payoutRunWorkflow } from './payout-run.workflow';
export { payoutSchedulerWorkflow } from './payout-scheduler.workflow';
export { mailDeliveryWorkflow } from './mail-delivery.workflow';
export { mailNotifierWorkflow } from './mail-notifier.workflow';
