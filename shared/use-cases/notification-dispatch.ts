import type { Db } from '../db/knex';
import type { Logger } from '../logger';
import { createProcessorNotificationsRepo } from '../repos/processor-notifications.repo';
import { startNotificationWorkflow } from '../temporal/processor-workflows';
import type { DispatchInput, NotificationToDispatch } from '../types/processors';
import type { NudgeResult } from '../types/referrals';
import type { WorkflowMessaging } from './use-case-deps';

export interface NotificationDispatchDeps extends WorkflowMessaging {
  db: Db;
}

export interface NotificationDispatcher {
  /** Queues a stored notification for its workflow start; never throws, never waits for Temporal. */
  dispatch(notification: NotificationToDispatch): void;
  /** Notifications waiting or being started. */
  pending(): number;
  /** Waits for queued starts (bounded by the caller's shutdown grace). */
  drain(): Promise<void>;
}

/**
 * Starts notification workflows after the webhook was answered. The processor's delivery is
 * acknowledged once it is stored (durable), so the answer never waits for Temporal, whose start rate on a
 * small box is well under a busy processor's delivery rate. Starts run a few at a time; anything this
 * process cannot start (queue full, Temporal down, a crash) stays undispatched in PostgreSQL, where the
 * worker's notification dispatcher finds it.
 */
export function createNotificationDispatcher(
  deps: NotificationDispatchDeps & { logger: Logger; concurrency?: number; maxQueued?: number },
): NotificationDispatcher {
  const concurrency = deps.concurrency ?? 4;
  const maxQueued = deps.maxQueued ?? 10_000;
  const repo = createProcessorNotificationsRepo(deps.db);
  const queue: NotificationToDispatch[] = [];
  let running = 0;
  let idle: (() => void)[] = [];

  const pump = () => {
    while (running < concurrency && queue.length > 0) {
      const next = queue.shift()!;
      running += 1;
      void startNotificationWorkflow(deps.temporal, deps.metrics, next)
        .then(() => repo.markDispatched([next.id]))
        .catch((err: unknown) =>
          deps.logger.warn(
            { err, notificationId: next.id },
            'notification stored; the dispatcher will start it',
          ),
        )
        .finally(() => {
          running -= 1;
          pump();
        });
    }
    if (running === 0 && queue.length === 0) {
      const waiting = idle;
      idle = [];
      for (const resolve of waiting) resolve();
    }
  };

  return {
    dispatch(notification) {
      if (concurrency === 0 || queue.length >= maxQueued) return;
      queue.push(notification);
      pump();
    },
    pending: () => queue.length + running,
    drain: () => (running === 0 && queue.length === 0 ? Promise.resolve() : new Promise((r) => idle.push(r))),
  };
}

/**
 * The safety net behind "acknowledge after storing": starts the workflows of stored notifications that
 * no gateway handed over (it crashed, or Temporal was down), oldest first, a few at a time.
 */
export async function dispatchStoredNotifications(
  deps: NotificationDispatchDeps & { now: () => number },
  input: DispatchInput,
): Promise<NudgeResult> {
  const repo = createProcessorNotificationsRepo(deps.db);
  const rows = await repo.listUndispatched(new Date(deps.now() - input.graceMs), input.batchSize);
  let delivered = 0;
  let failed = 0;
  for (let i = 0; i < rows.length; i += input.concurrency) {
    const batch = rows.slice(i, i + input.concurrency);
    const results = await Promise.allSettled(
      batch.map((row) => startNotificationWorkflow(deps.temporal, deps.metrics, row)),
    );
    const ok = batch.filter((_, j) => results[j]!.status === 'fulfilled').map((row) => row.id);
    await repo.markDispatched(ok);
    delivered += ok.length;
    failed += batch.length - ok.length;
  }
  return { found: rows.length, delivered, failed };
}

/**
 * After a commit that tied a processor customer to an account: starts the workflows of the customer's
 * received notifications not dispatched yet (those it released from WAITING, applyAccountMutation),
 * marking those it started. One whose previous run is still closing is left to the dispatcher.
 */
export async function dispatchCustomerNotifications(
  deps: NotificationDispatchDeps,
  tenantId: string,
  customerId: string,
): Promise<number> {
  const repo = createProcessorNotificationsRepo(deps.db);
  const rows = await repo.listUndispatchedOfCustomer(tenantId, customerId);
  const started: string[] = [];
  for (const row of rows) {
    const result = await startNotificationWorkflow(deps.temporal, deps.metrics, row);
    if (result.started) started.push(row.id);
  }
  await repo.markDispatched(started);
  return started.length;
}
