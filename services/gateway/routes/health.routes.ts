import Router from '@koa/router';
import { pingDb } from '../../../shared/db/knex';
import { pingTemporal } from '../../../shared/temporal/client';
import type { GatewayDeps, GatewayState } from '../context';

/** Unauthenticated probes and metrics, outside /api/v1. */
export function healthRoutes(deps: GatewayDeps): Router<GatewayState> {
  const router = new Router<GatewayState>();

  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.get('/readyz', async (ctx) => {
    const probe = (check: Promise<void>) =>
      check.then(
        () => 'ok' as const,
        (err: Error) => {
          ctx.state.log.warn({ err: err.message }, 'readiness check failed');
          return 'unavailable' as const;
        },
      );
    const [postgres, temporal] = await Promise.all([probe(pingDb(deps.db)), probe(pingTemporal(deps.temporal))]);
    const checks = { postgres, temporal };
    const down = Object.entries(checks)
      .filter(([, state]) => state !== 'ok')
      .map(([name]) => name);
    if (down.length === 0) {
      ctx.body = { status: 'ready', checks };
      return;
    }
    ctx.status = 503;
    ctx.body = {
      statusCode: 503,
      message: `Not ready: ${down.join(', ')} unreachable`,
      apiErrorCode: 'SERVICE_UNAVAILABLE',
      requestId: ctx.state.requestId,
      checks,
    };
  });

  router.get('/metrics', async (ctx) => {
    ctx.type = deps.metrics.registry.contentType;
    ctx.body = await deps.metrics.registry.metrics();
  });

  return router;
}
