import type Router from '@koa/router';
import { getWidgetView } from '../../../shared/domain/referrals/widget-view';
import type { GatewayDeps, GatewayState } from '../context';
import { authenticate } from '../middleware/auth';
import { browserCors } from '../middleware/cors';
import { validate } from '../middleware/validate';
import { widgetPathSchema, widgetQuerySchema } from './widget.schema';

const WIDGET = '/open/account/:accountId/user/:userId/widget';

/**
 * The referrer widget's data in one answer (browser library `referral.widget`): that user's own JWT or
 * the tenant API key; a JWT for another account or user is 403 (authenticate). CORS for the program's
 * allowedOrigins.
 */
export function widgetRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const cors = browserCors(deps, ['GET']);
  router.options(WIDGET, cors.preflight);
  router.get(
    WIDGET,
    cors.actual,
    authenticate(deps, { allowUserJwt: true }),
    validate({ params: widgetPathSchema, query: widgetQuerySchema }, 'authenticated'),
    async (ctx) => {
      const { accountId, userId } = ctx.state.input.params;
      const { cursor, limit, locale, programId } = ctx.state.input.query;
      ctx.body = await getWidgetView(
        deps.db,
        deps.cache,
        ctx.state.tenant,
        { accountId, userId },
        deps.config.publicUrl,
        { cursor, limit, locale, programId },
      );
      ctx.set('Cache-Control', 'no-store');
    },
  );
}
