/**
 * The webhook dispatcher's loop (workflows/batch-loop.ts) on the time-skipping server, and both sides
 * of its two patches (ARCHITECTURE.md, "Changing a workflow"; the old side as in
 * referral-lifecycle-patches.test.ts):
 * - `webhook-dispatch-while-found`: a batch that found events is followed by the next one at once; the
 *   interval is for an empty outbox. Before it, only a full batch was.
 * - `system-workflow-configure`: a `configure` signal wakes the loop from its interval and the next batch
 *   takes the new input; a repeat of the input in use changes nothing. Before it, the signal was taken
 *   and ignored: the committed history that code wrote (test/replay/histories) replays on today's code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultPayloadConverter } from '@temporalio/common';
import { historyFromJson } from '../../shared/temporal/history-json';
import type { WebhookDispatchInput, WebhookDispatchResult } from '../../shared/types/webhooks';
import { configureWebhookDispatcher } from '../../workflows/system-workflows.messages';
import { webhookDispatcherWorkflow } from '../../workflows/webhook-dispatcher.workflow';
import {
  beforePatches,
  HOUR,
  historyOf,
  MINUTE,
  patchesOf,
  recording,
  replayOnToday,
  SECOND,
  useTimeSkipping,
  timersOf,
  type TimeSkipping,
  type WorkflowCode,
} from '../helpers/time-skipping';
import { until } from '../helpers/wait';

type Input = WebhookDispatchInput & { intervalMs: number };
const INPUT: Input = {
  intervalMs: MINUTE,
  batchSize: 10,
  concurrency: 4,
  inlineConcurrency: 8,
  scheduleMs: [0, 5000],
};

const ts = useTimeSkipping();

/** Batches that find `found[n - 1]` events (0 past the list). */
function batches(found: number[]) {
  return recording(ts(), ({ n }, _input: Input): WebhookDispatchResult => {
    const count = found[n - 1] ?? 0;
    return { found: count, delivered: count, started: 0, failed: 0 };
  });
}

/** Runs the dispatcher on `code` through `during`, then gives its history. */
async function dispatcher(
  dispatchWebhookEvents: ReturnType<typeof batches>,
  during: (handle: Awaited<ReturnType<TimeSkipping['client']['workflow']['start']>>) => Promise<void>,
  code: WorkflowCode = 'today',
  patchIds: string[] = [],
) {
  return ts().worker(
    { dispatchWebhookEvents },
    async (taskQueue) => {
      const handle = await ts().client.workflow.start(webhookDispatcherWorkflow, {
        taskQueue,
        workflowId: `system/webhook-dispatcher/${taskQueue}`,
        args: [INPUT],
        ...(patchIds.length > 0 ? beforePatches(...patchIds) : {}),
      });
      await until(
        () => dispatchWebhookEvents.calls.length,
        (n) => n > 0,
        5000,
      );
      await during(handle);
      return historyOf(handle);
    },
    { code },
  );
}

const gaps = (calls: { at: number }[]) => calls.slice(1).map((c, i) => c.at - calls[i]!.at);

test('webhook-dispatch-while-found: a batch that found events is followed at once, an empty one after the interval', async () => {
  const dispatch = batches([3, 4]);
  const history = await dispatcher(dispatch, () => ts().sleep(MINUTE + 30 * SECOND));
  expect(dispatch.calls).toHaveLength(4);
  const [first, second, third] = gaps(dispatch.calls);
  expect(first).toBeLessThan(SECOND);
  expect(second).toBeLessThan(SECOND);
  expect(third).toBeGreaterThanOrEqual(MINUTE);
  expect(timersOf(history).map((t) => t.durationMs)).toEqual([MINUTE, MINUTE]);
  expect(patchesOf(history)).toContain('webhook-dispatch-while-found');
});

