import { loadConfigOrExit } from '../../shared/config';
import { startTracingFromConfig } from '../../shared/infra/tracing';
import { createLogger } from '../../shared/logger';
import { exitOnStartFailure, handleShutdown } from '../../shared/process';
import { installTemporalRuntimeLogger } from './runtime-logger';
import { startWorker } from './worker';

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'worker' });
  installTemporalRuntimeLogger(logger);
  const tracing = startTracingFromConfig(config, 'worker');
  const worker = await startWorker(config, logger, { tracing });
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

main().catch(exitOnStartFailure('worker'));
