import { effectiveRateLimit } from '../../../shared/domain/tenants/tenant-rate-limits';
import { AppError } from '../../../shared/errors';
import {
  rateLimitField,
  rateLimitPolicyField,
  rateLimitedHeaders,
} from '../../../shared/rate-limit/rate-limit-fields';
import { createTokenBuckets, type BucketLimit } from '../../../shared/rate-limit/token-bucket';
import type { GatewayDeps, TenantRateLimiter } from '../context';

/**
 * Per-tenant rate limits: one token bucket per tenant on each gateway, sized by the tenant row's override
 * (tenants.rate_limit_rps / rate_limit_burst, set with `npm run tenant:set-rate-limit`) or the gateway's
 * RATE_LIMIT_RPS / RATE_LIMIT_BURST. The row comes from the gateway cache, so a changed override applies
 * as soon as the cache reloads the tenant (LISTEN/NOTIFY at commit), as a key revocation does.
 *
 * Only authenticated requests are counted, right after authentication resolves the tenant and before the
 * body is read: a refusal costs no database work and no parsing. Requests that are not yet the tenant's
 * (wrong credentials, public share links, processor webhooks before their signature is verified) are not
 * counted, or anyone who knows an alias could use up that tenant's quota. Health, readiness and metrics
 * are outside /api/v1 and never pass here.
 */

export function createTenantRateLimiter(
  deps: Pick<GatewayDeps, 'config' | 'metrics'>,
  now: () => number = () => performance.now(),
): TenantRateLimiter {
  const defaults: BucketLimit = {
    ratePerSecond: deps.config.RATE_LIMIT_RPS,
    burst: deps.config.RATE_LIMIT_BURST,
  };
  const buckets = createTokenBuckets<string>({ now });
  return {
    enforce(ctx, tenant) {
      const limit = effectiveRateLimit(tenant, defaults);
      const result = buckets.take(tenant.id, limit);
      if (!result.allowed) {
        deps.metrics.rateLimitedRequests.inc({ tenant: tenant.alias });
        throw new AppError(
          'RATE_LIMITED',
          `Rate limit exceeded: this tenant may make ${limit.ratePerSecond} requests per second (bursts of ${limit.burst}) to each gateway; retry after the Retry-After delay`,
          { headers: rateLimitedHeaders(limit, result) },
        );
      }
      ctx.set('RateLimit-Policy', rateLimitPolicyField(limit));
      ctx.set('RateLimit', rateLimitField(result));
    },
  };
}
