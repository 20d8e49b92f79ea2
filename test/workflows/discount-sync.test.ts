/**
 * The discount sync on the time-skipping server, with the production timings (the use case starts it
 * with no `idleMs` or `refundRetryMs`): after a sync it waits 5 quiet minutes for another request and
 * completes; a request meanwhile syncs again and restarts the wait; requests during a sync coalesce into
 * one more; a refund whose charge has not settled is tried again every hour without a request; a
 * processor outage is retried with backoff (1 s, doubling, at most 10 s) for as long as it lasts, a
 * refusal retrying cannot fix is not; and it continues as new when Temporal suggests it.
 * test/integration/processors/discount-sync.test.ts runs the real activity against the processor stand-in.
 */
import { Context } from '@temporalio/activity';
import { WorkflowFailedError } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import { ProcessorRejectedError } from '../../shared/processors/payment-processor';
import type { DiscountSyncResult } from '../../shared/types/processors';
import {
  HOUR,
  historyOf,
  MINUTE,
  recording,
  SECOND,
  useTimeSkipping,
  timersOf,
} from '../helpers/time-skipping';
import { until } from '../helpers/wait';
import { INPUT, requestSync, synced, WORKFLOW_ID } from './support/discount-sync';

const QUIET = 5 * MINUTE;

const ts = useTimeSkipping();

/** The sync activity: the n-th call answers `answers[n - 1]` (a settled sync past the list). */
function syncs(answers: (() => DiscountSyncResult | Promise<DiscountSyncResult>)[] = []) {
  return recording(ts(), ({ n }, _input: { tenantId: string; accountId: string }) =>
    (answers[n - 1] ?? synced)(),
  );
}

const request = (taskQueue: string, reason?: string) => requestSync(ts(), taskQueue, reason);

test('one request: one sync, then it completes after five quiet minutes', async () => {
  const syncAccountDiscount = syncs();
  const { result, history } = await ts().worker({ syncAccountDiscount }, async (taskQueue) => {
    const handle = await request(taskQueue);
    return { result: await handle.result(), history: await historyOf(handle) };
  });
  expect(result).toEqual(synced());
  expect(syncAccountDiscount.calls).toHaveLength(1);
  expect(timersOf(history).map((t) => [t.durationMs, t.firedAt !== null])).toEqual([[QUIET, true]]);
});

test('a request in the quiet minutes syncs again and starts them over', async () => {
  const syncAccountDiscount = syncs();
  const history = await ts().worker({ syncAccountDiscount }, async (taskQueue) => {
    const handle = await request(taskQueue);
    await until(
      () => syncAccountDiscount.calls.length,
      (n) => n >= 1,
      5000,
    );
    await ts().sleep(3 * MINUTE);
    await request(taskQueue, 'referrer credit changed');
    await handle.result();
    return historyOf(handle);
  });
  const [first, second] = syncAccountDiscount.calls;
  expect(second!.at - first!.at).toBeGreaterThanOrEqual(3 * MINUTE);
  expect(second!.at - first!.at).toBeLessThan(3 * MINUTE + 10 * SECOND);
  const timers = timersOf(history);
  expect(timers.map((t) => [t.durationMs, t.firedAt !== null])).toEqual([
    [QUIET, false],
    [QUIET, true],
  ]);
});

test('requests during a sync coalesce into one more sync', async () => {
  let release = () => undefined as void;
  const running = new Promise<void>((resolve) => (release = resolve));
  const syncAccountDiscount = syncs([
    async () => {
      await running;
      return synced();
    },
  ]);
  await ts().worker({ syncAccountDiscount }, async (taskQueue) => {
    const handle = await request(taskQueue);
    await until(
      () => syncAccountDiscount.calls.length,
      (n) => n >= 1,
      5000,
    );
    for (let i = 0; i < 3; i += 1) await request(taskQueue, `request ${i}`);
    release();
    await handle.result();
  });
  expect(syncAccountDiscount.calls).toHaveLength(2);
});

