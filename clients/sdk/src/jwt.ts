import { createHash, createHmac } from 'node:crypto';

export interface SignUserJwtInput {
  /** The tenant API key the token is signed with (it never leaves your server). */
  apiKey: string;
  accountId: string;
  userId: string;
  /**
   * Lifetime of the token: `exp` is now plus this. Default 3600. The service refuses an `exp` further
   * ahead than its USER_JWT_MAX_LIFETIME_S (30 days by default); null leaves `exp` out, which a program
   * with `requireUserJwtExp` refuses.
   */
  expiresInSeconds?: number | null;
  /**
   * Claims the server vouches for, which a browser may not set on its own: `accountStatus` (e.g. PAID)
   * and `paymentProviderId`. Other user fields (email, firstName, ...) are carried but not trusted.
   */
  user?: { accountStatus?: string; paymentProviderId?: string; [claim: string]: unknown };
  /** The clock, in epoch milliseconds (tests). */
  nowMs?: number;
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * A user JWT as the service verifies it (services/gateway/middleware/auth.ts, shared/domain/accounts/user-jwt.ts):
 * HS256 (no other algorithm is accepted), payload `{ user: { id, accountId, ... }, iat, exp }`.
 *
 * The service keeps only SHA-256 of each API key and verifies with that hash as the HMAC key. HMAC hashes
 * a key longer than its 64-byte block before use (RFC 2104), and API keys are longer than that, so
 * signing with the hash equals signing with the key itself, as any JWT library given the key does; this
 * helper signs with the hash so that it also holds for a key of any length.
 */
export function signUserJwt(input: SignUserJwtInput): string {
  if (!input.apiKey) throw new TypeError('apiKey is required');
  if (!input.accountId || !input.userId) throw new TypeError('accountId and userId are required');
  const nowS = Math.floor((input.nowMs ?? Date.now()) / 1000);
  const lifetime = input.expiresInSeconds === undefined ? 3600 : input.expiresInSeconds;
  const payload = {
    user: { ...input.user, id: input.userId, accountId: input.accountId },
    iat: nowS,
    ...(lifetime !== null && { exp: nowS + lifetime }),
  };
  const signingInput = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  const key = createHash('sha256').update(input.apiKey, 'utf8').digest();
  const signature = createHmac('sha256', key).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}
