import type { Registry } from 'prom-client';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import type { Logger } from '../logger';
import { registerCacheMetrics } from './cache-metrics';
import {
  startInvalidationListener,
  type InvalidationListener,
  type InvalidationListenerOptions,
} from './invalidation-listener';
import { createDbTenantCache, type TenantCache } from './tenant-cache';

export interface RunningCache {
  cache: TenantCache;
  /** Undefined when caching is off (CACHE_TTL_MS=0). */
  listener: InvalidationListener | undefined;
  close(): Promise<void>;
}

/**
 * A gateway's cache and its invalidation listener (on its own connection to config.databaseUrl). Waits
 * for the first connection attempt, so a gateway that starts healthy serves from memory at once; if that
 * attempt fails the gateway still starts, uncached, and the listener keeps retrying.
 */
export async function startGatewayCache(options: {
  db: Db;
  config: Pick<Config, 'databaseUrl' | 'CACHE_TTL_MS' | 'CACHE_MAX_CODES'>;
  logger: Logger;
  registry?: Registry;
  listener?: Partial<Pick<InvalidationListenerOptions, 'applicationName' | 'backoff' | 'heartbeatMs'>>;
}): Promise<RunningCache> {
  const { config } = options;
  const cache = createDbTenantCache(options.db, {
    ttlMs: config.CACHE_TTL_MS,
    maxCodes: config.CACHE_MAX_CODES,
  });
  if (options.registry) registerCacheMetrics(options.registry, cache);
  const listener =
    config.CACHE_TTL_MS > 0
      ? startInvalidationListener({
          connectionString: config.databaseUrl,
          cache,
          logger: options.logger,
          ...options.listener,
        })
      : undefined;
  await listener?.started;
  return { cache, listener, close: async () => listener?.close() };
}
