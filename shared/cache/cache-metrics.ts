import { Counter, Gauge, type Registry } from 'prom-client';
import type { TenantCache } from './tenant-cache';

const OUTCOMES = ['hits', 'loads', 'coalesced', 'bypassed'] as const;
const SECTIONS = ['tenants', 'codes'] as const;

/**
 * Prometheus views of the cache's own counters, read at scrape time so lookups pay nothing for them:
 * `gateway_cache_lookups_total{cache,outcome}`, `gateway_cache_invalidations_total` and
 * `gateway_cache_enabled` (0 while the listener is down and every lookup reads PostgreSQL).
 */
export function registerCacheMetrics(registry: Registry, cache: TenantCache): void {
  const seen = new Map<string, number>();
  const delta = (key: string, value: number) => {
    const d = value - (seen.get(key) ?? 0);
    seen.set(key, value);
    return Math.max(0, d);
  };
  new Counter({
    name: 'gateway_cache_lookups_total',
    help: 'Gateway cache lookups by cache (tenants, codes) and outcome (hits, loads, coalesced, bypassed)',
    labelNames: ['cache', 'outcome'],
    registers: [registry],
    collect() {
      const stats = cache.stats();
      for (const section of SECTIONS) {
        for (const outcome of OUTCOMES) {
          this.inc({ cache: section, outcome }, delta(`${section}:${outcome}`, stats[section][outcome]));
        }
      }
    },
  });
  new Counter({
    name: 'gateway_cache_invalidations_total',
    help: 'Invalidations received over LISTEN/NOTIFY',
    registers: [registry],
    collect() {
      this.inc(delta('invalidations', cache.stats().invalidations));
    },
  });
  new Gauge({
    name: 'gateway_cache_enabled',
    help: '1 while the invalidation listener is connected and lookups are cached, 0 while they read PostgreSQL',
    registers: [registry],
    collect() {
      this.set(cache.stats().enabled ? 1 : 0);
    },
  });
}
