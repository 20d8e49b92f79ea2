import jwt from 'jsonwebtoken';
import { z } from 'zod';

/** Claims of a user JWT (HS256, signed by the tenant's server with the tenant API key). */
const userJwtPayload = z.object({
  user: z.looseObject({
    id: z.string().min(1).max(255),
    accountId: z.string().min(1).max(255),
  }),
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

/**
 * Verifies a user JWT against the tenant's active key hashes (see api-keys.ts for why a hash is a valid
 * HMAC key). Only HS256 is accepted, so `alg: none` and algorithm-confusion tokens fail; `exp`, when
 * present, is enforced. Returns null for any invalid token.
 */
export function verifyUserJwt(
  token: string,
  keyHashes: readonly Buffer[],
  nowMs: number,
): UserIdentity | null {
  if (token.length > 8192) return null;
  for (const secret of keyHashes) {
    try {
      const decoded = jwt.verify(token, secret, {
        algorithms: ['HS256'],
        clockTimestamp: Math.floor(nowMs / 1000),
      });
      const payload = userJwtPayload.safeParse(decoded);
      if (!payload.success) return null;
      const { id, accountId, accountStatus, paymentProviderId } = payload.data.user;
      return { userId: id, accountId, signed: { accountStatus, paymentProviderId } };
    } catch {
      // wrong key, bad signature, expired, malformed: try the next active key
    }
  }
  return null;
}
