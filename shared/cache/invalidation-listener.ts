import { Client } from 'pg';
import type { Logger } from '../logger';
import { CACHE_INVALIDATION_CHANNEL, parseInvalidation } from '../db/notify';
import type { TenantCache } from './tenant-cache';

export const LISTENER_APPLICATION_NAME = 'gateway-cache-listener';

export interface ListenerStatus {
  connected: boolean;
  /** PostgreSQL backend pid of the LISTEN connection while connected. */
  backendPid: number | undefined;
  /** Successful connections (1 after start, +1 per reconnection). */
  connects: number;
  /** Connections lost (errors, terminations, failed heartbeats). */
  losses: number;
}

export interface InvalidationListener {
  /** Settles after the first connection attempt, whatever its outcome (later ones retry on their own). */
  readonly started: Promise<void>;
  status(): ListenerStatus;
  close(): Promise<void>;
}

export interface InvalidationListenerOptions {
  connectionString: string;
  cache: Pick<TenantCache, 'invalidate' | 'invalidateAll' | 'setEnabled'>;
  logger: Logger;
  applicationName?: string;
  /** Reconnection delay: doubles from initialMs up to maxMs, with jitter. */
  backoff?: { initialMs: number; maxMs: number };
  /** A `select 1` this often finds a connection that died without a word (half-open TCP). */
  heartbeatMs?: number;
}

/**
 * One dedicated connection that LISTENs for cache invalidations and applies them to the cache. The cache
 * is enabled only while this connection is LISTENing: on any error or disconnect it is dropped and
 * bypassed (every lookup reads PostgreSQL) until a reconnection, with backoff, is LISTENing again.
 */
export function startInvalidationListener(options: InvalidationListenerOptions): InvalidationListener {
  const { cache, logger } = options;
  const backoff = options.backoff ?? { initialMs: 100, maxMs: 10_000 };
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  let current: Client | undefined;
  let backendPid: number | undefined;
  let connected = false;
  let closed = false;
  let failures = 0;
  let connects = 0;
  let losses = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;

  function onNotification(payload: string | undefined) {
    const invalidation = parseInvalidation(payload);
    if (invalidation) cache.invalidate(invalidation.tenantId, invalidation.scope);
    else cache.invalidateAll();
  }

  function lose(client: Client, err?: Error) {
    if (client !== current) return;
    current = undefined;
    const wasConnected = connected;
    connected = false;
    backendPid = undefined;
    clearInterval(heartbeatTimer);
    cache.setEnabled(false);
    client.end().catch(() => undefined);
    if (closed) return;
    if (wasConnected) losses += 1;
    const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** failures) * (0.5 + Math.random() / 2);
    failures += 1;
    logger.warn(
      { err: err?.message, retryInMs: Math.round(delay) },
      wasConnected ? 'cache listener lost; serving uncached' : 'cache listener could not connect',
    );
    retryTimer = setTimeout(() => void connect(), delay);
    retryTimer.unref();
  }

  function heartbeat(client: Client) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('heartbeat timed out')), 5000);
      timer.unref();
    });
    void Promise.race([client.query('select 1'), timeout])
      .catch((err: Error) => lose(client, err))
      .finally(() => clearTimeout(timer));
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const client = new Client({
      connectionString: options.connectionString,
      application_name: options.applicationName ?? LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    current = client;
    client.on('error', (err) => lose(client, err));
    client.on('end', () => lose(client, new Error('connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel === CACHE_INVALIDATION_CHANNEL) onNotification(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CACHE_INVALIDATION_CHANNEL}`);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      if (client !== current) return; // lost (or closed) meanwhile
      // Enabling drops whatever was cached before: changes made while nobody listened are not missed.
      cache.setEnabled(true);
      connected = true;
      backendPid = rows[0]?.pid;
      connects += 1;
      failures = 0;
      heartbeatTimer = setInterval(() => heartbeat(client), heartbeatMs);
      heartbeatTimer.unref();
      logger.info({ backendPid }, 'cache listener connected; caching');
    } catch (err) {
      lose(client, err as Error);
    }
  }

  const started = connect();
  return {
    started,
    status: () => ({ connected, backendPid, connects, losses }),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeatTimer);
      cache.setEnabled(false);
      const client = current;
      current = undefined;
      connected = false;
      await client?.end().catch(() => undefined);
    },
  };
}
