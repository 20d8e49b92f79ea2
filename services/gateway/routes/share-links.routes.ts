import Router from '@koa/router';
import { visitShareLink } from '../../../shared/domain/share-links';
import type { GatewayDeps, GatewayState } from '../context';
import { sendPage } from '../pages/html';
import { landingPage, notFoundPage } from '../pages/landing-page';
import { STATIC_ASSETS } from '../pages/static-assets';

/**
 * Public share links, no credentials: /r/{tenant}/{code} answers 302 to the program's landing URL with
 * rsCode={code}, or the hosted landing page when the program has none; an unknown tenant and an unknown
 * code get the same HTML 404 page (shared/domain/share-links.ts). A GET of a known link is counted in
 * memory (deps.clicks), written in batches off the request path. /static/ serves the hosted pages' CSS and
 * script.
 */
export function shareLinkRoutes(deps: GatewayDeps): Router<GatewayState> {
  const router = new Router<GatewayState>();
  router.get('/r/:tenantAlias/:code', async (ctx) => {
    const visit = await visitShareLink(deps.cache, ctx.params.tenantAlias ?? '', ctx.params.code ?? '');
    if (!visit) {
      sendPage(ctx, 404, notFoundPage());
      return;
    }
    // HEAD (link previews checking the link) is not a visit.
    if (ctx.method === 'GET') deps.clicks.record(visit.tenantId, visit.code, deps.now());
    if (visit.kind === 'landing') {
      sendPage(ctx, 200, landingPage(visit.page));
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(visit.location);
  });

  router.get('/static/:name', async (ctx, next) => {
    const asset = STATIC_ASSETS.get(ctx.params.name ?? '');
    if (!asset) return next();
    ctx.set({
      'Cache-Control': 'public, max-age=86400',
      ETag: asset.etag,
      'X-Content-Type-Options': 'nosniff',
    });
    const known = ctx
      .get('if-none-match')
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''));
    if (known.includes(asset.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = asset.contentType;
    ctx.body = asset.body;
  });
  return router;
}
