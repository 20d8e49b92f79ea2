import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, PROJECT_ROOT, type Config } from '../../shared/config';
import { createDb, type Db } from '../../shared/db/knex';
import { freePort } from '../../shared/http';
import { dropDatabase, ensureDatabase } from '../../shared/db/databases';
import { ensurePostgres } from '../../tooling/postgres';
import { findOrInstallTemporalCli, startTemporalDevServer } from '../../tooling/temporal-server';
import type { Logger } from '../../shared/logger';
import { createTemporal, type TemporalDeps } from '../../shared/temporal/client';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../../shared/temporal/search-attributes';
import { startProcessorSandbox, type ProcessorSandbox } from '../../services/processor-sandbox/sandbox';
import { startGateway } from '../../services/gateway/gateway';
import { installTemporalRuntimeLogger } from '../../services/worker/runtime-logger';
import { startWorker } from '../../services/worker/worker';
import { startWebhookReceiver, type WebhookReceiver } from './receiver';
import { startPayPalStandIn, type PayPalStandIn } from '../../services/processor-sandbox/paypal/server';

/**
 * Scaled-down settings, so that a live fleet's states are reached in seconds: a reward day is a second,
 * the system workflows poll four times a second, a webhook retries twice within half a second and then
 * waits ten minutes, an import applies one row per activity call. The Temporal server suggests
 * continue-as-new at 60 events instead of 4,096 (every single-purpose history stays far below it),
 * so the long-lived workflows reach that state too.
 */
export const RECORDING_ENV = {
  REWARD_DAY_MS: '1000',
  RECONCILE_INTERVAL_MS: '250',
  NOTIFICATION_DISPATCH_INTERVAL_MS: '250',
  WEBHOOK_DISPATCH_INTERVAL_MS: '250',
  IDEMPOTENCY_PRUNE_INTERVAL_MS: '250',
  WEBHOOK_RETRY_SCHEDULE_MS: '0,250,250,600000',
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
  IMPORT_CHUNK_ROWS: '1',
  IMPORT_PARALLEL_CHUNKS: '1',
  IMPORT_ACTIVITY_BUDGET_MS: '1',
  PAYOUT_SCHEDULE_INTERVAL_MS: '250',
  PAYOUT_POLL_INTERVAL_MS: '250',
  MAIL_NOTIFY_INTERVAL_MS: '250',
  MAIL_SCAN_INTERVAL_MS: '250',
} as const;
export const SUGGEST_CONTINUE_AS_NEW_AT = 60;

/** A stack of its own: Temporal dev server, database, processor stand-in, webhook receiver, worker, gateway. */
export interface RecordingStack {
  config: Config;
  /** The gateway's base URL. */
  url: string;
  db: Db;
  temporal: TemporalDeps;
  sandbox: ProcessorSandbox;
  /** PayPal Payouts' stand-in: payout runs send through it. */
  paypal: PayPalStandIn;
  receiver: WebhookReceiver;
  close(): Promise<void>;
}

export async function startRecordingStack(logger: Logger): Promise<RecordingStack> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err: unknown) => logger.warn({ err }));
  };
  try {
    const dataDir = path.join(PROJECT_ROOT, '.data', 'histories');
    fs.mkdirSync(dataDir, { recursive: true });
    const cli = await findOrInstallTemporalCli(path.join(PROJECT_ROOT, '.tools'), logger);
    const temporalServer = await startTemporalDevServer({
      cli,
      dataDir,
      persist: false,
      port: await freePort(),
      namespace: 'default',
      searchAttributes: CUSTOM_SEARCH_ATTRIBUTES,
      logger,
      dynamicConfig: { 'limit.historyCount.suggestContinueAsNew': SUGGEST_CONTINUE_AS_NEW_AT },
    });
    cleanups.push(() => temporalServer.stop());

    const postgres = await ensurePostgres({
      databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      explicit: process.env.DATABASE_URL !== undefined,
      dataDir: path.join(PROJECT_ROOT, '.data'),
      embeddedPort: Number(process.env.EMBEDDED_PG_PORT ?? 5433),
      databaseName: 'postgres',
      logger,
    });
    cleanups.push(() => postgres.stop());
    const databaseUrl = new URL(postgres.url);
    databaseUrl.pathname = `/referral_histories_${Date.now()}_${process.pid}`;
    // An empty database: the gateway migrates it as it starts (MIGRATE_ON_START).
    await ensureDatabase(databaseUrl.toString());
    cleanups.push(() => dropDatabase(databaseUrl.toString()));

    const sandbox = await startProcessorSandbox({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => sandbox.close());
    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());
    const paypal = await startPayPalStandIn({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => paypal.close());
    const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referral-histories-'));
    cleanups.push(async () => fs.rmSync(storageDir, { recursive: true, force: true }));

    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl.toString(),
      TEMPORAL_ADDRESS: temporalServer.address,
      TEMPORAL_TASK_QUEUE: 'histories',
      HOST: '127.0.0.1',
      PORT: '0',
      WORKER_HTTP_PORT: '0',
      SECRET_KEY: 'histories-secret-key-that-is-at-least-32-characters',
      PROCESSOR_BASE_URL: sandbox.url,
      PAYPAL_BASE_URL: paypal.url,
      FILE_STORAGE_DIR: storageDir,
      ...RECORDING_ENV,
    });
    installTemporalRuntimeLogger(logger);
    const gateway = await startGateway(config, logger);
    cleanups.push(() => gateway.close());
    // The worker bundles workflows/ as it is now: the histories are what today's code writes.
    const worker = await startWorker(config, logger);
    cleanups.push(() => worker.close());
    const db = createDb({ url: config.databaseUrl, poolMax: 4 });
    cleanups.push(() => db.destroy());
    const temporal = createTemporal({
      address: config.temporalAddress,
      namespace: config.TEMPORAL_NAMESPACE,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
    });
    cleanups.push(() => temporal.close());
    return {
      config,
      url: `http://127.0.0.1:${gateway.port}`,
      db,
      temporal,
      sandbox,
      paypal,
      receiver,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
