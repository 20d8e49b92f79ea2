import Router from '@koa/router';
import { AppError } from '../../../shared/errors';
import type { BrowserScript } from '../../../clients/browser/build';
import type { GatewayDeps, GatewayState } from '../context';

/**
 * The browser library (clients/browser), public and without credentials: GET /js/referral-{hash}.js is
 * immutable (its name changes with its content), and GET /js/referral.js, the URL merchants paste,
 * redirects to the current version and is revalidated every time. Beside it, the widget's drawing
 * script GET /js/referral-widget-{hash}.js, which the library loads when a page first shows the widget
 * (with its Subresource Integrity hash, so it is served for CORS to any origin). Gzipped when the client
 * accepts it.
 */
export function browserLibraryRoutes(deps: GatewayDeps): Router<GatewayState> {
  const library = deps.browserLibrary;
  const fileName = `referral-${library.hash}.js`;
  const scripts = new Map<string, BrowserScript>([
    [fileName, library],
    [library.widgetDrawing.fileName, library.widgetDrawing],
  ]);
  const plain = new Map([...scripts].map(([name, script]) => [name, Buffer.from(script.code, 'utf8')]));
  const router = new Router<GatewayState>();

  router.get('/js/referral.js', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Access-Control-Allow-Origin', '*');
    // Relative, so it also resolves behind a proxy that mounts the gateway under a path.
    ctx.redirect(fileName);
  });

  router.get('/js/:file', (ctx) => {
    const script = scripts.get(ctx.params.file!);
    if (!script) {
      throw new AppError('NOT_FOUND', 'No such version of the browser library; load /js/referral.js');
    }
    const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Vary', 'Accept-Encoding');
    // A strong validator per representation: the gzipped bytes differ from the plain ones.
    ctx.set('ETag', gzip ? `"${script.hash}-gz"` : `"${script.hash}"`);
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    if (gzip) ctx.set('Content-Encoding', 'gzip');
    ctx.body = gzip ? script.gzipped : plain.get(ctx.params.file!);
  });

  return router;
}
