/**
 * The webhook delivery workflow on the time-skipping server, with the production retry schedule
 * (`parseWebhookSchedule` with no setting, as the dispatcher passes it): each attempt is made that
 * schedule's delay after the previous one, on a durable timer of exactly that length, about 47 hours in
 * all; only the last attempt is told it is the last; the delivery ends at the first answer that is not a
 * failure. The attempt itself (HTTP, the log) is the tests' own here; test/integration/webhooks/ make
 * real ones on a shortened schedule.
 */
import type {
  WebhookAttemptInput,
  WebhookAttemptResult,
  WebhookDeliveryInput,
} from '../../shared/types/webhooks';
import { parseWebhookSchedule } from '../../shared/domain/webhooks/webhook-delivery';
import { webhookDeliveryWorkflow } from '../../workflows/webhook-delivery.workflow';
import { HOUR, historyOf, recording, useTimeSkipping, timersOf } from '../helpers/time-skipping';

const SCHEDULE = parseWebhookSchedule(undefined);

const ts = useTimeSkipping();

/** Answers each attempt with the next outcome of the plan (FAILED once the plan runs out). */
function attempts(plan: WebhookAttemptResult['outcome'][] = []) {
  return recording(ts(), ({ n }, input: WebhookAttemptInput): WebhookAttemptResult => {
    const outcome = plan[n - 1] ?? (input.last ? 'ABANDONED' : 'FAILED');
    return { outcome, statusCode: outcome === 'SUCCEEDED' ? 200 : outcome === 'GONE' ? 410 : 500 };
  });
}

function delivery(firstAttempt?: number): WebhookDeliveryInput {
  return {
    tenantId: 't1',
    tenantAlias: 'acme',
    endpointId: 'ep1',
    eventId: 'ev1',
    scheduleMs: SCHEDULE,
    ...(firstAttempt ? { firstAttempt } : {}),
  };
}

test('an endpoint that never answers: every attempt of the schedule at its delay, then ABANDONED', async () => {
  expect(SCHEDULE).toHaveLength(10);
  const attemptWebhookDelivery = attempts();
  const { result, history, startedAt } = await ts().worker({ attemptWebhookDelivery }, async (taskQueue) => {
    const startedAt = await ts().now();
    const handle = await ts().client.workflow.start(webhookDeliveryWorkflow, {
      taskQueue,
      workflowId: 'webhook-delivery:ep1:ev1',
      args: [delivery()],
    });
    return { result: await handle.result(), history: await historyOf(handle), startedAt };
  });

  expect(result).toEqual({ outcome: 'ABANDONED', attempts: 10 });
  const calls = attemptWebhookDelivery.calls;
  expect(calls.map((c) => [c.args[0].attempt, c.args[0].last])).toEqual(
    SCHEDULE.map((_, i) => [i + 1, i === 9]),
  );
  // One timer per delay, of exactly that length (the first attempt has none), each fired on time.
  const timers = timersOf(history);
  expect(timers.map((t) => t.durationMs)).toEqual(SCHEDULE.slice(1));
  for (const t of timers) {
    expect(t.firedLateMs).toBeGreaterThanOrEqual(0);
    expect(t.firedLateMs).toBeLessThan(1000);
  }
  // Each attempt that long after the one before (plus the moments the attempt and its task took).
  for (let i = 1; i < calls.length; i += 1) {
    const gap = calls[i]!.at - calls[i - 1]!.at;
    expect(gap).toBeGreaterThanOrEqual(SCHEDULE[i]!);
    expect(gap).toBeLessThan(SCHEDULE[i]! + 5000);
  }
  const total = SCHEDULE.reduce((a, b) => a + b, 0);
  expect(calls[9]!.at - startedAt).toBeGreaterThanOrEqual(total);
  expect(total).toBeGreaterThan(47 * HOUR);
});

test('after the dispatcher’s inline first attempt: from attempt 2, 5 s later; a 2xx ends it', async () => {
  const attemptWebhookDelivery = attempts(['FAILED', 'FAILED', 'SUCCEEDED']);
  const { result, history, startedAt } = await ts().worker({ attemptWebhookDelivery }, async (taskQueue) => {
    const startedAt = await ts().now();
    const handle = await ts().client.workflow.start(webhookDeliveryWorkflow, {
      taskQueue,
      workflowId: 'webhook-delivery:ep1:ev2',
      args: [delivery(2)],
    });
    return { result: await handle.result(), history: await historyOf(handle), startedAt };
  });

  expect(result).toEqual({ outcome: 'SUCCEEDED', attempts: 4 });
  expect(attemptWebhookDelivery.calls.map((c) => c.args[0].attempt)).toEqual([2, 3, 4]);
  expect(timersOf(history).map((t) => t.durationMs)).toEqual(SCHEDULE.slice(1, 4));
  const offsets = attemptWebhookDelivery.calls.map((c) => c.at - startedAt);
  const due = [SCHEDULE[1]!, SCHEDULE[1]! + SCHEDULE[2]!, SCHEDULE[1]! + SCHEDULE[2]! + SCHEDULE[3]!];
  offsets.forEach((offset, i) => {
    expect(offset).toBeGreaterThanOrEqual(due[i]!);
    expect(offset).toBeLessThan(due[i]! + 5000);
  });
});

test('410 Gone or a skipped attempt ends the delivery at once, with no timer after it', async () => {
  for (const outcome of ['GONE', 'SKIPPED'] as const) {
    const attemptWebhookDelivery = attempts(['FAILED', outcome]);
    const { result, history } = await ts().worker({ attemptWebhookDelivery }, async (taskQueue) => {
      const handle = await ts().client.workflow.start(webhookDeliveryWorkflow, {
        taskQueue,
        workflowId: `webhook-delivery:ep1:${outcome}`,
        args: [delivery()],
      });
      return { result: await handle.result(), history: await historyOf(handle) };
    });
    expect(result).toEqual({ outcome, attempts: 2 });
    expect(attemptWebhookDelivery.calls).toHaveLength(2);
    expect(timersOf(history).map((t) => t.durationMs)).toEqual([SCHEDULE[1]]);
  }
});
