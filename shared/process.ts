import type { Logger } from './logger';

/**
 * Runs stop() once on SIGINT/SIGTERM and exits 0 when it finishes, or 1 if it fails or outlasts the
 * grace period. A second signal forces exit at once.
 */
export function handleShutdown(logger: Logger, graceMs: number, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ graceMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled promise rejection');
    process.exit(1);
  });
}
