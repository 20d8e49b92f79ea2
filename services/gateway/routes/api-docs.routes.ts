import crypto from 'node:crypto';
import Router from '@koa/router';
import { printSchema } from 'graphql';
import { AppError } from '../../../shared/errors';
import type { GatewayContext, GatewayState } from '../context';
import { buildSchema } from '../graphql/schema';
import { buildOpenApiDocument } from '../openapi/document';
import { REFERENCE_HTML, referenceAsset } from '../openapi/reference-page';
import { APP_PAGE_HEADERS } from '../pages/app-page-csp';

interface Representation {
  body: string;
  etag: string;
}

const represent = (body: string): Representation => ({
  body,
  etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
});

/** Both documents are pure, so one build, on the first request for one, serves every app in the process. */
let built: { openapi: Representation; sdl: Representation } | undefined;

function documents() {
  built ??= {
    openapi: represent(JSON.stringify(buildOpenApiDocument())),
    sdl: represent(printSchema(buildSchema())),
  };
  return built;
}

/**
 * A representation revalidated on every use (Cache-Control: no-cache): 200 with its ETag, or 304 when the
 * client already holds it (If-None-Match). Returns whether the body was sent.
 */
function sendRevalidated(ctx: GatewayContext, type: string, etag: string, body: string | Buffer): boolean {
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('ETag', etag);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = type;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return false;
  }
  ctx.body = body;
  return true;
}

/**
 * The API described, without credentials: GET /openapi.json (services/gateway/openapi/document.ts, built
 * once), GET /schema.graphql (the GraphQL SDL), and GET /docs, the reference page (Swagger UI from
 * swagger-ui-dist, served under /docs/assets from an allow-list, with a strict CSP).
 */
export function apiDocsRoutes(): Router<GatewayState> {
  const router = new Router<GatewayState>();

  router.get('/openapi.json', (ctx) => {
    // Public and harmless: any origin's tools (editors, generators) may read it.
    ctx.set('Access-Control-Allow-Origin', '*');
    const { openapi } = documents();
    sendRevalidated(ctx, 'application/json; charset=utf-8', openapi.etag, openapi.body);
  });

  router.get('/schema.graphql', (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    const { sdl } = documents();
    sendRevalidated(ctx, 'text/plain; charset=utf-8', sdl.etag, sdl.body);
  });

  router.get('/docs', (ctx) => {
    ctx.set({ ...APP_PAGE_HEADERS });
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = REFERENCE_HTML;
  });

  router.get('/docs/assets/:file', (ctx) => {
    const asset = referenceAsset(ctx.params.file ?? '');
    if (!asset) throw new AppError('NOT_FOUND', 'No such file of the API reference page');
    const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    ctx.set('Vary', 'Accept-Encoding');
    // A strong validator per representation: the gzipped bytes differ from the plain ones.
    const etag = gzip ? `${asset.etag.slice(0, -1)}-gz"` : asset.etag;
    const sent = sendRevalidated(ctx, asset.type, etag, gzip ? asset.gzipped : asset.plain);
    if (sent && gzip) ctx.set('Content-Encoding', 'gzip');
  });

  return router;
}
