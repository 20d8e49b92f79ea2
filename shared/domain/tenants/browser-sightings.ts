import type { DbOrTrx } from '../../db/knex';
import type { Logger } from '../../logger';
import { normaliseOrigin } from './origins';
import {
  createBrowserSightingsRepo,
  MAX_REFUSED_ORIGINS_PER_TENANT,
  type RefusedOriginCount,
} from '../../repos/browser-sightings.repo';

/**
 * What the gateway sees of a tenant's browser integration, counted in memory and written in batches like
 * share-link clicks (a request never waits for a write, a flood never writes per request): origins whose
 * calls CORS refused (for the Install page: "add it to allowedOrigins") and the tenant's first browser
 * call ("browser library added"). Bounded: at most MAX_PENDING_TENANTS tenants and
 * MAX_REFUSED_ORIGINS_PER_TENANT origins each wait for a flush; the rest is dropped, as a refusal is a
 * hint, not a record.
 */
export const MAX_PENDING_TENANTS = 10_000;

export interface BrowserSightings {
  /** A browser call or preflight from `origin` that the tenant's allowedOrigins refused. */
  refused(tenantId: string, origin: string, atMs: number): void;
  /** A call from a page (a user-JWT call with an Origin, or the library's settings fetch). */
  seen(tenantId: string, atMs: number): void;
  /** Writes what was counted so far; never throws (a failure keeps the counts for the next flush). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

export function startBrowserSightings(options: {
  db: DbOrTrx;
  flushMs: number;
  logger: Logger;
}): BrowserSightings {
  const repo = createBrowserSightingsRepo(options.db);
  let refusals = new Map<string, Map<string, RefusedOriginCount>>();
  let firstCalls = new Map<string, Date>();
  /** Tenants whose first call is already stored: nothing more to write for them on this gateway. */
  const stored = new Set<string>();
  let flushing: Promise<void> | undefined;

  const addRefusal = (count: RefusedOriginCount) => {
    let origins = refusals.get(count.tenantId);
    if (!origins) {
      if (refusals.size >= MAX_PENDING_TENANTS) return;
      origins = new Map();
      refusals.set(count.tenantId, origins);
    }
    const current = origins.get(count.origin);
    if (current) {
      current.requests += count.requests;
      if (count.lastSeenAt > current.lastSeenAt) current.lastSeenAt = count.lastSeenAt;
    } else if (origins.size < MAX_REFUSED_ORIGINS_PER_TENANT) {
      origins.set(count.origin, count);
    }
  };

  async function write(): Promise<void> {
    const batch = [...refusals.values()].flatMap((origins) => [...origins.values()]);
    const calls = [...firstCalls].map(([tenantId, at]) => ({ tenantId, at }));
    refusals = new Map();
    firstCalls = new Map();
    try {
      await repo.addRefusals(batch);
    } catch (err) {
      batch.forEach(addRefusal);
      options.logger.warn({ err, origins: batch.length }, 'refused browser origins not written; kept');
    }
    try {
      await repo.addFirstCalls(calls);
      for (const { tenantId } of calls) if (stored.size < MAX_PENDING_TENANTS) stored.add(tenantId);
    } catch (err) {
      for (const { tenantId, at } of calls) if (!firstCalls.has(tenantId)) firstCalls.set(tenantId, at);
      options.logger.warn({ err, tenants: calls.length }, 'first browser calls not written; kept');
    }
  }

  const flush = () => {
    flushing ??= write().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };
  const timer = setInterval(() => void flush(), options.flushMs);
  timer.unref();

  return {
    refused(tenantId, origin, atMs) {
      // Only what a browser sends (an http(s) origin), in the form allowedOrigins stores.
      const normalised = origin.length <= 300 ? normaliseOrigin(origin) : null;
      if (normalised === null) return;
      const at = new Date(atMs);
      addRefusal({ tenantId, origin: normalised, firstSeenAt: at, lastSeenAt: at, requests: 1 });
    },
    seen(tenantId, atMs) {
      if (stored.has(tenantId) || firstCalls.has(tenantId)) return;
      if (firstCalls.size < MAX_PENDING_TENANTS) firstCalls.set(tenantId, new Date(atMs));
    },
    flush,
    async close() {
      clearInterval(timer);
      await flushing;
      await flush();
    },
  };
}
