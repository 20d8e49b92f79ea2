import { defineSignal, defineUpdate } from '@temporalio/workflow';
import type { LifecycleMessage, ReferralSnapshot } from '../shared/types/referrals';

// The referral lifecycle's messages, imported by the workflow that handles them and by the code that
// sends them (shared/temporal), so both sides share one name and one payload type. No side effects:
// loading this outside the workflow sandbox is safe.

/** A change to apply, without waiting for it (signal-with-start). */
export const lifecycleSignal = defineSignal<[LifecycleMessage]>('lifecycle');
/** A change to apply, answered with the snapshot once it is committed (update-with-start). */
export const lifecycleUpdate = defineUpdate<ReferralSnapshot | null, [LifecycleMessage]>('applyLifecycle');
