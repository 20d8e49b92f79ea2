/**
 * The discount sync continuing as new with work left: a request that arrived during its last sync, or a
 * refund still waiting for its charge to settle. Before the patch `discount-sync-carries-work` the new run
 * started empty, waited five quiet minutes for a request and completed, so that work was never done; now
 * the new run syncs at once. Both sides: today's code, and the code before the patch (the "before-patches"
 * bundle), whose history today's code must replay down the old path.
 */
import { Context } from '@temporalio/activity';
import { Client, Connection } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import type { History } from '@temporalio/common/lib/proto-utils';
import type { DiscountSyncInput, DiscountSyncResult } from '../../shared/types/processors';
import { INPUT, requestSync, synced, WORKFLOW_ID } from './support/discount-sync';
import { discountSyncSignal } from '../../workflows/discount-sync.messages';
import {
  beforePatches,
  historyOf,
  patchesOf,
  recording,
  replayOnToday,
  useTimeSkipping,
} from '../helpers/time-skipping';

const PATCH = 'discount-sync-carries-work';

const ts = useTimeSkipping();

/**
 * Runs the sync until its latest run completes. Past 4 MiB of history the test server suggests
 * continue-as-new: five requests with long reasons, sent before a worker runs, bring the first sync there.
 * `duringFirstSync` runs inside the first sync's activity (a request arriving meanwhile).
 */
async function continueAfterFirstSync(options: {
  code: 'today' | 'before-patches';
  firstSync: DiscountSyncResult;
  duringFirstSync?: () => Promise<void>;
}) {
  const runs: string[] = [];
  const syncAccountDiscount = recording(ts(), async ({ n }) => {
    runs.push(Context.current().info.workflowExecution!.runId);
    if (n === 1) {
      await options.duringFirstSync?.();
      return options.firstSync;
    }
    return synced(false);
  });
  const taskQueue = `discount-continue-${options.code}`;
  const start = options.code === 'before-patches' ? beforePatches(PATCH) : {};
  const first = await requestSync(ts(), taskQueue, 'referral converted', start);
  const long = 'x'.repeat(900 * 1024);
  for (let i = 1; i <= 5; i += 1) await requestSync(ts(), taskQueue, `${i} ${long}`, start);
  const result = await ts().worker(
    { syncAccountDiscount },
    () => ts().client.workflow.getHandle(WORKFLOW_ID).result(),
    { taskQueue, code: options.code },
  );
  // The first run's history is past gRPC's default 4 MiB answer: read it through a client that takes more.
  const connection = await Connection.connect({
    address: ts().env.connection.options.address,
    channelArgs: { 'grpc.max_receive_message_length': 32 * 1024 * 1024 },
  });
  const big = new Client({ connection });
  const firstRun: History = await historyOf(big.workflow.getHandle(WORKFLOW_ID, first.signaledRunId));
  await connection.close();
  const latest = await historyOf(ts().client.workflow.getHandle(WORKFLOW_ID));
  const started = latest.events![0]!.workflowExecutionStartedEventAttributes!;
  const input = defaultPayloadConverter.fromPayload<DiscountSyncInput>(started.input!.payloads![0]!);
  return { result, runs, firstRun, input, firstRunId: first.signaledRunId };
}

const requestDuringSync = () =>
  ts().client.workflow.getHandle(WORKFLOW_ID).signal(discountSyncSignal, { reason: 'during the sync' });

test('a request during the sync that continues as new is synced by the new run at once', async () => {
  const { result, runs, firstRun, input, firstRunId } = await continueAfterFirstSync({
    code: 'today',
    firstSync: synced(false),
    duringFirstSync: requestDuringSync,
  });
  expect(runs).toHaveLength(2);
  expect(runs[0]).toBe(firstRunId);
  expect(runs[1]).not.toBe(firstRunId);
  expect(input).toEqual({ ...INPUT, syncAtStart: true });
  expect(result).toEqual(synced(false));
  expect(patchesOf(firstRun)).toEqual([PATCH]);
});

test('a refund still waiting to settle is tried again by the new run at once', async () => {
  const { result, runs, input } = await continueAfterFirstSync({ code: 'today', firstSync: synced(true) });
  expect(runs).toHaveLength(2);
  expect(input).toEqual({ ...INPUT, syncAtStart: true });
  expect(result).toEqual(synced(false));
});

test('before the patch the new run dropped that request; today replays that history', async () => {
  const { result, runs, firstRun, input } = await continueAfterFirstSync({
    code: 'before-patches',
    firstSync: synced(false),
    duringFirstSync: requestDuringSync,
  });
  expect(runs).toHaveLength(1); // the request during the sync was never synced
  expect(input).toEqual(INPUT);
  expect(result).toBeNull();
  expect(patchesOf(firstRun)).toEqual([]);
  await expect(replayOnToday(firstRun)).resolves.toBeUndefined();
});
