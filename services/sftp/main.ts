import { loadConfigOrExit } from '../../shared/config';
import { createLogger } from '../../shared/logger';
import { exitOnStartFailure, handleShutdown } from '../../shared/process';
import { startSftpServer } from './server';

/** `npm run start:sftp`: the SFTP server alone (a deployment's `sftp` service; `npm start` runs one too). */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'sftp' });
  const sftp = await startSftpServer(config, logger);
  handleShutdown(logger, config.SHUTDOWN_GRACE_MS, () => sftp.close());
  process.stdout.write(
    `${JSON.stringify({ event: 'sftp-ready', host: sftp.host, port: sftp.port, hostKeyFingerprint: sftp.hostKeyFingerprint })}\n`,
  );
}

main().catch(exitOnStartFailure('sftp'));
