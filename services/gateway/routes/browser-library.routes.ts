import Router from '@koa/router';
import { AppError } from '../../../shared/errors';
import type { GatewayDeps, GatewayState } from '../context';

/**
 * The browser library (clients/browser), public and without credentials: GET /js/referral-{hash}.js is
 * immutable (its name changes with its content), and GET /js/referral.js, the URL merchants paste,
 * redirects to the current version and is revalidated every time. Gzipped when the client accepts it.
 */
export function browserLibraryRoutes(deps: GatewayDeps): Router<GatewayState> {
  const { code, hash, gzipped } = deps.browserLibrary;
  const fileName = `referral-${hash}.js`;
  const plain = Buffer.from(code, 'utf8');
  const router = new Router<GatewayState>();

  router.get('/js/referral.js', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Access-Control-Allow-Origin', '*');
    // Relative, so it also resolves behind a proxy that mounts the gateway under a path.
    ctx.redirect(fileName);
  });

  router.get('/js/:file', (ctx) => {
    if (ctx.params.file !== fileName) {
      throw new AppError('NOT_FOUND', 'No such version of the browser library; load /js/referral.js');
    }
    const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Vary', 'Accept-Encoding');
    // A strong validator per representation: the gzipped bytes differ from the plain ones.
    ctx.set('ETag', gzip ? `"${hash}-gz"` : `"${hash}"`);
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    if (gzip) ctx.set('Content-Encoding', 'gzip');
    ctx.body = gzip ? gzipped : plain;
  });

  return router;
}
