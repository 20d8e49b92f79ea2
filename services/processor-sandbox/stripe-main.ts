import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/config';
import { createLogger } from '../../shared/logger';
import { handleShutdown } from '../../shared/process';
import { startLocalstripe } from '../../tooling/localstripe';
import { startStripeFront } from './stripe/front';
import { stripeFrontUsage } from './stripe/usage';

/**
 * `npm run start:stripe-sandbox`: localstripe (installed into .tools/ on first use) on a free port and the
 * Stripe front on STRIPE_SANDBOX_PORT (default 4011), which the official library and the service talk to.
 */
async function main() {
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'info', name: 'stripe-sandbox' });
  const rawPort = process.env.STRIPE_SANDBOX_PORT ?? '4011';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535)
    throw new Error(`STRIPE_SANDBOX_PORT is not a port: ${rawPort}`);
  const localstripe = await startLocalstripe({ toolsDir: path.join(PROJECT_ROOT, '.tools'), logger });
  const front = await startStripeFront({
    localstripeUrl: localstripe.url,
    port,
    host: process.env.STRIPE_SANDBOX_HOST ?? '127.0.0.1',
    onCall: (call) =>
      logger.info(
        { method: call.method, path: call.path, status: call.status, replayed: call.replayed },
        'api call',
      ),
    onDelivery: (d) =>
      logger.info(
        { event: d.event, type: d.type, url: d.url, status: d.attempts.at(-1)?.status },
        'delivery',
      ),
  }).catch(async (err: unknown) => {
    await localstripe.close();
    throw err;
  });
  logger.info({ url: front.url, localstripe: localstripe.url }, 'Stripe stand-in listening');
  process.stdout.write(`\n${stripeFrontUsage(front.url)}\n`);
  handleShutdown(logger, 5_000, async () => {
    await front.close();
    await localstripe.close();
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`Stripe stand-in failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
