/**
 * The referral lifecycle's timers on the time-skipping server: after a reconcile that names a time when
 * the rewards next need it (a hold's end, a credit expiry), the workflow sleeps on a durable timer until
 * then and reconciles when it fires; a message during the sleep wakes it, and it sleeps again for what is
 * left; nothing due, no timer. Days pass in milliseconds here; test/integration/rewards/reward-hold.test.ts
 * runs one real hold and one real expiry end to end.
 */
import { lifecycleSignal, lifecycleUpdate } from '../../workflows/referral-lifecycle.messages';
import {
  DAY,
  HOUR,
  historyOf,
  MINUTE,
  patchesOf,
  SECOND,
  useTimeSkipping,
  timersOf,
} from '../helpers/time-skipping';
import { until } from '../helpers/wait';
import { lifecycleActivities, snapshot, startLifecycle } from './support/lifecycle';

const HOLD = 14 * DAY;
const EXPIRY = 30 * DAY;

const ts = useTimeSkipping();

const convert = { eventId: 'convert:ref-1', kind: 'convert' } as const;

/** Expects `at` within a minute after `due` (a timer fires at its time; its task takes a moment). */
function onTime(at: number | undefined, due: number) {
  expect(at).toBeGreaterThanOrEqual(due);
  expect(at).toBeLessThan(due + MINUTE);
}

test('a held reward: asleep until the hold ends, then until the credit expires, then for messages only', async () => {
  let holdEnds = 0;
  let expires = 0;
  const activities = lifecycleActivities(ts(), [
    () => snapshot(),
    (at) => snapshot({ status: 'CONVERTED', rewardsGranted: 1, nextDueAt: (holdEnds = at + HOLD) }),
    (at) => snapshot({ status: 'CONVERTED', rewardsReleased: 1, nextDueAt: (expires = at + EXPIRY) }),
    () => snapshot({ status: 'CONVERTED', rewardsExpired: 1 }),
  ]);
  const { reconcileReferral: reconcile, requestReferrerDiscountSync: sync } = activities;

  const history = await ts().worker(activities, async (taskQueue) => {
    const handle = await startLifecycle(ts(), activities, taskQueue);
    const answer = await handle.executeUpdate(lifecycleUpdate, { args: [convert] });
    expect(answer).toMatchObject({ status: 'CONVERTED', rewardsGranted: 1, nextDueAt: holdEnds });
    expect(reconcile.calls).toHaveLength(2);

    await ts().sleep(HOLD - HOUR);
    expect(reconcile.calls).toHaveLength(2); // not woken before the hold ends
    await ts().sleep(2 * HOUR);
    expect(reconcile.calls).toHaveLength(3);
    onTime(reconcile.calls[2]?.at, holdEnds);

    await ts().sleep(EXPIRY);
    expect(reconcile.calls).toHaveLength(4);
    onTime(reconcile.calls[3]?.at, expires);

    await ts().sleep(365 * DAY);
    expect(reconcile.calls).toHaveLength(4); // nothing due: it waits for messages only
    return historyOf(handle);
  });

  // Two timers, each as long as what was left, each fired on time.
  const timers = timersOf(history);
  expect(timers).toHaveLength(2);
  for (const [timer, due] of [
    [timers[0]!, holdEnds],
    [timers[1]!, expires],
  ] as const) {
    expect(timer.startedAt + timer.durationMs).toBeGreaterThanOrEqual(due);
    expect(timer.startedAt + timer.durationMs).toBeLessThan(due + 5 * SECOND);
    expect(timer.firedLateMs).toBeGreaterThanOrEqual(0);
    expect(timer.firedLateMs).toBeLessThan(SECOND);
  }
  expect(timers[0]!.durationMs).toBeGreaterThan(HOLD - MINUTE);
  expect(timers[1]!.durationMs).toBeGreaterThan(EXPIRY - MINUTE);
  // The referrer's discount follows the grant and the release; an expired credit is no discount.
  expect(sync.calls.map((c) => c.args[0].reason)).toEqual([
    'referral ref-1 CONVERTED',
    'referral ref-1 CONVERTED',
  ]);
  expect(sync.calls[1]!.at).toBeGreaterThanOrEqual(holdEnds);
  expect(patchesOf(history)).toEqual(expect.arrayContaining(['reward-timers', 'referrer-discount-sync']));
});

