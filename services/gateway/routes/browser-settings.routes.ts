import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { getBrowserSettings } from '../../../shared/domain/tenants/browser-settings';
import type { GatewayDeps, GatewayState } from '../context';
import { validate } from '../middleware/validate';
import { browserSettingsPathSchema } from './browser-settings.schema';

/** Every origin may read the answer, errors included (no credentials are involved). */
const anyOrigin: Middleware<GatewayState> = async (ctx, next) => {
  ctx.set('Access-Control-Allow-Origin', '*');
  await next();
};

/**
 * What the browser library reads before it writes the tracking cookie (its lifetime, first or last
 * click). Public and harmless, so any origin may read it and caches may keep it for five minutes.
 */
export function browserSettingsRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  router.get(
    '/open/browser-settings',
    anyOrigin,
    validate({ params: browserSettingsPathSchema }),
    async (ctx) => {
      const { tenantAlias } = ctx.state.input.params;
      ctx.body = await getBrowserSettings(deps.cache, tenantAlias);
      ctx.set('Cache-Control', 'public, max-age=300');
      // Browser integration: read by the library on a page (it sends an Origin).
      if (ctx.get('origin') !== '') {
        const program = await deps.cache.findProgram(tenantAlias);
        if (program) deps.browserSightings.seen(program.id, deps.now());
      }
    },
  );
}
