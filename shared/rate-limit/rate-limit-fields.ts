import type { BucketLimit, TakeResult } from './token-bucket';

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-10, whose Structured Fields
 * syntax the working group's later text keeps) for a token bucket:
 *
 *   RateLimit-Policy: "tenant";q=100;w=1;rs-burst=200   the sustained quota, 100 requests a second, and
 *                                                        the bucket size (a vendor-prefixed parameter)
 *   RateLimit: "tenant";r=57;t=1                         57 requests may be made now; more quota comes
 *                                                        within t seconds
 *
 * A refused request also gets Retry-After: the whole seconds until one token is back, never less than
 * the RateLimit field's t (the draft asks that it not point before the end of that window).
 */
export const RATE_LIMIT_POLICY_NAME = 'tenant';

export function rateLimitPolicyField(limit: BucketLimit): string {
  return `"${RATE_LIMIT_POLICY_NAME}";q=${limit.ratePerSecond};w=1;rs-burst=${limit.burst}`;
}

/** Whole seconds (at least 1) for a wait in milliseconds, as delay-seconds fields need. */
export function delaySeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

export function rateLimitField(result: TakeResult): string {
  return `"${RATE_LIMIT_POLICY_NAME}";r=${result.remaining};t=${delaySeconds(result.msUntilNextToken)}`;
}

/** The three fields of a refused request. */
export function rateLimitedHeaders(limit: BucketLimit, result: TakeResult): Record<string, string> {
  return {
    'Retry-After': String(delaySeconds(result.msUntilNextToken)),
    'RateLimit-Policy': rateLimitPolicyField(limit),
    RateLimit: rateLimitField(result),
  };
}
