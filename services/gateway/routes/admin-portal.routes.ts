import Router from '@koa/router';
import type { AdminPortal } from '../../../clients/admin/build';
import { AppError } from '../../../shared/errors';
import type { GatewayContext, GatewayDeps, GatewayState } from '../context';
import { APP_PAGE_HEADERS } from '../pages/app-page-csp';

/** The one HTML document of the single-page app; every value in it is a hex hash, nothing to escape. */
function indexHtml(portal: AdminPortal): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Referral admin</title>
    <link rel="stylesheet" href="/admin/assets/app-${portal.cssHash}.css" />
    <script src="/admin/assets/app-${portal.jsHash}.js" defer></script>
  </head>
  <body>
    <div id="app"></div>
    <noscript><p>The admin portal needs JavaScript.</p></noscript>
  </body>
</html>
`;
}

interface Asset {
  plain: Buffer;
  gzipped: Buffer;
  hash: string;
  type: string;
}

function sendAsset(ctx: GatewayContext, asset: Asset): void {
  const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Vary', 'Accept-Encoding');
  // A strong validator per representation: the gzipped bytes differ from the plain ones.
  ctx.set('ETag', gzip ? `"${asset.hash}-gz"` : `"${asset.hash}"`);
  ctx.type = asset.type;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (gzip) ctx.set('Content-Encoding', 'gzip');
  ctx.body = gzip ? asset.gzipped : asset.plain;
}

/**
 * The admin portal (clients/admin), bundled at start-up: GET /admin redirects to /admin/; the hashed
 * script and stylesheet under /admin/assets are immutable (gzipped when accepted, with ETags); every
 * other GET under /admin/ but /admin/api is the app's HTML, revalidated on every load, which routes
 * in the browser (a deep link such as /admin/referrals/r1 works on reload).
 */
export function adminPortalRoutes(deps: GatewayDeps): Router<GatewayState> {
  const portal = deps.adminPortal;
  const html = indexHtml(portal);
  const assets = new Map<string, Asset>([
    [
      `app-${portal.jsHash}.js`,
      {
        plain: Buffer.from(portal.js, 'utf8'),
        gzipped: portal.jsGzipped,
        hash: portal.jsHash,
        type: 'application/javascript; charset=utf-8',
      },
    ],
    [
      `app-${portal.cssHash}.css`,
      {
        plain: Buffer.from(portal.css, 'utf8'),
        gzipped: portal.cssGzipped,
        hash: portal.cssHash,
        type: 'text/css; charset=utf-8',
      },
    ],
  ]);
  // Strict: /admin and /admin/ are different paths (the first redirects to the second).
  const router = new Router<GatewayState>({ strict: true });

  router.get('/admin', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.redirect('/admin/');
  });

  router.get('/admin/assets/:file', (ctx) => {
    const asset = assets.get(ctx.params.file ?? '');
    if (!asset) throw new AppError('NOT_FOUND', 'No such version of the admin portal; reload /admin/');
    sendAsset(ctx, asset);
  });

  router.get('/admin/{*rest}', (ctx, next) => {
    // The API's unknown paths and methods stay the API's answers (404, 405), not the app's page.
    if (ctx.path === '/admin/api' || ctx.path.startsWith('/admin/api/')) return next();
    ctx.status = 200;
    ctx.set({ ...APP_PAGE_HEADERS });
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  });

  return router;
}
