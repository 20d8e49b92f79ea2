import type { WorkerOptions } from '@temporalio/worker';
import { loadConfigOrExit } from '../../shared/config';
import { startTracingFromConfig } from '../../shared/tracing/tracing';
import { createLogger } from '../../shared/logger';
import { handleShutdown } from '../../shared/process';
import { installTemporalRuntimeLogger } from './runtime-logger';
import { startWorker } from './worker';

/**
 * The worker process: configuration, logging, tracing, the worker and its graceful shutdown. main.ts runs
 * it with the workflow bundle chosen at start (prebuilt, else bundled); tests that start and kill worker
 * processes pass the bundle their global setup built (test/helpers/worker-main.ts), because webpack at
 * every start costs 10-20 s of a shared core. Everything else is the production worker.
 */
export async function runWorkerProcess(options: Pick<WorkerOptions, 'workflowBundle'> = {}): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'worker' });
  installTemporalRuntimeLogger(logger);
  const tracing = startTracingFromConfig(config, 'worker');
  const worker = await startWorker(config, logger, { ...options, tracing });
  handleShutdown(logger, config.SHUTDOWN_GRACE_MS, async () => {
    await worker.close();
    await tracing?.shutdown();
  });
  // A worker whose polling dies on its own must not linger as a healthy-looking process.
  worker.done.catch((err: unknown) => {
    logger.fatal({ err }, 'worker failed');
    process.exit(1);
  });
}
