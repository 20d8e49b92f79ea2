import http from 'node:http';
import { startGatewayCache } from '../../shared/cache/gateway-cache';
import { createUsedKeysCache, USED_KEYS_CACHE_ENTRIES } from '../../shared/cache/used-keys-cache';
import { createLocalFileStorage } from '../../shared/storage/file-storage';
import type { Config } from '../../shared/config';
import { createDb, migrateLatest } from '../../shared/db/knex';
import { closeServer, listen } from '../../shared/http';
import type { Logger } from '../../shared/logger';
import { createMetrics, type Metrics } from '../../shared/metrics';
import { createTemporal } from '../../shared/temporal/client';
import { secretBoxFor } from '../../shared/crypto/secret-box';
import { createBraintreeProcessor } from '../../shared/processors/braintree.processor';
import { createApp } from './app';
import { createNotificationDispatcher } from './notification-dispatcher';

export interface RunningGateway {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Connects, migrates (unless disabled), and serves the API until close(). */
export async function startGateway(
  config: Config,
  logger: Logger,
  options: { metrics?: Metrics; now?: () => number } = {},
): Promise<RunningGateway> {
  const db = createDb({
    url: config.databaseUrl,
    poolMax: config.DATABASE_POOL_MAX,
    applicationName: 'gateway',
  });
  if (config.MIGRATE_ON_START) {
    const applied = await migrateLatest(db);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  }
  const temporal = createTemporal({
    address: config.temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
  });
  const metrics = options.metrics ?? createMetrics();
  const cache = await startGatewayCache({ db, config, logger, registry: metrics.registry });
  const server = http.createServer();
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  const port = await listen(server, config.PORT, config.HOST);
  const publicUrl = config.PUBLIC_URL ? config.publicUrl : `http://localhost:${port}`;
  const notifications = createNotificationDispatcher({
    db,
    temporal,
    metrics,
    logger,
    concurrency: config.NOTIFICATION_DISPATCH_CONCURRENCY,
  });
  const app = createApp({
    config: { ...config, publicUrl },
    db,
    temporal,
    logger,
    metrics,
    cache: cache.cache,
    usedKeys: createUsedKeysCache({ maxEntries: USED_KEYS_CACHE_ENTRIES }),
    storage: createLocalFileStorage(config.fileStorageDir),
    secretBox: secretBoxFor(config.SECRET_KEY),
    processors: createBraintreeProcessor,
    notifications,
    now: options.now ?? Date.now,
  });
  server.on('request', app.callback());
  logger.info({ port }, 'gateway listening');
  return {
    port,
    url: `http://localhost:${port}`,
    async close() {
      await closeServer(server);
      // Stored notifications not started by now are started by the worker's dispatcher.
      await Promise.race([notifications.drain(), new Promise((r) => setTimeout(r, 5000).unref())]);
      await cache.close();
      await Promise.allSettled([db.destroy(), temporal.connection.close()]);
    },
  };
}
