import crypto from 'node:crypto';
import type { InvalidationListener } from '../../shared/cache/invalidation-listener';
import { loadConfig, type Config } from '../../shared/config';
import { createDb, type Db } from '../../shared/db/knex';
import { createTenant, type IssuedKey } from '../../shared/domain/tenants/tenants';
import { closeServer, listen } from '../../shared/http';
import { createLogger } from '../../shared/logger';
import type { Tracing } from '../../shared/tracing/tracing';
import { createMetrics } from '../../shared/metrics';
import { createApp } from '../../services/gateway/app';
import { buildGatewayDeps } from '../../services/gateway/gateway-deps';
import { readClientBundles, type ClientBundles } from '../../services/gateway/client-bundles';
import { createGatewayServer } from '../../services/gateway/http-server';
import type { GatewayDeps } from '../../services/gateway/context';
import { installTemporalRuntimeLogger } from '../../services/worker/runtime-logger';
import { startWorker, type RunningWorker } from '../../services/worker/worker';
import { eventually } from './wait';

export { eventually };

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
    // The test process stands where a load balancer would: its X-Forwarded-For gives a request the
    // client address a test wants (each portal test its own, so no test's failed sign-ins throttle another's).
    TRUSTED_PROXIES: 'loopback',
    ...env,
  });
}

export interface TestGateway {
  url: string;
  deps: GatewayDeps;
  /** The gateway's HTTP server, for tests that look at its sockets. */
  server: import('node:http').Server;
  /** The gateway's LISTEN connection for cache invalidations (undefined with CACHE_TTL_MS=0). */
  cacheListener: InvalidationListener | undefined;
  /** Base URL of a tenant's API: {url}/api/v1/{alias}. */
  api(alias: string): string;
  close(): Promise<void>;
}

let clientBundles: ClientBundles | undefined;

/** The browser library and admin portal global setup bundled once (read once per test file). */
export function testClientBundles(): ClientBundles {
  clientBundles ??= readClientBundles(process.env.TEST_CLIENT_BUNDLES!);
  return clientBundles;
}

/**
 * The real gateway app on port 0 (or `port`, e.g. one its PUBLIC_URL names: the admin portal's
 * sign-in checks a browser's Origin against it), backed by the suite's PostgreSQL and Temporal.
 */
export async function startTestGateway(
  options: { config?: Config; db?: Db; now?: () => number; port?: number } = {},
): Promise<TestGateway> {
  const config = options.config ?? testConfig();
  const db = options.db ?? createDb({ url: config.databaseUrl, poolMax: 5 });
  const metrics = createMetrics({ collectDefaults: false });
  // The same wiring as startGateway's (services/gateway/gateway-deps.ts).
  const runtime = await buildGatewayDeps({
    config,
    db,
    logger: testLogger,
    metrics,
    now: options.now,
    clientBundles: testClientBundles(),
  });
  const { deps } = runtime;
  // The production server settings: timeouts and the connection cap (services/gateway/http-server.ts).
  const { server, serve } = createGatewayServer(config, metrics.registry);
  serve(createApp(deps).callback());
  const port = await listen(server, options.port ?? 0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    deps,
    server,
    cacheListener: runtime.cacheListener,
    api: (alias) => `${url}/api/v1/${alias}`,
    async close() {
      await closeServer(server);
      await runtime.close();
    },
  };
}

/** A worker on the config's (unique) task queue, loading the bundle global setup built. */
export function startTestWorker(
  config: Config,
  options: {
    reconciler?: boolean;
    keyPruner?: boolean;
    webhookDispatcher?: boolean;
    mailNotifier?: boolean;
    tracing?: Tracing;
  } = {},
): Promise<RunningWorker> {
  installTemporalRuntimeLogger(testLogger);
  return startWorker(config, testLogger, {
    workflowBundle: { codePath: process.env.TEST_WORKFLOW_BUNDLE! },
    tracing: options.tracing,
    // Test files share one database; only a test that is about a system workflow runs it.
    reconciler: options.reconciler ?? false,
    keyPruner: options.keyPruner ?? false,
    webhookDispatcher: options.webhookDispatcher ?? false,
    mailNotifier: options.mailNotifier ?? false,
    // The processes the launcher, production-build and fault tests start run workflows on threads, as
    // production does; these in-process workers save a thread start per Worker.
    workflowsOnMainThread: true,
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

/**
 * Waits until each tenant's key has had its first use from an address recorded (the audit's
 * apiKey.new_address, written after the answer): tests that count database queries start after it.
 */
export async function keyUsesRecorded(db: Db, aliases: string[]): Promise<void> {
  await eventually('first key uses recorded', async () => {
    const rows = await db('api_key_addresses as a')
      .join('api_keys as k', 'k.id', 'a.key_id')
      .join('tenants as t', 't.id', 'k.tenant_id')
      .whereIn('t.alias', aliases)
      .distinct('t.alias');
    return rows.length === aliases.length;
  });
}
