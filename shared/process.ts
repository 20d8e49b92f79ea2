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

/**
 * Runs stop() once on SIGINT/SIGTERM and exits 0 when it finishes, or 1 if it fails or outlasts the
 * grace period. A second signal forces exit at once. The returned function starts the same shutdown for
 * another reason (e.g. the launcher when a server it supervises is gone for good), ending with exitCode.
 */
export function handleShutdown(
  logger: Logger,
  graceMs: number,
  stop: () => Promise<void>,
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
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    shutdown({ signal }, 0);
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