test('a refund waiting for its charge to settle: synced again every hour, unasked, until it settles', async () => {
  const syncAccountDiscount = syncs([() => synced(true), () => synced(true), () => synced(false)]);
  const { result, history } = await ts().worker({ syncAccountDiscount }, async (taskQueue) => {
    const handle = await request(taskQueue);
    return { result: await handle.result(), history: await historyOf(handle) };
  });
  expect(result!.subscriptions[0]!.refund!.pending).toBe(false);
  const calls = syncAccountDiscount.calls;
  expect(calls).toHaveLength(3);
  for (const gap of [calls[1]!.at - calls[0]!.at, calls[2]!.at - calls[1]!.at]) {
    expect(gap).toBeGreaterThanOrEqual(HOUR);
    expect(gap).toBeLessThan(HOUR + 10 * SECOND);
  }
  expect(timersOf(history).map((t) => t.durationMs)).toEqual([HOUR, HOUR, QUIET]);
});

test('a processor outage: retried after 1, 2, 4, 8, then every 10 seconds until it ends', async () => {
  const outage = 2 * MINUTE;
  let outageEnds = 0;
  const syncAccountDiscount = recording(ts(), ({ at }, _input: { tenantId: string; accountId: string }) => {
    outageEnds ||= at + outage;
    if (at < outageEnds) throw new Error('the processor answered 503');
    return synced();
  });
  await ts().worker({ syncAccountDiscount }, async (taskQueue) => (await request(taskQueue)).result());
  const calls = syncAccountDiscount.calls;
  const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at);
  const backoff = gaps.map((_, i) => Math.min(2 ** i, 10) * SECOND);
  gaps.forEach((gap, i) => {
    expect(gap).toBeGreaterThanOrEqual(backoff[i]!);
    expect(gap).toBeLessThan(backoff[i]! + SECOND);
  });
  expect(calls.at(-1)!.at).toBeGreaterThanOrEqual(outageEnds);
  expect(calls.at(-2)!.at).toBeLessThan(outageEnds);
  expect(calls.length).toBeGreaterThan(12);
});

test('a refusal retrying cannot fix (ProcessorRejectedError) is tried once, and the sync fails', async () => {
  const syncAccountDiscount = syncs([
    () => {
      throw new ProcessorRejectedError('Braintree subscription sub-1 not found');
    },
  ]);
  await ts().worker({ syncAccountDiscount }, async (taskQueue) => {
    await expect((await request(taskQueue)).result()).rejects.toThrow(WorkflowFailedError);
  });
  expect(syncAccountDiscount.calls).toHaveLength(1);
});

test('continue-as-new when Temporal suggests it: the same input, and later requests are served', async () => {
  // Past 4 MiB of history the test server suggests it: requests with long reasons bring it there. They
  // arrive before a worker runs, so one sync serves them all and no request is pending at the suggestion.
  const long = 'x'.repeat(900 * 1024);
  const runs: string[] = [];
  const syncAccountDiscount = recording(ts(), () => {
    runs.push(Context.current().info.workflowExecution!.runId);
    return synced();
  });
  const taskQueue = 'discount-sync-continue';
  const first = await request(taskQueue);
  for (let i = 1; i <= 5; i += 1) await request(taskQueue, `${i} ${long}`);
  const result = await ts().worker(
    { syncAccountDiscount },
    async () => {
      const latest = ts().client.workflow.getHandle(WORKFLOW_ID);
      const runId = await until(
        async () => (await latest.describe()).runId,
        (id) => id !== first.signaledRunId,
        5000,
      );
      expect(runId).not.toBe(first.signaledRunId);
      await request(taskQueue, 'after continuing');
      return latest.result();
    },
    { taskQueue },
  );
  const old = await ts().client.workflow.getHandle(WORKFLOW_ID, first.signaledRunId).describe();
  expect(old.status.name).toBe('CONTINUED_AS_NEW');
  expect(result).toEqual(synced());
  expect(runs).toHaveLength(2);
  expect(runs[0]).toBe(first.signaledRunId);
  expect(runs[1]).not.toBe(first.signaledRunId);
  const [started] = (await historyOf(ts().client.workflow.getHandle(WORKFLOW_ID))).events ?? [];
  const input = started!.workflowExecutionStartedEventAttributes!.input!.payloads![0]!;
  expect(defaultPayloadConverter.fromPayload(input)).toEqual(INPUT);
});
