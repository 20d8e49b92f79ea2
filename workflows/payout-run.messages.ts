import { defineSignal } from '@temporalio/workflow';

// The payout run's message, imported by the workflow and by the code that sends it (shared/temporal).
// No side effects: loading this outside the workflow sandbox is safe.

/** An operator decided the run (approved or cancelled it): the workflow reads the decision from the database. */
export const payoutRunDecidedSignal = defineSignal('payoutRunDecided');
