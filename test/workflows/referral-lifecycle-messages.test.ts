/**
 * The referral lifecycle's messages on the time-skipping server: each event id is applied once, however
 * often and however it arrives (signal or update, together or later, before or after a continue-as-new);
 * an update is answered once its change is applied; a message without an event id is refused before it
 * reaches the history; and when Temporal suggests it, the workflow continues as new with the event ids it
 * applied last, once no update is left unanswered.
 */
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import type { LifecycleMessage, ReferralLifecycleInput } from '../../shared/types/referrals';
import { lifecycleSignal, lifecycleUpdate } from '../../workflows/referral-lifecycle.messages';
import { referralLifecycleWorkflow } from '../../workflows/referral-lifecycle.workflow';
import { historyOf, useTimeSkipping } from '../helpers/time-skipping';
import { until } from '../helpers/wait';
import {
  LIFECYCLE_ID,
  LIFECYCLE_INPUT,
  lifecycleActivities,
  snapshot,
  startLifecycle,
} from './support/lifecycle';

const ts = useTimeSkipping();

const message = (eventId: string, kind: LifecycleMessage['kind'] = 'reconcile'): LifecycleMessage => ({
  eventId,
  kind,
});

test('an event id is applied once: repeated as a signal or an update, together or later', async () => {
  const activities = lifecycleActivities(ts(), [
    () => snapshot(),
    () => snapshot({ status: 'CONVERTED', rewardsGranted: 1 }),
    () => snapshot({ status: 'CONVERTED' }),
  ]);
  const reconcile = activities.reconcileReferral;
  // Three copies of one message wait for the first workflow task (no worker yet): one reconcile applies them.
  const handle = await ts().client.workflow.start(referralLifecycleWorkflow, {
    taskQueue: 'lifecycle-dedup',
    workflowId: LIFECYCLE_ID,
    args: [LIFECYCLE_INPUT],
  });
  for (let i = 0; i < 3; i += 1)
    await handle.signal(lifecycleSignal, message('attributed:ref-1', 'attributed'));

  await ts().worker(
    activities,
    async () => {
      await until(
        () => reconcile.calls.length,
        (n) => n >= 1,
        5000,
      );
      const convert = message('convert:ref-1', 'convert');
      const answer = await handle.executeUpdate(lifecycleUpdate, { args: [convert] });
      expect(answer).toMatchObject({ status: 'CONVERTED', rewardsGranted: 1 });
      expect(reconcile.calls).toHaveLength(2);

      // The same change again (a retried request, the reconciler): answered from what is known, not applied.
      const again = await Promise.all([
        handle.executeUpdate(lifecycleUpdate, { args: [convert] }),
        handle.executeUpdate(lifecycleUpdate, { args: [convert] }),
        handle.signal(lifecycleSignal, convert),
        handle.signal(lifecycleSignal, message('attributed:ref-1', 'attributed')),
      ]);
      expect(again[0]).toEqual(answer);
      expect(again[1]).toEqual(answer);
      // A change not seen before is applied.
      await handle.executeUpdate(lifecycleUpdate, { args: [message('action:1', 'action')] });
    },
    { taskQueue: 'lifecycle-dedup' },
  );
  expect(reconcile.calls).toHaveLength(3);
  // One workflow task per change: the duplicates wrote nothing but their own arrival.
  const history = await historyOf(handle);
  const localActivities = (history.events ?? []).filter(
    (e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity',
  );
  expect(localActivities.length).toBe(3 + activities.requestReferrerDiscountSync.calls.length);
});

test('an update without an event id is refused by its validator and never reaches the history', async () => {
  const activities = lifecycleActivities(ts(), [() => snapshot()]);
  await ts().worker(activities, async (taskQueue) => {
    const handle = await startLifecycle(ts(), activities, taskQueue);
    for (const bad of [{ eventId: '', kind: 'convert' }, { kind: 'convert' }]) {
      await expect(
        handle.executeUpdate(lifecycleUpdate, { args: [bad as LifecycleMessage] }),
      ).rejects.toThrow(WorkflowUpdateFailedError);
    }
    const history = await historyOf(handle);
    expect((history.events ?? []).some((e) => e.workflowExecutionUpdateAcceptedEventAttributes)).toBe(false);
  });
  expect(activities.reconcileReferral.calls).toHaveLength(1);
});

test('continue-as-new when Temporal suggests it: the last 100 applied event ids go along, and stay applied', async () => {
  // The test server suggests continuing as new past 4 MiB of history: updates carrying a field the
  // workflow ignores bring it there in a few messages.
  const padding = 'x'.repeat(900 * 1024);
  const padded = (eventId: string) => ({ ...message(eventId), padding }) as LifecycleMessage;
  const applied = [
    ...Array.from({ length: 120 }, (_, i) => `event-${i}`),
    ...[0, 1, 2, 3, 4].map((i) => `padding-${i}`),
    'last',
  ];
  const activities = lifecycleActivities(ts(), []);
  const reconcile = activities.reconcileReferral;
  await ts().worker(activities, async (taskQueue) => {
    const handle = await ts().client.workflow.start(referralLifecycleWorkflow, {
      taskQueue,
      workflowId: LIFECYCLE_ID,
      args: [LIFECYCLE_INPUT],
    });
    for (const eventId of applied.slice(0, 120)) await handle.signal(lifecycleSignal, message(eventId));
    for (const eventId of applied.slice(120, 125)) {
      await handle.executeUpdate(lifecycleUpdate, { args: [padded(eventId)] });
    }
    // Past the threshold now: the task that applies this one sees the suggestion, answers, then continues.
    expect(await handle.executeUpdate(lifecycleUpdate, { args: [message('last')] })).toEqual(snapshot());
    const next = ts().client.workflow.getHandle(LIFECYCLE_ID);
    const runId = await until(
      async () => (await next.describe()).runId,
      (id) => id !== handle.firstExecutionRunId,
      5000,
    );
    expect(runId).not.toBe(handle.firstExecutionRunId);
    const old = await ts().client.workflow.getHandle(LIFECYCLE_ID, handle.firstExecutionRunId).describe();
    expect(old.status.name).toBe('CONTINUED_AS_NEW');

    const [started] = (await historyOf(next)).events ?? [];
    const input = defaultPayloadConverter.fromPayload<ReferralLifecycleInput>(
      started!.workflowExecutionStartedEventAttributes!.input!.payloads![0]!,
    );
    expect(input).toEqual({ ...LIFECYCLE_INPUT, appliedEventIds: applied.slice(-100) });

    // The new run looks once at its start; what it carried is not applied again, what it dropped would be.
    const looked = async () =>
      ((await historyOf(next)).events ?? []).some(
        (e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity',
      );
    expect(await until(looked, Boolean, 5000)).toBe(true);
    const calls = reconcile.calls.length;
    await next.executeUpdate(lifecycleUpdate, { args: [message('last')] });
    await next.executeUpdate(lifecycleUpdate, { args: [message('event-26')] });
    expect(reconcile.calls).toHaveLength(calls);
    await next.executeUpdate(lifecycleUpdate, { args: [message('event-25')] });
    expect(reconcile.calls).toHaveLength(calls + 1);
  });
});
