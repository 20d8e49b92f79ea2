import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { accountIdSchema, userIdSchema } from '../../ids';

/** Claims of a user JWT (HS256, signed by the tenant's server with the tenant API key). */
const userJwtPayload = z.object({
  user: z.looseObject({ id: userIdSchema, accountId: accountIdSchema }),
  exp: z.number().optional(),
});

export interface UserIdentity {
  userId: string;
  accountId: string;
  /**
   * Money-relevant fields the merchant's server vouched for by signing them into the token
   * (`user.accountStatus`, `user.paymentProviderId`); a browser may not set them on its own.
   */
  signed: { accountStatus?: unknown; paymentProviderId?: unknown };
}

export interface UserJwtRules {
  /** `exp` may be at most this many seconds ahead (USER_JWT_MAX_LIFETIME_S). */
  maxLifetimeS: number;
  /** Tokens without `exp` are refused (the tenant's require_user_jwt_exp; off for the API family's clients). */
  requireExp: boolean;
}

/**
 * Key hashes as secret KeyObjects, made once per hash (the gateway cache keeps each tenant's Buffers).
 * jsonwebtoken given a Buffer first tries it as a public key and fails, which costs ~0.5 ms a token, 50
 * times the verification itself.
 */
const secretKeys = new WeakMap<Buffer, KeyObject>();

function secretKeyOf(hash: Buffer): KeyObject {
  let key = secretKeys.get(hash);
  if (key === undefined) {
    key = createSecretKey(hash);
    secretKeys.set(hash, key);
  }
  return key;
}

/** Why verified claims are not acceptable under the rules, or null. */
function claimsProblem(exp: number | undefined, nowMs: number, rules: UserJwtRules): string | null {
  if (exp === undefined) return rules.requireExp ? 'no exp' : null;
  return exp - nowMs / 1000 > rules.maxLifetimeS ? 'exp too far ahead' : null;
}

/**
 * Verifies a user JWT against the tenant's active key hashes (see api-keys.ts for why a hash is a valid
 * HMAC key). Only HS256 is accepted, so `alg: none` and algorithm-confusion tokens fail; a `crit` header
 * is refused (RFC 7515 4.1.11: we understand no extension, so none may be critical); `exp`, when present,
 * is enforced and may not be further ahead than rules.maxLifetimeS; a token without `exp` is accepted
 * unless rules.requireExp. Returns null for any invalid token.
 */
export function verifyUserJwt(
  token: string,
  keyHashes: readonly Buffer[],
  nowMs: number,
  rules: UserJwtRules,
): UserIdentity | null {
  if (token.length > 8192) return null;
  const header = jwt.decode(token, { complete: true })?.header as { crit?: unknown } | undefined;
  if (!header || header.crit !== undefined) return null;
  for (const hash of keyHashes) {
    try {
      const decoded = jwt.verify(token, secretKeyOf(hash), {
        algorithms: ['HS256'],
        clockTimestamp: Math.floor(nowMs / 1000),
      });
      const payload = userJwtPayload.safeParse(decoded);
      if (!payload.success || claimsProblem(payload.data.exp, nowMs, rules)) return null;
      const { id, accountId, accountStatus, paymentProviderId } = payload.data.user;
      return { userId: id, accountId, signed: { accountStatus, paymentProviderId } };
    } catch {
      // wrong key, bad signature, expired, malformed: try the next active key
    }
  }
  return null;
}
