import { startGatewayCache } from '../../shared/cache/gateway-cache';
import type { InvalidationListener } from '../../shared/cache/invalidation-listener';
import { createUsedKeysCache, USED_KEYS_CACHE_ENTRIES } from '../../shared/cache/used-keys-cache';
import type { ClientInterceptors } from '@temporalio/client';
import type { Config } from '../../shared/config';
import { secretBoxFor } from '../../shared/crypto/secret-box';
import type { Db } from '../../shared/db/knex';
import { startShareLinkClicks } from '../../shared/domain/referrals/share-link-clicks';
import { startBrowserSightings } from '../../shared/domain/tenants/browser-sightings';
import type { Logger } from '../../shared/logger';
import type { Metrics } from '../../shared/metrics';
import { createBraintreeProcessor } from '../../shared/processors/braintree.processor';
import { createCouponBilling } from '../../shared/processors/coupon-billing-registry';
import { createPayoutDeps } from '../../shared/use-cases/payout-deps';
import { createLocalFileStorage } from '../../shared/storage/file-storage';
import { checkTemporalTls } from '../../shared/temporal/connection-check';
import { connectTemporal } from '../../shared/temporal/connection';
import { loadClientBundles, type ClientBundles } from './client-bundles';
import type { GatewayDeps } from './context';
import { createTenantRateLimiter } from './middleware/rate-limit';
import { createReadinessCheck } from './readiness';
import { createNotificationDispatcher } from '../../shared/use-cases/notification-dispatch';
import { createMailDeps } from '../../shared/use-cases/notification-mail';

export interface GatewayRuntime {
  deps: GatewayDeps;
  /** The LISTEN connection for cache invalidations (undefined with CACHE_TTL_MS=0). */
  cacheListener: InvalidationListener | undefined;
  /**
   * Drains started notifications (at most drainMs) and writes the share-link clicks counted so far, then
   * closes the cache, Temporal and the database.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/**
 * Everything a gateway's app runs on, built from its configuration and database: the one wiring used by
 * `startGateway` (services/gateway/gateway.ts) and by the tests' gateway (test/helpers/harness.ts).
 */
export async function buildGatewayDeps(options: {
  config: Config;
  db: Db;
  logger: Logger;
  metrics: Metrics;
  now?: () => number;
  /** Tracing's Temporal client interceptors (shared/temporal/tracing.ts), when it is on. */
  temporalInterceptors?: ClientInterceptors;
  /** Bundles already at hand (the test suite builds them once for all its gateways); default loadClientBundles(). */
  clientBundles?: ClientBundles;
}): Promise<GatewayRuntime> {
  const { config, db, logger, metrics } = options;
  // The browser library and the admin portal (prebuilt, or bundled now from source once per process)
  // while Temporal is asked whether it takes our TLS certificates (a refusal stops the start).
  const [clients] = await Promise.all([
    options.clientBundles ?? loadClientBundles(),
    checkTemporalTls(config, logger),
  ]);
  logger.info({ clientBundles: clients.source }, 'browser library and admin portal loaded');
  const temporal = connectTemporal(config, { interceptors: options.temporalInterceptors });
  const cache = await startGatewayCache({ db, config, logger, registry: metrics.registry });
  const notifications = createNotificationDispatcher({
    db,
    temporal,
    metrics,
    logger,
    concurrency: config.NOTIFICATION_DISPATCH_CONCURRENCY,
  });
  const clicks = startShareLinkClicks({ db, flushMs: config.CLICK_FLUSH_MS, logger });
  const browserSightings = startBrowserSightings({ db, flushMs: config.CLICK_FLUSH_MS, logger });
  const deps: GatewayDeps = {
    config,
    db,
    temporal,
    logger,
    metrics,
    cache: cache.cache,
    usedKeys: createUsedKeysCache({ maxEntries: USED_KEYS_CACHE_ENTRIES }),
    storage: createLocalFileStorage(config.fileStorageDir),
    secretBox: secretBoxFor(config.SECRET_KEY),
    processors: createBraintreeProcessor,
    billing: createCouponBilling,
    billingOptions: {
      baseUrl: config.STRIPE_BASE_URL,
      timeoutMs: config.PROCESSOR_TIMEOUT_MS,
      signatureToleranceSeconds: config.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    },
    payouts: createPayoutDeps(db, config),
    clicks,
    notifications,
    browserLibrary: clients.browserLibrary,
    adminPortal: clients.adminPortal,
    rateLimiter: createTenantRateLimiter({ config, metrics }),
    readiness: createReadinessCheck({ db, temporal, logger }),
    now: options.now ?? Date.now,
    mail: createMailDeps(db, config),
    // Browser integration.
    browserSightings,
  };
  return {
    deps,
    cacheListener: cache.listener,
    async close({ drainMs } = {}) {
      // Stored notifications not started by now are started by the worker's dispatcher.
      const drained = notifications.drain();
      await (drainMs === undefined
        ? drained
        : Promise.race([drained, new Promise((r) => setTimeout(r, drainMs).unref())]));
      await clicks.close();
      await browserSightings.close();
      await cache.close();
      deps.mail.transport?.close();
      await Promise.allSettled([db.destroy(), temporal.close()]);
    },
  };
}