test('webhook-dispatch-while-found, before: a batch short of full waited the interval; today replays that', async () => {
  const dispatch = batches([3, 4]);
  const history = await dispatcher(dispatch, () => ts().sleep(2 * MINUTE + 30 * SECOND), 'before-patches', [
    'webhook-dispatch-while-found',
  ]);
  expect(dispatch.calls).toHaveLength(3);
  for (const gap of gaps(dispatch.calls)) expect(gap).toBeGreaterThanOrEqual(MINUTE);
  expect(patchesOf(history)).not.toContain('webhook-dispatch-while-found');
  await expect(replayOnToday(history)).resolves.toBeUndefined();
});

test('system-workflow-configure: a new input wakes the loop, the next batch takes it; a repeat changes nothing', async () => {
  const dispatch = batches([]);
  const next: Input = { ...INPUT, intervalMs: HOUR, batchSize: 20, scheduleMs: [0, 1000, 60_000] };
  const history = await dispatcher(dispatch, async (handle) => {
    await ts().sleep(30 * SECOND);
    await handle.signal(configureWebhookDispatcher, next);
    await until(
      () => dispatch.calls.length,
      (n) => n >= 2,
      5000,
    );
    await handle.signal(configureWebhookDispatcher, next); // a second worker started with the same settings
    await ts().sleep(HOUR - MINUTE);
    expect(dispatch.calls).toHaveLength(2);
    await ts().sleep(2 * MINUTE);
  });
  expect(dispatch.calls.map((c) => c.args[0])).toEqual([INPUT, next, next]);
  const [woken, slept] = gaps(dispatch.calls);
  expect(woken).toBeLessThan(31 * SECOND); // at the signal, not at the end of the minute
  expect(slept).toBeGreaterThanOrEqual(HOUR);
  expect(timersOf(history).map((t) => [t.durationMs, t.firedAt === null])).toEqual([
    [MINUTE, true], // cut short by the signal
    [HOUR, false],
    [HOUR, true], // running
  ]);
  expect(patchesOf(history)).toContain('system-workflow-configure');
});

test('system-workflow-configure, before: the signal is ignored, the interval runs out with the old input', async () => {
  const dispatch = batches([]);
  const history = await dispatcher(
    dispatch,
    async (handle) => {
      await ts().sleep(30 * SECOND);
      await handle.signal(configureWebhookDispatcher, { ...INPUT, intervalMs: HOUR });
      await ts().sleep(MINUTE);
    },
    'before-patches',
    ['system-workflow-configure'],
  );
  expect(dispatch.calls.map((c) => c.args[0])).toEqual([INPUT, INPUT]);
  expect(gaps(dispatch.calls)[0]).toBeGreaterThanOrEqual(MINUTE);
  expect(patchesOf(history)).not.toContain('system-workflow-configure');
  await expect(replayOnToday(history)).resolves.toBeUndefined();
});

test('system-workflow-configure, before: the history that code wrote replays on today’s code', async () => {
  const file = path.join(__dirname, '../replay/histories/webhookDispatcherWorkflow/reconfigured.json');
  const history = historyFromJson(JSON.parse(fs.readFileSync(file, 'utf8')));
  const events = history.events ?? [];
  const signalled = events.findIndex(
    (e) => e.workflowExecutionSignaledEventAttributes?.signalName === 'configure',
  );
  expect(signalled).toBeGreaterThan(0);
  expect(patchesOf(history)).not.toContain('system-workflow-configure');
  // What that code did: the timer running at the signal fired (not cancelled), and the next batch ran with
  // the input the workflow started with.
  const after = events.slice(signalled);
  expect(after.some((e) => e.timerCanceledEventAttributes)).toBe(false);
  expect(after.find((e) => e.timerFiredEventAttributes)).toBeDefined();
  const input = (e: (typeof events)[number] | undefined) =>
    defaultPayloadConverter.fromPayload(
      (e?.activityTaskScheduledEventAttributes ?? e?.workflowExecutionStartedEventAttributes)!.input!
        .payloads![0]!,
    );
  expect(input(after.find((e) => e.activityTaskScheduledEventAttributes))).toEqual(input(events[0]));

  await expect(replayOnToday(history)).resolves.toBeUndefined();
});
