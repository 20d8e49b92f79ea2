import type { Middleware } from 'koa';
import { tenantAliasSchema } from '../../../shared/ids';
import type { GatewayDeps, GatewayState } from '../context';

/** What the user-JWT routes read from a browser: the bearer token (or the API family's header) and JSON. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-SaaSquatch-User-Token';
/** Answer headers a browser script may read (the error body's request id, rate limits, back-off). */
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After, RateLimit, RateLimit-Policy';
const MAX_AGE_SECONDS = '600';

type Ctx = Parameters<Middleware<GatewayState>>[0];

/**
 * The request's Origin and whether the tenant in the path lists it in allowedOrigins (from the gateway
 * cache); null without an Origin or a known tenant.
 */
async function checkOrigin(
  deps: Pick<GatewayDeps, 'cache'>,
  ctx: Ctx,
): Promise<{ origin: string; tenantId: string; allowed: boolean } | null> {
  const origin = ctx.get('origin');
  if (origin === '') return null;
  const params = (ctx as unknown as { params: Record<string, string> }).params;
  const alias = tenantAliasSchema.safeParse(params.tenantAlias);
  if (!alias.success) return null;
  const program = await deps.cache.findProgram(alias.data);
  if (!program) return null;
  return { origin, tenantId: program.id, allowed: program.settings.allowedOrigins.includes(origin) };
}

/**
 * CORS for the routes a browser calls with a user JWT, limited to the program's allowedOrigins. The
 * preflight (OPTIONS, sent without credentials) is answered before authentication: 204, with the allow
 * headers only for a listed origin (another origin gets a bare 204, which the browser treats as a
 * refusal). The actual request gets Access-Control-Allow-Origin before authentication too, so the
 * library can read error answers (401, 403, 429); never with an API key (Basic), which has no place
 * in a browser. No Access-Control-Allow-Credentials: the JWT travels in a header, never in cookies.
 * Routes without this middleware (API key only) send no CORS headers at all.
 */
export function browserCors(
  deps: Pick<GatewayDeps, 'cache' | 'browserSightings' | 'now'>,
  methods: readonly string[],
) {
  const allowMethods = methods.join(', ');
  // Browser integration: a refused origin is noted for the Install page (batched, bounded).
  const allowedOrigin = async (ctx: Ctx): Promise<string | null> => {
    const check = await checkOrigin(deps, ctx);
    if (check && !check.allowed) deps.browserSightings.refused(check.tenantId, check.origin, deps.now());
    return check?.allowed ? check.origin : null;
  };
  const preflight: Middleware<GatewayState> = async (ctx) => {
    ctx.vary('Origin');
    const origin = await allowedOrigin(ctx);
    if (origin) {
      ctx.set({
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': allowMethods,
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': MAX_AGE_SECONDS,
      });
    }
    ctx.status = 204;
  };
  const actual: Middleware<GatewayState> = async (ctx, next) => {
    ctx.vary('Origin');
    let origin: string | null = null;
    if (!/^Basic\s/i.test(ctx.get('authorization'))) {
      origin = await allowedOrigin(ctx);
      if (origin) {
        ctx.set({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS });
      }
    }
    await next();
    // A user-JWT call from a listed origin's page: the browser library is installed.
    const { tenant, principal } = ctx.state;
    if (origin && tenant && principal?.kind === 'user') deps.browserSightings.seen(tenant.id, deps.now());
  };
  return { preflight, actual };
}
