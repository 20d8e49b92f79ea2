import 'zod-openapi';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS } from '../../../shared/db/db-errors';

/*
 * Response headers the gateway sends, registered once as components/headers and named by the
 * operations (services/gateway/openapi/operation.ts adds the common ones).
 */

export const requestIdHeader = z.string().meta({
  description:
    "This request's id (the caller's own X-Request-Id when it is 8 to 128 characters of A-Z a-z 0-9 . _ -, else a new UUID); the same value as an error body's requestId. Quote it when reporting a problem.",
  header: { id: 'X-Request-Id' },
});

export const retryAfterHeader = z
  .string()
  .regex(/^\d+$/)
  .meta({
    description: `Whole seconds to wait before retrying: until the tenant's rate limit has room again (429), ${RETRY_AFTER_SECONDS} for an outage of the database or Temporal, 1 when the gateway is at its connection limit (503).`,
    example: '1',
    header: { id: 'Retry-After' },
  });

export const wwwAuthenticateHeader = z.string().meta({
  description:
    'The accepted schemes: `Basic realm="referral-service", charset="UTF-8"`, and `Bearer realm="referral-service"` on routes that take a user JWT.',
  header: { id: 'WWW-Authenticate' },
});

export const rateLimitPolicyHeader = z.string().meta({
  description:
    "The tenant's rate limit on this gateway (IETF RateLimit header fields draft): requests per second `q` and the burst `rs-burst`.",
  example: '"tenant";q=100;w=1;rs-burst=200',
  header: { id: 'RateLimit-Policy' },
});

export const rateLimitHeader = z.string().meta({
  description: 'Requests the tenant may still make now (`r`) and seconds until more quota comes (`t`).',
  example: '"tenant";r=57;t=1',
  header: { id: 'RateLimit' },
});

export const locationHeader = z.string().meta({ description: 'Where the redirect points.' });

export const etagHeader = z.string().meta({ description: 'A strong validator of the representation.' });

export const cacheControlHeader = z.string().meta({ description: 'How caches may keep the answer.' });

export const contentSecurityPolicyHeader = z.string().meta({
  description: "The page's Content-Security-Policy: its own scripts and styles only, no framing.",
});

export const contentDispositionHeader = z.string().meta({
  description: 'attachment; filename="…" (the stored file name).',
});

export const allowHeader = z.string().meta({ description: 'The methods the resource allows.' });

/** Headers of every answer the gateway makes. */
export const commonHeaders = { 'X-Request-Id': requestIdHeader };

/** Headers of an answer to an authenticated request that passed the rate limit. */
export const rateLimitedRouteHeaders = {
  ...commonHeaders,
  RateLimit: rateLimitHeader,
  'RateLimit-Policy': rateLimitPolicyHeader,
};
