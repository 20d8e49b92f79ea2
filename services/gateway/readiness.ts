import { probeDatabase } from '../../shared/db/db-probe';
import { withTimeout } from '../../shared/db/knex';
import type { Db } from '../../shared/db/knex';
import type { Logger } from '../../shared/logger';
import { pingTemporal, type TemporalDeps } from '../../shared/temporal/client';

type CheckState = 'ok' | 'unavailable';

/** What /readyz reports: each dependency's state. */
export interface ReadinessCheck {
  check(): Promise<Record<'postgres' | 'temporal', CheckState>>;
}

const READINESS_CACHE_MS = 1000;
/** Each check bounds itself at 2 s; this outer bound only guarantees /readyz can never hang. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * Probes PostgreSQL (on a connection of its own, not queued behind the request pool: see probeDatabase)
 * and Temporal, each bounded in time. Concurrent probes share one in-flight check and a result is reused
 * for a second, so a burst of probes (or a load balancer with many targets) costs one round trip each.
 * Built with the gateway's dependencies (gateway-deps.ts), so the route needs no database or Temporal code.
 */
export function createReadinessCheck(deps: {
  db: Db;
  temporal: TemporalDeps;
  logger: Logger;
}): ReadinessCheck {
  let inFlight: Promise<Record<'postgres' | 'temporal', CheckState>> | undefined;
  let cached: { at: number; checks: Record<'postgres' | 'temporal', CheckState> } | undefined;
  const probe = (name: string, check: Promise<void>) =>
    withTimeout(check, CHECK_TIMEOUT_MS, `${name} check did not finish in time`).then(
      () => 'ok' as const,
      (err: Error) => {
        deps.logger.warn({ check: name, err: err.message }, 'readiness check failed');
        return 'unavailable' as const;
      },
    );
  return {
    check() {
      if (cached && Date.now() - cached.at < READINESS_CACHE_MS) return Promise.resolve(cached.checks);
      inFlight ??= Promise.all([
        probe('postgres', probeDatabase(deps.db)),
        probe('temporal', pingTemporal(deps.temporal)),
      ])
        .then(([postgres, temporal]) => {
          cached = { at: Date.now(), checks: { postgres, temporal } };
          return cached.checks;
        })
        .finally(() => {
          inFlight = undefined;
        });
      return inFlight;
    },
  };
}
