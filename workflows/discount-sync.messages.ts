import { defineSignal } from '@temporalio/workflow';
import type { DiscountSyncRequest } from '../shared/types/processors';

// The discount sync's message, imported by the workflow and by the code that sends it (shared/temporal).
// No side effects: loading this outside the workflow sandbox is safe.

/** Asks for one more sync run; requests arriving during a run coalesce into one. */
export const discountSyncSignal = defineSignal<[DiscountSyncRequest]>('syncDiscount');
