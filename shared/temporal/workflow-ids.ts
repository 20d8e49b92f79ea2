/**
 * Workflow IDs are the operations' natural keys, so a retried request can never start a second
 * execution (see design: "Workflow IDs are idempotency keys"). Every builder lives here.
 */
import { referralWorkflowId } from '../ids';

const part = (value: string) => encodeURIComponent(value);

export const workflowIds = {
  selfCheck: (runKey: string) => `system/self-check/${part(runKey)}`,
  referralReconciler: (taskQueue: string) => `system/referral-reconciler/${part(taskQueue)}`,
  /** Built in shared/ids.ts, so code that may not import shared/temporal (the portal) names it too. */
  referral: referralWorkflowId,
  importJob: (tenantAlias: string, jobId: string) => `import/${part(tenantAlias)}/${part(jobId)}`,
  idempotencyKeyPruner: (taskQueue: string) => `system/idempotency-key-pruner/${part(taskQueue)}`,
  notificationDispatcher: (taskQueue: string) => `system/notification-dispatcher/${part(taskQueue)}`,
  /** `notificationKey` is already made of safe parts (domain/processors/processor-notifications.ts builds it). */
  processorNotification: (tenantAlias: string, processor: string, notificationKey: string) =>
    `notification/${part(tenantAlias)}/${part(processor)}/${notificationKey}`,
  discountSync: (tenantAlias: string, accountId: string) =>
    `discount/${part(tenantAlias)}/${part(accountId)}`,
  webhookDispatcher: (taskQueue: string) => `system/webhook-dispatcher/${part(taskQueue)}`,
  retentionPruner: (taskQueue: string) => `system/retention-pruner/${part(taskQueue)}`,
  payoutScheduler: (taskQueue: string) => `system/payout-scheduler/${part(taskQueue)}`,
  mailNotifier: (taskQueue: string) => `system/mail-notifier/${part(taskQueue)}`,
  /** One e-mail: the key names the event and kind, the reward, or the operator and day (made of ids). */
  mailDelivery: (tenantAlias: string, key: string) =>
    `mail/${part(tenantAlias)}/${key.split('/').map(part).join('/')}`,
  /**
   * One event's delivery to one endpoint (both UUIDs); a replay or test adds `replay-{UUIDv7}` so it is
   * not refused as already started.
   */
  webhookDelivery: (endpointId: string, eventId: string, replay?: string) =>
    `webhook-delivery:${part(endpointId)}:${part(eventId)}${replay ? `:replay-${part(replay)}` : ''}`,
  /** An endpoint disabled by its deliveries at `atMs` (the operators' entry in Temporal's UI). */
  webhookEndpointDisabled: (endpointId: string, atMs: number) =>
    `webhook-endpoint-disabled:${part(endpointId)}:${atMs}`,
  /** Benchmark only: the no-op workflows bench/lifecycle.ts starts to measure the raw start rate. */
  benchNoop: (runKey: string, n: number) => `bench/noop/${part(runKey)}/${n}`,
};

/**
 * The id of a lifecycle message caused by a user event: from the tenant and the client's idempotency key,
 * or the event id when the request had none, so a redelivered conversion is applied once.
 */
export function userEventMessageId(tenantAlias: string, idempotencyKey: string | null, eventId: string) {
  return idempotencyKey
    ? `user-event/${part(tenantAlias)}/key/${part(idempotencyKey)}`
    : `user-event/${part(tenantAlias)}/event/${eventId}`;
}
