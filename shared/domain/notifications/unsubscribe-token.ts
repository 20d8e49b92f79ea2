import crypto from 'node:crypto';
import { deriveKey } from '../../crypto/secret-box';

/**
 * One-click unsubscribe tokens (RFC 8058): `{payload}.{mac}`, the payload naming the tenant and the
 * recipient's address, the MAC an HMAC-SHA256 with a key derived from SECRET_KEY for this purpose only.
 * Verified without the database; unguessable without the key; a token of one tenant names that tenant.
 */
export interface UnsubscribeSubject {
  tenantId: string;
  email: string;
}

const PURPOSE = 'mail-unsubscribe';
const MAX_TOKEN_LENGTH = 1200;

function mac(key: Buffer, payload: string): string {
  return crypto.createHmac('sha256', key).update(payload).digest('base64url');
}

export function createUnsubscribeTokens(secretKey: string) {
  const key = deriveKey(secretKey, PURPOSE);
  return {
    sign(subject: UnsubscribeSubject): string {
      const payload = Buffer.from(`${subject.tenantId}\n${subject.email.toLowerCase()}`, 'utf8').toString(
        'base64url',
      );
      return `${payload}.${mac(key, payload)}`;
    },
    /** The tenant and address a token names; null when it was not signed with this key. */
    verify(token: string): UnsubscribeSubject | null {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const [payload, given, extra] = token.split('.');
      if (!payload || !given || extra !== undefined) return null;
      const expected = Buffer.from(mac(key, payload));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return null;
      const [tenantId, email, rest] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
      if (!tenantId || !email || rest !== undefined) return null;
      return { tenantId, email };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
