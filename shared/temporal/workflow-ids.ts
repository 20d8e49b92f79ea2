/**
 * Workflow IDs are the operations' natural keys, so a retried request can never start a second
 * execution (see design: "Workflow IDs are idempotency keys"). Every builder lives here.
 */
const part = (value: string) => encodeURIComponent(value);

export const workflowIds = {
  selfCheck: (runKey: string) => `system/self-check/${part(runKey)}`,
  referralReconciler: (taskQueue: string) => `system/referral-reconciler/${part(taskQueue)}`,
  referral: (tenantAlias: string, referredAccountId: string) =>
    `referral/${part(tenantAlias)}/${part(referredAccountId)}`,
  importJob: (tenantAlias: string, jobId: string) => `import/${part(tenantAlias)}/${part(jobId)}`,
  idempotencyKeyPruner: (taskQueue: string) => `system/idempotency-key-pruner/${part(taskQueue)}`,
  notificationDispatcher: (taskQueue: string) => `system/notification-dispatcher/${part(taskQueue)}`,
  /** `notificationKey` is already made of safe parts (domain/processor-notifications.ts builds it). */
  processorNotification: (tenantAlias: string, processor: string, notificationKey: string) =>
    `notification/${part(tenantAlias)}/${part(processor)}/${notificationKey}`,
  discountSync: (tenantAlias: string, accountId: string) =>
    `discount/${part(tenantAlias)}/${part(accountId)}`,
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
