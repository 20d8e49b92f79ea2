import crypto from 'node:crypto';

/**
 * Seals secrets we must be able to read back (a payment processor's private key) with AES-256-GCM.
 * The 256-bit key is derived from SECRET_KEY with HKDF-SHA256, so any long random string works as
 * SECRET_KEY. The associated data binds a sealed value to its owner (the tenant id): a ciphertext
 * copied to another tenant's row does not open. Format: `v1.{iv}.{tag}.{ciphertext}`, base64url parts.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plaintext: string, associatedData: string): string;
  /** Throws SecretBoxError when the value was not sealed with this key and associated data. */
  open(sealed: string, associatedData: string): string;
}

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'referral-service', purpose, 32));
}

export function createSecretBox(secret: string, purpose = 'processor-private-key'): SecretBox {
  const key = deriveKey(secret, purpose);
  return {
    seal(plaintext, associatedData) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, associatedData) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError('not a sealed value');
      const [iv, tag, body] = parts.slice(1).map((p) => Buffer.from(p, 'base64url')) as [
        Buffer,
        Buffer,
        Buffer,
      ];
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('not a sealed value');
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(associatedData, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('the sealed value does not open with this SECRET_KEY (was it changed?)');
      }
    },
  };
}

/** The box for SECRET_KEY, or undefined when it is not set (storing processor keys is then refused). */
export function secretBoxFor(secretKey: string | undefined): SecretBox | undefined {
  return secretKey ? createSecretBox(secretKey) : undefined;
}
