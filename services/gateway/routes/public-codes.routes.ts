import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { findPublicCode, viewEtag } from '../../../shared/domain/referrals/public-codes';
import { AppError } from '../../../shared/errors';
import type { GatewayDeps, GatewayState } from '../context';
import { addressRateLimit } from '../middleware/address-rate-limit';
import { validate } from '../middleware/validate';
import { publicCodePathSchema } from './public-codes.schema';

/** Requests per second (and burst) one client address may make: a page checks a code once or twice. */
export const PUBLIC_CODE_RATE_LIMIT = { ratePerSecond: 10, burst: 30 };
const CACHE_CONTROL = 'public, max-age=300';

/** Every origin may read the answer, errors included (no credentials are involved). */
const anyOrigin: Middleware<GatewayState> = async (ctx, next) => {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After');
  await next();
};

/**
 * The public code endpoint (browser library: checkCode, friend-offer): no credentials, any origin,
 * rate-limited per client address, cacheable with an ETag. Read from the gateway cache like share
 * links; an unknown tenant, an unknown code and a malformed one are the same 404.
 */
export function publicCodeRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  router.get(
    '/open/codes/:code',
    anyOrigin,
    addressRateLimit(deps, PUBLIC_CODE_RATE_LIMIT),
    validate({ params: publicCodePathSchema }),
    async (ctx) => {
      const { tenantAlias, code } = ctx.state.input.params;
      const found = await findPublicCode(deps.cache, tenantAlias, code);
      if (!found) throw new AppError('REFERRAL_CODE_NOT_FOUND', 'Unknown referral code');
      const json = JSON.stringify(found.view);
      const etag = viewEtag(json);
      ctx.set({ 'Cache-Control': CACHE_CONTROL, ETag: etag });
      const known = ctx
        .get('if-none-match')
        .split(',')
        .map((tag) => tag.trim().replace(/^W\//, ''));
      if (known.includes(etag)) {
        ctx.status = 304;
        return;
      }
      ctx.type = 'application/json';
      ctx.body = json;
    },
  );
}
