import type { Logger } from '../../shared/logger';
import type { Metrics } from '../../shared/metrics';
import { createProcessorNotificationsRepo } from '../../shared/repos/processor-notifications.repo';
import type { Db } from '../../shared/db/knex';
import type { TemporalDeps } from '../../shared/temporal/client';
import {
  startNotificationWorkflow,
  type NotificationToDispatch,
} from '../../shared/temporal/processor-workflows';

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
export function createNotificationDispatcher(deps: {
  db: Db;
  temporal: TemporalDeps;
  metrics: Metrics;
  logger: Logger;
  concurrency?: number;
  maxQueued?: number;
}): NotificationDispatcher {
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
