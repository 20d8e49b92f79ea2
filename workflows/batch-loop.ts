import { condition, patched, setHandler, workflowInfo, type SignalDefinition } from '@temporalio/workflow';

/**
 * The input of a long-lived housekeeping workflow as its last `configure` signal set it
 * (system-workflows.messages.ts): the latest wins, and a change wakes the loop from its sleep.
 */
export interface Configuration<I> {
  current(): I;
  /** Counts the changes, so the loop can tell whether one arrived since a round began. */
  version(): number;
}

/**
 * Follows `configure` signals from the start input on. A signal carrying the input already in use (a
 * second worker replica starting with the same settings) changes nothing and wakes nothing.
 *
 * `patched`: during a rolling deploy a worker of the earlier code, which had no handler, may have taken
 * a `configure` signal and gone on sleeping; replaying that history, this code ignores the signal too
 * (waking would cancel a timer the history shows firing).
 */
export function followConfiguration<I>(signal: SignalDefinition<[I]>, input: I): Configuration<I> {
  let current = input;
  let version = 0;
  setHandler(signal, (next) => {
    if (JSON.stringify(next) === JSON.stringify(current)) return;
    if (!patched('system-workflow-configure')) return;
    current = next;
    version += 1;
  });
  return { current: () => current, version: () => version };
}

/**
 * The loop of a long-lived housekeeping workflow: run a batch with the current input, sleep for its
 * interval when the batch did not come back full (no backlog left) unless a new configuration arrives
 * first, and return the input to continue as new with once history is long enough (or after maxRounds).
 *
 * Replay: the sleep is `condition(changed, ms)`, which starts the same timer as the `sleep(ms)` of
 * earlier versions, so histories without a `configure` signal replay command for command.
 */
export async function runBatchesUntilContinueAsNew<I extends { intervalMs: number }, R>(options: {
  configuration: Configuration<I>;
  batch: (input: I) => Promise<R>;
  /** Whether the batch found as much as it may take, so another should follow at once. */
  full: (result: R, input: I) => boolean;
  maxRounds: number;
}): Promise<I> {
  const { configuration } = options;
  for (let round = 0; round < options.maxRounds; round += 1) {
    const seen = configuration.version();
    const input = configuration.current();
    const full = options.full(await options.batch(input), input);
    // A configuration that arrived during the batch is used at once. At least 1 ms, as sleep() had:
    // condition(fn, 0) would wait without a timer.
    if (!full && configuration.version() === seen) {
      await condition(() => configuration.version() !== seen, Math.max(1, input.intervalMs));
    }
    if (workflowInfo().continueAsNewSuggested) break;
  }
  return configuration.current();
}
