import { ConfigError } from './config';
import type { Logger } from './logger';

/**
 * The end of a service's main() that failed: a configuration error (an invalid setting, or credentials
 * Temporal refused) is its message and exit code 78, as from loadConfigOrExit; anything else its stack
 * and exit code 1.
 */
export function exitOnStartFailure(service: string): (err: unknown) => never {
  return (err) => {
    const configError = err instanceof ConfigError;
    const text = configError ? err.message : ((err as Error).stack ?? String(err));
    process.stderr.write(`${service} failed to start: ${text}\n`);
    process.exit(configError ? 78 : 1);
  };
}

/** What a SIGINT/SIGTERM means given the signals before it (see signalPolicy). */
export type SignalAction = 'drain' | 'ignore' | 'force';

/** Repeated signals within this long of the first are the same request to stop. */
export const REPEAT_SIGNAL_WINDOW_MS = 2_000;

/**
 * The shutdown signal policy: the first signal drains; more within REPEAT_SIGNAL_WINDOW_MS of it are
 * ignored (a signal to the whole process group reaches a process directly and again as forwarded by
 * npm or tsx, and someone pressing Ctrl-C twice means the same); one REPEAT_SIGNAL_WINDOW_MS or more
 * after the first forces the exit. `now` is injectable for tests.
 */
export function signalPolicy(now: () => number = Date.now): () => SignalAction {
  let firstAt: number | undefined;
  return () => {
    const at = now();
    if (firstAt === undefined) {
      firstAt = at;
      return 'drain';
    }
    return at - firstAt >= REPEAT_SIGNAL_WINDOW_MS ? 'force' : 'ignore';
  };
}

/**
 * Runs stop() once on SIGINT/SIGTERM and exits 0 when it finishes, or 1 if it fails or outlasts the
 * grace period. Signals follow signalPolicy: repeats within 2 s are ignored, a signal 2 s or more after
 * the first forces exit 1. The returned function starts the same shutdown for another reason (e.g. the
 * launcher when a server it supervises is gone for good), ending with exitCode.
 */
export function handleShutdown(
  logger: Logger,
  graceMs: number,
  stop: () => Promise<void>,
  now: () => number = Date.now,
): (reason: string, exitCode: number) => void {
  let stopping = false;
  const shutdown = (context: Record<string, unknown>, exitCode: number) => {
    stopping = true;
    logger.info(context, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ graceMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(exitCode);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  const policy = signalPolicy(now);
  const onSignal = (signal: NodeJS.Signals) => {
    const action = policy();
    if (action === 'ignore') {
      logger.info({ signal }, 'repeated signal within 2 s of the first: still draining');
    } else if (action === 'force') {
      logger.warn({ signal }, 'signal 2 s or more after the first: exiting now');
      process.exit(1);
    } else if (stopping) {
      // Already stopping for another reason (the returned function): the signal changes nothing.
      logger.info({ signal }, 'signal while stopping: still draining');
    } else {
      shutdown({ signal }, 0);
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled promise rejection');
    process.exit(1);
  });
  return (reason, exitCode) => {
    if (!stopping) shutdown({ reason }, exitCode);
  };
}
