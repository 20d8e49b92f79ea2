/**
 * Both sides of the referral lifecycle's patches (ARCHITECTURE.md, "Changing a workflow"). The new side
 * runs live on today's code in referral-lifecycle-timers.test.ts (timers, the discount sync asked for,
 * each marker recorded). The old side is a history without the marker: the code before the patch wrote
 * it, here run as the "before-patches" bundle (today's code with that `patched()` answering false:
 * test/workflows/support/workflow-before-patches.ts), which shows how it behaved. Today's code must
 * replay that history, and replaying takes the recorded path command for command, so a replay that
 * passes is today's code taking the old path. Each history goes on past the point where the new path
 * would have added a command (a message and a reconcile follow), so taking the new path fails the replay.
 * Last, a run the old code began that today's code carries on: the old part replays, and what happens
 * from then on takes the new path.
 */
import { lifecycleSignal, lifecycleUpdate } from '../../workflows/referral-lifecycle.messages';
import {
  beforePatches,
  DAY,
  historyOf,
  patchesOf,
  replayOnToday,
  SECOND,
  useTimeSkipping,
  timersOf,
} from '../helpers/time-skipping';
import { until } from '../helpers/wait';
import { LIFECYCLE_ID, lifecycleActivities, snapshot, startLifecycle } from './support/lifecycle';

const HOLD = 14 * DAY;

const ts = useTimeSkipping();

const convert = { eventId: 'convert:ref-1', kind: 'convert' } as const;
const nudge = { eventId: 'reconcile:1', kind: 'reconcile' } as const;

test('reward-timers, before: a due time starts no timer, a later message applies it; today replays that', async () => {
  let holdEnds = 0;
  const activities = lifecycleActivities(ts(), [
    () => snapshot(),
    (at) => snapshot({ status: 'CONVERTED', rewardsGranted: 1, nextDueAt: (holdEnds = at + HOLD) }),
    () => snapshot({ status: 'CONVERTED', rewardsReleased: 1 }),
  ]);
  const history = await ts().worker(
    activities,
    async (taskQueue) => {
      const handle = await startLifecycle(ts(), activities, taskQueue, beforePatches('reward-timers'));
      await handle.executeUpdate(lifecycleUpdate, { args: [convert] });
      await ts().sleep(HOLD + DAY);
      expect(activities.reconcileReferral.calls).toHaveLength(2); // the hold ended unnoticed
      await handle.executeUpdate(lifecycleUpdate, { args: [nudge] }); // as the reconciler's nudge did
      return historyOf(handle);
    },
    { code: 'before-patches' },
  );
  expect(activities.reconcileReferral.calls[2]!.at).toBeGreaterThan(holdEnds + DAY - SECOND);
  expect(timersOf(history)).toEqual([]);
  expect(patchesOf(history)).toEqual(['referrer-discount-sync']);

  await expect(replayOnToday(history)).resolves.toBeUndefined();
});

test('referrer-discount-sync, before: a grant or a cancellation asks for no discount sync; today replays that', async () => {
  const activities = lifecycleActivities(ts(), [
    () => snapshot(),
    () => snapshot({ status: 'CONVERTED', rewardsGranted: 1 }),
    () => snapshot({ status: 'CONVERTED', rewardsCancelled: 1 }),
    () => snapshot({ status: 'CONVERTED' }),
  ]);
  const history = await ts().worker(
    activities,
    async (taskQueue) => {
      const handle = await startLifecycle(
        ts(),
        activities,
        taskQueue,
        beforePatches('referrer-discount-sync'),
      );
      await handle.executeUpdate(lifecycleUpdate, { args: [convert] });
      await handle.executeUpdate(lifecycleUpdate, {
        args: [{ eventId: 'end:chargeback', kind: 'reconcile' }],
      });
      await handle.executeUpdate(lifecycleUpdate, { args: [nudge] });
      return historyOf(handle);
    },
    { code: 'before-patches' },
  );
  expect(activities.reconcileReferral.calls).toHaveLength(4);
  expect(activities.requestReferrerDiscountSync.calls).toEqual([]);
  expect(patchesOf(history)).toEqual([]);

  await expect(replayOnToday(history)).resolves.toBeUndefined();
});

test('a run the old code began, carried on by today’s: the old part replays, the next hold gets its timer', async () => {
  let holdEnds = 0;
  const old = lifecycleActivities(ts(), [
    () => snapshot(),
    (at) => snapshot({ status: 'CONVERTED', rewardsGranted: 1, nextDueAt: at + HOLD }),
  ]);
  // Without a workflow cache: the test server never hands a task left on a stopped worker's sticky queue
  // back to the task queue, as Temporal's does.
  const taskQueue = await ts().worker(
    old,
    async (queue) => {
      const handle = await startLifecycle(
        ts(),
        old,
        queue,
        beforePatches('reward-timers', 'referrer-discount-sync'),
      );
      await handle.executeUpdate(lifecycleUpdate, { args: [convert] });
      return queue;
    },
    { code: 'before-patches', worker: { maxCachedWorkflows: 0 } },
  );
  expect(old.requestReferrerDiscountSync.calls).toEqual([]);

  // The deploy: today's worker takes the workflow at its next message, replaying what the old one did.
  const today = lifecycleActivities(ts(), [
    // A second conversion, say, whose reward is held for 3 days from now.
    (at) => snapshot({ status: 'CONVERTED', rewardsGranted: 1, nextDueAt: (holdEnds = at + 3 * DAY) }),
    () => snapshot({ status: 'CONVERTED', rewardsReleased: 1 }),
  ]);
  const history = await ts().worker(
    today,
    async () => {
      const handle = ts().client.workflow.getHandle(LIFECYCLE_ID);
      await handle.signal(lifecycleSignal, { eventId: 'convert:ref-2', kind: 'convert' });
      await until(
        () => today.reconcileReferral.calls.length,
        (n) => n >= 1,
        5000,
      );
      await ts().sleep(3 * DAY + SECOND);
      await until(
        () => today.reconcileReferral.calls.length,
        (n) => n >= 2,
        5000,
      );
      return historyOf(handle);
    },
    { taskQueue },
  );
  expect(today.reconcileReferral.calls).toHaveLength(2);
  expect(today.reconcileReferral.calls[1]!.at).toBeGreaterThanOrEqual(holdEnds);
  expect(timersOf(history)).toHaveLength(1);
  expect(patchesOf(history)).toEqual(['referrer-discount-sync', 'reward-timers']);
  expect(today.requestReferrerDiscountSync.calls).toHaveLength(2);
  await expect(replayOnToday(history)).resolves.toBeUndefined();
});
