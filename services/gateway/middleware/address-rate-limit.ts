import type { Middleware } from 'koa';
import { AppError } from '../../../shared/errors';
import { delaySeconds } from '../../../shared/rate-limit/rate-limit-fields';
import { createTokenBuckets, type BucketLimit } from '../../../shared/rate-limit/token-bucket';
import { clientAddressResolver } from '../client-address';
import type { GatewayDeps, GatewayState } from '../context';

/**
 * A rate limit per client address (client-address.ts: TRUSTED_PROXIES decide whose X-Forwarded-For is
 * believed) for public routes that take no credentials, where a tenant's bucket cannot be used (anyone
 * could spend it). One set of buckets per route on each gateway, bounded like the tenant buckets; a
 * refusal is 429 RATE_LIMITED with Retry-After, before any lookup.
 */
export function addressRateLimit(
  deps: Pick<GatewayDeps, 'config'>,
  limit: BucketLimit,
  now: () => number = () => performance.now(),
): Middleware<GatewayState> {
  const buckets = createTokenBuckets<string>({ now });
  const addressOf = clientAddressResolver(deps.config.TRUSTED_PROXIES);
  return async (ctx, next) => {
    const result = buckets.take(addressOf(ctx.req), limit);
    if (!result.allowed) {
      throw new AppError(
        'RATE_LIMITED',
        `Rate limit exceeded: one client address may make ${limit.ratePerSecond} requests per second (bursts of ${limit.burst}) to this route; retry after the Retry-After delay`,
        { headers: { 'Retry-After': String(delaySeconds(result.msUntilNextToken)) } },
      );
    }
    await next();
  };
}
