import { ApplicationFailure } from '@temporalio/common';
import { UnreadableFileError } from './records';

/**
 * Why a failure will happen again on every attempt with the same file (so retrying cannot help), or
 * undefined for a failure that may pass (a lost connection, a worker killed): a record the file cannot
 * go past, a row that exhausts the stack or a string's size, a value PostgreSQL refuses (SQLSTATE
 * class 22, data exception, or 54, program limit exceeded).
 */
export function deterministicFailure(err: unknown): string | undefined {
  if (err instanceof UnreadableFileError) return err.message;
  if (err instanceof RangeError && /call stack|Invalid (string|array) length/.test(err.message)) {
    return 'a row of the file is too large or too deeply nested to process';
  }
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code)) {
    return `the database cannot store a value of the file (SQLSTATE ${code})`;
  }
  return undefined;
}

/**
 * An activity whose deterministic failures are non-retryable ApplicationFailures carrying a readable
 * reason: the workflow ends the job FAILED with it at once, instead of Temporal retrying for ever.
 */
export function deterministicFailuresFinal<I, O>(
  activity: (input: I) => Promise<O>,
): (input: I) => Promise<O> {
  return async (input) => {
    try {
      return await activity(input);
    } catch (err) {
      const reason = deterministicFailure(err);
      if (reason === undefined) throw err;
      throw ApplicationFailure.create({
        type: 'ImportFileError',
        message: reason,
        nonRetryable: true,
        cause: err instanceof Error ? err : undefined,
      });
    }
  };
}
