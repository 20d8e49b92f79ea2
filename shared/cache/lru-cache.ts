import { LRUCache } from 'lru-cache';

/** A bounded map: the least recently used entry goes first when full, and entries expire after ttlMs. */
export interface LruCache<K, V> {
  /** The value, or undefined when absent or expired (an expired entry is dropped). */
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  readonly size: number;
}

/** The `lru-cache` package behind the small interface the tenant cache needs (and an injectable clock). */
export function createLruCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(options: {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}): LruCache<K, V> {
  const cache = new LRUCache<K, V>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    // Read the clock on every check (the default caches it for 1 ms with a timer).
    ttlResolution: 0,
    ...(options.now && { perf: { now: options.now } }),
  });
  return {
    get: (key) => cache.get(key),
    set: (key, value) => {
      cache.set(key, value);
    },
    delete: (key) => {
      cache.delete(key);
    },
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}
