import { IDEMPOTENCY_RETENTION_MS } from '../idempotency';
import { createLruCache } from './lru-cache';

/**
 * Idempotency keys this process has seen used, with the events of their first receipt. A key that is
 * live stays live until its window ends (it is only replaced after expiry, and pruned an hour later), so
 * "used, with these ids, until receivedAt + 24 h" is a fact no other gateway can make untrue: a replay
 * found here is answered without the database. Nothing else is cached; a miss asks the database.
 */
export interface UsedKeysCache {
  /** The event ids of a key still live at nowMs, if known. */
  find(tenantId: string, key: string, nowMs: number): string[] | undefined;
  remember(tenantId: string, key: string, receivedAtMs: number, eventIds: string[]): void;
}

/** About 20 MB at most: enough for every replay a client storm sends within minutes. */
export const USED_KEYS_CACHE_ENTRIES = 100_000;

interface UsedKey {
  receivedAtMs: number;
  eventIds: string[];
}

export function createUsedKeysCache(options: { maxEntries: number }): UsedKeysCache {
  // The TTL only bounds memory; whether a key is live is decided by its receipt and the caller's clock.
  const entries = createLruCache<string, UsedKey>({
    maxEntries: options.maxEntries,
    ttlMs: IDEMPOTENCY_RETENTION_MS,
  });
  const id = (tenantId: string, key: string) => `${tenantId}/${key}`;
  return {
    find(tenantId, key, nowMs) {
      const entry = entries.get(id(tenantId, key));
      if (!entry) return undefined;
      if (nowMs - entry.receivedAtMs >= IDEMPOTENCY_RETENTION_MS || nowMs < entry.receivedAtMs) {
        entries.delete(id(tenantId, key));
        return undefined;
      }
      return entry.eventIds;
    },
    remember(tenantId, key, receivedAtMs, eventIds) {
      entries.set(id(tenantId, key), { receivedAtMs, eventIds });
    },
  };
}
