import crypto from 'node:crypto';
import http from 'node:http';
import { startGatewayCache } from '../../shared/cache/gateway-cache';
import { createUsedKeysCache, USED_KEYS_CACHE_ENTRIES } from '../../shared/cache/used-keys-cache';
import { createLocalFileStorage } from '../../shared/storage/file-storage';
import type { InvalidationListener } from '../../shared/cache/invalidation-listener';
import { loadConfig, type Config } from '../../shared/config';
import { createDb, type Db } from '../../shared/db/knex';
import { createTenant, type IssuedKey } from '../../shared/domain/tenants';
import { closeServer, listen } from '../../shared/http';
import { createLogger } from '../../shared/logger';
import { createMetrics } from '../../shared/metrics';
import { createTemporal } from '../../shared/temporal/client';
import { createApp } from '../../services/gateway/app';
import { createNotificationDispatcher } from '../../services/gateway/notification-dispatcher';
import { secretBoxFor } from '../../shared/crypto/secret-box';
import { createBraintreeProcessor } from '../../shared/processors/braintree.processor';
import type { GatewayDeps } from '../../services/gateway/context';
import { installTemporalRuntimeLogger } from '../../services/worker/runtime-logger';
import { startWorker, type RunningWorker } from '../../services/worker/worker';

export const testLogger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', name: 'test' });

/** Config pointing at the suite's database and Temporal server, with a task queue of its own. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.TEST_DATABASE_URL!,
    TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS!,
    TEMPORAL_TASK_QUEUE: `test-${crypto.randomUUID()}`,
    PORT: '0',
    WORKER_HTTP_PORT: '0',
    HOST: '127.0.0.1',
    SECRET_KEY: 'test-secret-key-that-is-at-least-32-characters',
    PROCESSOR_TIMEOUT_MS: '2000',
    // Test files share one database, so each gateway starts its own notifications' workflows (a worker's
    // dispatcher would take other files' too); processor-dispatch.test.ts covers the dispatcher.
    NOTIFICATION_DISPATCH_CONCURRENCY: '4',
    ...env,
  });
}

export interface TestGateway {
  url: string;
  deps: GatewayDeps;
  /** The gateway's LISTEN connection for cache invalidations (undefined with CACHE_TTL_MS=0). */
  cacheListener: InvalidationListener | undefined;
  /** Base URL of a tenant's API: {url}/api/v1/{alias}. */
  api(alias: string): string;
  close(): Promise<void>;
}

/** The real gateway app on port 0, backed by the suite's PostgreSQL and Temporal. */
export async function startTestGateway(
  options: { config?: Config; db?: Db; now?: () => number } = {},
): Promise<TestGateway> {
  const config = options.config ?? testConfig();
  const db = options.db ?? createDb({ url: config.databaseUrl, poolMax: 5 });
  const temporal = createTemporal({
    address: config.temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
  });
  const metrics = createMetrics({ collectDefaults: false });
  // The listener connects to config.databaseUrl, which may differ from an injected db's.
  const cache = await startGatewayCache({ db, config, logger: testLogger, registry: metrics.registry });
  const deps: GatewayDeps = {
    config,
    db,
    temporal,
    logger: testLogger,
    metrics,
    cache: cache.cache,
    usedKeys: createUsedKeysCache({ maxEntries: USED_KEYS_CACHE_ENTRIES }),
    storage: createLocalFileStorage(config.fileStorageDir),
    secretBox: secretBoxFor(config.SECRET_KEY),
    processors: createBraintreeProcessor,
    notifications: createNotificationDispatcher({
      db,
      temporal,
      metrics,
      logger: testLogger,
      concurrency: config.NOTIFICATION_DISPATCH_CONCURRENCY,
    }),
    now: options.now ?? Date.now,
  };
  const server = http.createServer(createApp(deps).callback());
  const port = await listen(server, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    deps,
    cacheListener: cache.listener,
    api: (alias) => `${url}/api/v1/${alias}`,
    async close() {
      await closeServer(server);
      await deps.notifications.drain();
      await cache.close();
      await Promise.allSettled([db.destroy(), temporal.connection.close()]);
    },
  };
}

/** A worker on the config's (unique) task queue, loading the bundle global setup built. */
export function startTestWorker(
  config: Config,
  options: { reconciler?: boolean; keyPruner?: boolean } = {},
): Promise<RunningWorker> {
  installTemporalRuntimeLogger(testLogger);
  return startWorker(config, testLogger, {
    workflowBundle: { codePath: process.env.TEST_WORKFLOW_BUNDLE! },
    // Test files share one database; only a test that is about a system workflow runs it.
    reconciler: options.reconciler ?? false,
    keyPruner: options.keyPruner ?? false,
  });
}

export function uniqueAlias(prefix = 't'): string {
  return `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
}

export async function createTestTenant(db: Db, prefix?: string): Promise<IssuedKey> {
  return createTenant(db, { alias: uniqueAlias(prefix) });
}

export function basic(user: string, password = ''): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json: json as Record<string, any> };
}

/** Polls until check() holds: a change reaches a gateway's cache when its notification does. */
export async function eventually(what: string, check: () => Promise<boolean>, attempts = 200): Promise<void> {
  for (let i = 0; i < attempts; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never became true: ${what}`);
}
