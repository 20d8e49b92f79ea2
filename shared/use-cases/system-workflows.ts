import type { Config } from '../config';
import { CLIENT_WINDOW_MS } from '../domain/referrals/attribution-signals';
import { parseWebhookSchedule } from '../domain/webhooks/webhook-delivery';
import { IDEMPOTENCY_RETENTION_MS } from '../idempotency';
import type { TemporalDeps } from '../temporal/client';
import { configureSystemWorkflows, type SystemWorkflowInputs } from '../temporal/system-workflows';

const DAY_MS = 24 * 3600 * 1000;
/** Keys are deleted an hour after their window closes, so a gateway whose clock runs behind still finds them. */
const PRUNE_MARGIN_MS = 3600 * 1000;

/** The system workflows a worker runs: each group may be left to other workers (tests opt in). */
export interface SystemWorkflowGroups {
  /** The referral reconciler, the processor-notification dispatcher and the payout scheduler. */
  reconciler: boolean;
  /** The idempotency-key and retention pruners. */
  pruners: boolean;
  webhookDispatcher: boolean;
  /** E-mail notifications (the outbox, credit-expiry reminders, digests). */
  mailNotifier: boolean;
}

/** The input of each system workflow under this configuration: what a worker started with it sends. */
export function systemWorkflowInputs(config: Config): SystemWorkflowInputs {
  return {
    referralReconciler: {
      graceMs: config.RECONCILE_GRACE_MS,
      intervalMs: config.RECONCILE_INTERVAL_MS,
      batchSize: 100,
      concurrency: 4,
    },
    notificationDispatcher: {
      // No grace: gateways answer webhooks without starting workflows by default, and a start that a
      // gateway also made is answered "already started", which is harmless.
      graceMs: 0,
      intervalMs: config.NOTIFICATION_DISPATCH_INTERVAL_MS,
      batchSize: 100,
      concurrency: 4,
    },
    idempotencyKeyPruner: {
      olderThanMs: IDEMPOTENCY_RETENTION_MS + PRUNE_MARGIN_MS,
      intervalMs: config.IDEMPOTENCY_PRUNE_INTERVAL_MS,
      batchSize: 5000,
    },
    retentionPruner: {
      webhookEventsOlderThanMs: config.WEBHOOK_RETENTION_DAYS * DAY_MS,
      // SAME_CLIENT looks this far back; older client rows are kept no longer.
      userClientsOlderThanMs: CLIENT_WINDOW_MS,
      intervalMs: config.IDEMPOTENCY_PRUNE_INTERVAL_MS,
      batchSize: 5000,
    },
    payoutScheduler: { intervalMs: config.PAYOUT_SCHEDULE_INTERVAL_MS },
    mailNotifier: {
      intervalMs: config.MAIL_NOTIFY_INTERVAL_MS,
      batchSize: 200,
      scanIntervalMs: config.MAIL_SCAN_INTERVAL_MS,
    },
    webhookDispatcher: {
      intervalMs: config.WEBHOOK_DISPATCH_INTERVAL_MS,
      batchSize: 500,
      concurrency: 8,
      inlineConcurrency: config.WEBHOOK_INLINE_CONCURRENCY,
      scheduleMs: parseWebhookSchedule(config.WEBHOOK_RETRY_SCHEDULE_MS),
    },
  };
}

/**
 * At a worker's start: the system workflows of its task queue take its configuration, started if none
 * runs, otherwise told by their `configure` signal (used from their next round; deliveries already
 * started keep their own schedule). With several workers, the last one started is followed.
 */
export async function configureSystemWorkflowsAtStart(
  temporal: TemporalDeps,
  config: Config,
  taskQueue: string,
  groups: SystemWorkflowGroups,
): Promise<void> {
  const all = systemWorkflowInputs(config);
  await configureSystemWorkflows(temporal, taskQueue, {
    ...(groups.reconciler && {
      referralReconciler: all.referralReconciler,
      notificationDispatcher: all.notificationDispatcher,
      payoutScheduler: all.payoutScheduler,
    }),
    ...(groups.pruners && {
      idempotencyKeyPruner: all.idempotencyKeyPruner,
      retentionPruner: all.retentionPruner,
    }),
    ...(groups.webhookDispatcher && { webhookDispatcher: all.webhookDispatcher }),
    ...(groups.mailNotifier && { mailNotifier: all.mailNotifier }),
  });
}
