import { z } from 'zod';

/**
 * Web origins as a browser sends them in its `Origin` header: scheme, host and an optional port, lower
 * case, no default port, no trailing slash. The program's allowed origins are stored in that form, so the
 * CORS check is an exact comparison (services/gateway/middleware/cors.ts).
 */

const ORIGIN_SHAPE = /^https?:\/\/[^/?#*\s@]+\/?$/i;
const ORIGIN_MESSAGE =
  'must be an origin: http:// or https://, a host and an optional port, with no path, query or wildcard (e.g. https://shop.example)';

/** The serialised origin of `value`, or null when it is not a plain http(s) origin. */
export function normaliseOrigin(value: string): string | null {
  if (!ORIGIN_SHAPE.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  // URL() lower-cases the scheme and host, drops a default port and keeps a trailing `/` as the path.
  return url.origin === 'null' || url.pathname !== '/' ? null : url.origin;
}

export const originSchema = z
  .string()
  .max(300)
  .transform((value, ctx) => {
    const origin = normaliseOrigin(value.trim());
    if (origin === null) ctx.addIssue({ code: 'custom', message: ORIGIN_MESSAGE });
    return origin ?? value;
  });

/** At most 50 origins, normalised and without duplicates (in the order given). */
export const allowedOriginsSchema = z
  .array(originSchema)
  .max(50)
  .transform((origins) => [...new Set(origins)]);
