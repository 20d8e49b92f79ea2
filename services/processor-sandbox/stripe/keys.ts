import crypto from 'node:crypto';
import { StripeApiError } from './errors';

/*
 * API keys. Any well-formed key works: `sk_test_X` / `sk_live_X` (secret: everything) and `rk_test_X` /
 * `rk_live_X` (restricted: reads, and writes to customers, coupons, promotion codes and customer balance
 * transactions only). Keys with the same mode and X belong to one account, so rk_test_X is a restricted
 * key of the account whose secret key is sk_test_X. A key revoked through the control API, or malformed,
 * gets Stripe's 401.
 */

export interface ApiKey {
  key: string;
  mode: 'test' | 'live';
  restricted: boolean;
  /** acct_ id of the account the key belongs to. */
  account: string;
}

const KEY = /^(sk|rk)_(test|live)_([A-Za-z0-9_]{8,})$/;

export function masked(key: string): string {
  return key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : '****';
}

export function keyFromHeader(header: string | undefined): string | null {
  const [scheme, value] = (header ?? '').split(' ');
  if (scheme === 'Bearer' && value) return value;
  if (scheme === 'Basic' && value) return Buffer.from(value, 'base64').toString('utf8').split(':')[0] ?? null;
  return null;
}

export function authenticate(header: string | undefined, revoked: Set<string>): ApiKey {
  const key = keyFromHeader(header);
  if (!key)
    throw new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  const match = KEY.exec(key);
  if (!match)
    throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${masked(key)}`);
  if (revoked.has(key))
    throw new StripeApiError(
      401,
      'invalid_request_error',
      `Expired API Key provided: ${masked(key)}`,
      'api_key_expired',
    );
  const [, kind, mode, secret] = match;
  const account = `acct_${crypto.createHash('sha256').update(`${mode}:${secret}`).digest('hex').slice(0, 16)}`;
  return { key, mode: mode as 'test' | 'live', restricted: kind === 'rk', account };
}

/** The paths a restricted key may write to (POST/DELETE); reads are always allowed. */
const RESTRICTED_WRITES = [
  /^\/v1\/customers(\/[^/]+)?$/,
  /^\/v1\/customers\/[^/]+\/balance_transactions(\/[^/]+)?$/,
  /^\/v1\/coupons(\/[^/]+)?$/,
  /^\/v1\/promotion_codes(\/[^/]+)?$/,
];

/** Stripe's answer to a restricted key without the permission the route needs. */
export function checkPermission(apiKey: ApiKey, method: string, path: string) {
  if (!apiKey.restricted || method === 'GET' || RESTRICTED_WRITES.some((r) => r.test(path))) return;
  const permission = path.startsWith('/v1/webhook_endpoints') ? 'rak_webhook_write' : 'rak_write';
  throw new StripeApiError(
    403,
    'invalid_request_error',
    `The provided key '${masked(apiKey.key)}' does not have the required permissions for this endpoint on account '${apiKey.account}'. Having the '${permission}' permission would allow this request to continue.`,
  );
}
