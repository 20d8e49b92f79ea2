import { Context } from '@temporalio/activity';

/**
 * Runs `work` heartbeating every 2 s, so that an attempt the server lost track of (its worker killed
 * mid-batch, or its completion dropped while the Temporal server was down) is retried at the workflow's
 * heartbeat timeout (seconds) rather than at the activity's start-to-close timeout (minutes).
 */
export async function heartbeating<T>(work: () => Promise<T>): Promise<T> {
  const context = Context.current();
  const beat = setInterval(() => context.heartbeat(), 2000);
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}