test('a message during the hold wakes it; it sleeps again for the rest; a cancellation leaves no timer', async () => {
  let holdEnds = 0;
  const activities = lifecycleActivities(ts(), [
    () => snapshot(),
    (at) => snapshot({ status: 'CONVERTED', rewardsGranted: 1, nextDueAt: (holdEnds = at + HOLD) }),
    () => snapshot({ status: 'CONVERTED', nextDueAt: holdEnds }),
    () => snapshot({ status: 'CONVERTED', rewardsCancelled: 1 }),
  ]);
  const { reconcileReferral: reconcile } = activities;

  const history = await ts().worker(activities, async (taskQueue) => {
    const handle = await startLifecycle(ts(), activities, taskQueue);
    await handle.executeUpdate(lifecycleUpdate, { args: [convert] });
    await ts().sleep(3 * DAY);
    await handle.executeUpdate(lifecycleUpdate, { args: [{ eventId: 'action:1', kind: 'action' }] });
    expect(reconcile.calls).toHaveLength(3);
    await ts().sleep(2 * DAY);
    // A charge-back, say: the held reward is cancelled, and nothing is due any more.
    await handle.executeUpdate(lifecycleUpdate, { args: [{ eventId: 'reconcile:cb', kind: 'reconcile' }] });
    await ts().sleep(HOLD);
    expect(reconcile.calls).toHaveLength(4); // the hold's end passed: nothing to release
    return historyOf(handle);
  });

  const timers = timersOf(history);
  expect(timers.map((t) => t.firedAt)).toEqual([null, null]); // both cut short by a message
  expect(timers[1]!.durationMs).toBeGreaterThan(HOLD - 3 * DAY - MINUTE);
  expect(timers[1]!.durationMs).toBeLessThanOrEqual(HOLD - 3 * DAY);
  expect(timers[1]!.startedAt + timers[1]!.durationMs).toBeGreaterThanOrEqual(holdEnds);
});

test('a due time already past (clocks differ): the timer waits its one-second minimum', async () => {
  const activities = lifecycleActivities(ts(), [
    () => snapshot(),
    (at) => snapshot({ status: 'CONVERTED', rewardsGranted: 1, nextDueAt: at - HOUR }),
    () => snapshot({ status: 'CONVERTED', rewardsReleased: 1 }),
  ]);
  const history = await ts().worker(activities, async (taskQueue) => {
    const handle = await startLifecycle(ts(), activities, taskQueue);
    await handle.executeUpdate(lifecycleUpdate, { args: [convert] });
    await ts().sleep(2 * SECOND);
    return historyOf(handle);
  });
  expect(timersOf(history).map((t) => t.durationMs)).toEqual([SECOND]);
  expect(activities.reconcileReferral.calls).toHaveLength(3);
});

test('the timer is Temporal’s: a worker stopped during the hold, a new one reconciles when it ends', async () => {
  let holdEnds = 0;
  const first = lifecycleActivities(ts(), [
    () => snapshot(),
    (at) => snapshot({ status: 'CONVERTED', rewardsGranted: 1, nextDueAt: (holdEnds = at + DAY) }),
  ]);
  // With no workflow cache, so no sticky queue: the test server, unlike Temporal's, never hands a task
  // waiting on a stopped worker's sticky queue back to the task queue.
  const taskQueue = await ts().worker(
    first,
    async (queue) => {
      const handle = await startLifecycle(ts(), first, queue);
      await handle.executeUpdate(lifecycleUpdate, { args: [convert] });
      return queue;
    },
    { worker: { maxCachedWorkflows: 0 } },
  );
  await ts().sleep(HOUR); // no worker at all for a while
  // A worker that never saw the workflow: the timer the first one started fires, and this one reconciles.
  const next = lifecycleActivities(ts(), [() => snapshot({ status: 'CONVERTED', rewardsReleased: 1 })]);
  await ts().worker(
    next,
    async () => {
      await ts().sleep(holdEnds - (await ts().now()) + SECOND);
      await until(
        () => next.reconcileReferral.calls.length,
        (n) => n > 0,
        5000,
      );
    },
    { taskQueue },
  );
  expect(first.reconcileReferral.calls).toHaveLength(2);
  expect(next.reconcileReferral.calls).toHaveLength(1);
  onTime(next.reconcileReferral.calls[0]?.at, holdEnds);
  expect(next.requestReferrerDiscountSync.calls).toHaveLength(1);
});

test('a signal (no answer awaited) wakes the sleep as an update does', async () => {
  let holdEnds = 0;
  const activities = lifecycleActivities(ts(), [
    () => snapshot(),
    (at) => snapshot({ status: 'CONVERTED', rewardsGranted: 1, nextDueAt: (holdEnds = at + HOLD) }),
    () => snapshot({ status: 'ENDED', rewardsCancelled: 1 }),
  ]);
  const result = await ts().worker(activities, async (taskQueue) => {
    const handle = await startLifecycle(ts(), activities, taskQueue);
    await handle.executeUpdate(lifecycleUpdate, { args: [convert] });
    await ts().sleep(DAY);
    await handle.signal(lifecycleSignal, { eventId: 'end:ref-1', kind: 'end' });
    return handle.result();
  });
  // The referral ended: the workflow ends with it, long before the hold would have.
  expect(result).toMatchObject({ status: 'ENDED' });
  expect(activities.reconcileReferral.calls[2]!.at).toBeLessThan(holdEnds - 12 * DAY);
});
