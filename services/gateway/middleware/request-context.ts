import crypto from 'node:crypto';
import type { Middleware } from 'koa';
import type { GatewayDeps, GatewayState } from '../context';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Gives each request an id (a caller's X-Request-Id when well-formed), a child logger, one access-log
 * line and a duration observation labelled by route template, never by raw path.
 */
export function requestContext(deps: Pick<GatewayDeps, 'logger' | 'metrics'>): Middleware<GatewayState> {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = deps.logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (ctx as unknown as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
      deps.metrics.httpRequestDuration.observe(
        { method: ctx.method, route, status: String(ctx.status) },
        seconds,
      );
      ctx.state.log.info(
        {
          method: ctx.method,
          route,
          status: ctx.status,
          durationMs: Math.round(seconds * 1e4) / 10,
          tenantAlias: ctx.state.tenant?.alias,
        },
        'request',
      );
    }
  };
}
