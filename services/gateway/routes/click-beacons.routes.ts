import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { visitShareLink } from '../../../shared/domain/referrals/share-links';
import { AppError } from '../../../shared/errors';
import { rateLimitedHeaders } from '../../../shared/rate-limit/rate-limit-fields';
import { createTokenBuckets, type BucketLimit } from '../../../shared/rate-limit/token-bucket';
import { clientAddressResolver } from '../client-address';
import type { GatewayDeps, GatewayState } from '../context';
import { readBodyText } from '../middleware/body';
import { validate } from '../middleware/validate';
import { clickBeaconBodySchema, clickBeaconPathSchema } from './click-beacons.schema';

/** Per client address and gateway: a page load sends one beacon, so this is many friends behind one NAT. */
export const CLICK_BEACON_LIMIT: BucketLimit = { ratePerSecond: 20, burst: 60 };

/**
 * POST /open/clicks: the browser library's beacon (navigator.sendBeacon) when a friend lands on a share
 * link on the merchant's own domain (?{shareParam}=CODE). The body is the code as text/plain, a "simple"
 * request: no preflight, any origin, no credentials. A known code is counted like a visit of
 * /r/{tenant}/{code} (deps.clicks, in memory, written in batches); an unknown code or tenant changes
 * nothing and gets the same 204. Rate-limited per client address (429).
 */
export function clickBeaconRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const buckets = createTokenBuckets<string>({ now: () => performance.now(), maxBuckets: 50_000 });
  const clientAddress = clientAddressResolver(deps.config.TRUSTED_PROXIES);
  const limitAndRead: Middleware<GatewayState> = async (ctx, next) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    const taken = buckets.take(clientAddress(ctx.req), CLICK_BEACON_LIMIT);
    if (!taken.allowed) {
      throw new AppError('RATE_LIMITED', 'Too many click beacons from this address; retry later', {
        headers: rateLimitedHeaders(CLICK_BEACON_LIMIT, taken),
      });
    }
    ctx.request.body = (await readBodyText(ctx, 256, 'VALIDATION_FAILED')).trim();
    await next();
  };
  router.post(
    '/open/clicks',
    limitAndRead,
    validate({ params: clickBeaconPathSchema, body: clickBeaconBodySchema }),
    async (ctx) => {
      const { params, body } = ctx.state.input;
      const visit = await visitShareLink(deps.cache, params.tenantAlias, body);
      if (visit) deps.clicks.record(visit.tenantId, visit.code, deps.now());
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 204;
    },
  );
}
