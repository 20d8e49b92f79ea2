import Router from '@koa/router';
import { RETRY_AFTER_SECONDS } from '../../../shared/db/db-errors';
import { AppError } from '../../../shared/errors';
import type { GatewayDeps, GatewayState } from '../context';
import { errorBody } from '../middleware/errors';

/** Unauthenticated probes and metrics, outside /api/v1. */
export function healthRoutes(deps: GatewayDeps): Router<GatewayState> {
  const router = new Router<GatewayState>();

  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.get('/readyz', async (ctx) => {
    const checks = await deps.readiness.check();
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
