import { loadConfigOrExit } from '../../shared/config';
import { createLogger } from '../../shared/logger';
import { exitOnStartFailure, handleShutdown } from '../../shared/process';
import { startGateway } from './gateway';

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'gateway' });
  const gateway = await startGateway(config, logger);
  handleShutdown(logger, config.SHUTDOWN_GRACE_MS, () => gateway.close());
}

main().catch(exitOnStartFailure('gateway'));
