import Router from '@koa/router';
import { RETRY_AFTER_SECONDS } from '../../../shared/db/db-errors';
import { probeDatabase } from '../../../shared/db/db-probe';
import { withTimeout } from '../../../shared/db/knex';
import { pingTemporal } from '../../../shared/temporal/client';
import { AppError } from '../../../shared/errors';
import type { GatewayDeps, GatewayState } from '../context';
import { errorBody } from '../middleware/errors';

type CheckState = 'ok' | 'unavailable';
const READINESS_CACHE_MS = 1000;
/** Each check bounds itself at 2 s; this outer bound only guarantees /readyz can never hang. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * Probes PostgreSQL (on a connection of its own, not queued behind the request pool: see probeDatabase)
 * and Temporal, each bounded in time. Concurrent probes share one in-flight check and a result is reused
 * for a second, so a burst of probes (or a load balancer with many targets) costs one round trip each.
 */
function createReadinessCheck(deps: GatewayDeps) {
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

/** Unauthenticated probes and metrics, outside /api/v1. */
export function healthRoutes(deps: GatewayDeps): Router<GatewayState> {
  const router = new Router<GatewayState>();
  const readiness = createReadinessCheck(deps);

  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.get('/readyz', async (ctx) => {
    const checks = await readiness.check();
    const down = Object.entries(checks)
      .filter(([, state]) => state !== 'ok')
      .map(([name]) => name);
    if (down.length === 0) {
      ctx.body = { status: 'ready', checks };
      return;
    }
    const notReady = new AppError('SERVICE_UNAVAILABLE', `Not ready: ${down.join(', ')} unreachable`, {
      fields: { checks },
    });
    ctx.status = notReady.statusCode;
    ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
    ctx.body = errorBody(notReady, ctx.state.requestId);
  });

  router.get('/metrics', async (ctx) => {
    ctx.type = deps.metrics.registry.contentType;
    ctx.body = await deps.metrics.registry.metrics();
  });

  return router;
}
