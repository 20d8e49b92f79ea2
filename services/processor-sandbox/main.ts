import { createLogger } from '../../shared/logger';
import { handleShutdown } from '../../shared/process';
import { sandboxUsage, startProcessorSandbox } from './sandbox';

/** `npm run start:processor-sandbox`: the Braintree stand-in on PROCESSOR_SANDBOX_PORT (default 4010). */
async function main() {
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'info', name: 'processor-sandbox' });
  const rawPort = process.env.PROCESSOR_SANDBOX_PORT ?? '4010';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535)
    throw new Error(`PROCESSOR_SANDBOX_PORT is not a port: ${rawPort}`);
  const sandbox = await startProcessorSandbox({
    port,
    host: process.env.PROCESSOR_SANDBOX_HOST ?? '127.0.0.1',
    onCall: (call) =>
      logger.info(
        { method: call.method, path: call.path, status: call.status, fault: call.fault },
        'gateway call',
      ),
  });
  logger.info({ url: sandbox.url }, 'processor sandbox listening');
  process.stdout.write(`\n${sandboxUsage(sandbox.url)}\n`);
  handleShutdown(logger, 5_000, () => sandbox.close());
}

main().catch((err: unknown) => {
  process.stderr.write(`processor sandbox failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
