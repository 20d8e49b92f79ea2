import { sleep, workflowInfo } from '@temporalio/workflow';

/**
 * The loop of a long-lived housekeeping workflow: run a batch, sleep when it did not come back full (no
 * backlog left), and return when history is long enough that the caller should continue-as-new (or
 * after maxRounds).
 */
export async function runBatchesUntilContinueAsNew<R>(options: {
  batch: () => Promise<R>;
  /** Whether the batch found as much as it may take, so another should follow at once. */
  full: (result: R) => boolean;
  intervalMs: number;
  maxRounds: number;
}): Promise<void> {
  for (let round = 0; round < options.maxRounds; round += 1) {
    if (!options.full(await options.batch())) await sleep(options.intervalMs);
    if (workflowInfo().continueAsNewSuggested) return;
  }
}
