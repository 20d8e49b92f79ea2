import Router from '@koa/router';
import { shareLinkTarget } from '../../../shared/domain/share-links';
import type { GatewayDeps, GatewayState } from '../context';

/**
 * Public share links, no credentials: /r/{tenant}/{code} answers 302 to the program's landing URL with
 * rsCode={code}, or the same 404 for an unknown tenant and an unknown code (shared/domain/share-links.ts).
 */
export function shareLinkRoutes(deps: GatewayDeps): Router<GatewayState> {
  const router = new Router<GatewayState>();
  router.get('/r/:tenantAlias/:code', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(await shareLinkTarget(deps.db, ctx.params.tenantAlias ?? '', ctx.params.code ?? ''));
  });
  return router;
}
