import { loadConfigOrExit } from '../../shared/config';
import { startTracingFromConfig } from '../../shared/infra/tracing';
import { createLogger } from '../../shared/logger';
import { handleShutdown } from '../../shared/process';
import { installTemporalRuntimeLogger } from '../../services/worker/runtime-logger';
import { startWorker } from '../../services/worker/worker';

/**
 * services/worker/main.ts with the workflow bundle global setup built (TEST_WORKFLOW_BUNDLE), for tests
 * that run several worker processes at once: each would otherwise run webpack at start, which on two
 * shared cores takes longer than the rest of such a test. Everything else is the production worker,
 * including the system workflows it starts.
 */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'worker' });
  installTemporalRuntimeLogger(logger);
  const tracing = startTracingFromConfig(config, 'worker');
  const worker = await startWorker(config, logger, {
    workflowBundle: { codePath: process.env.TEST_WORKFLOW_BUNDLE! },
    tracing,
  });
  handleShutdown(logger, config.SHUTDOWN_GRACE_MS, async () => {
    await worker.close();
    await tracing?.shutdown();
  });
  worker.done.catch((err: unknown) => {
    logger.fatal({ err }, 'worker failed');
    process.exit(1);
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`worker failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
