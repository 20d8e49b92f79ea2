import { loadConfigOrExit } from '../../shared/config';
import { startTracingFromConfig } from '../../shared/tracing/tracing';
import { createLogger } from '../../shared/logger';
import { exitOnStartFailure, handleShutdown } from '../../shared/process';
import type * as Gateway from './gateway';

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'gateway' });
  // Tracing first: its HTTP and Koa instrumentations patch those modules as they are required, so the
  // gateway (Koa, @koa/router, the routes) is loaded only after it.
  const tracing = startTracingFromConfig(config, 'gateway');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startGateway } = require('./gateway') as typeof Gateway;
  const gateway = await startGateway(config, logger, { tracing });
  handleShutdown(logger, config.SHUTDOWN_GRACE_MS, async () => {
    await gateway.close();
    await tracing?.shutdown();
  });
}

main().catch(exitOnStartFailure('gateway'));
