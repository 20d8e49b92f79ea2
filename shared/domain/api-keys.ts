import crypto from 'node:crypto';

/**
 * API keys are 64 random bytes (86 base64url characters) behind a readable prefix, so longer than
 * SHA-256's 64-byte block. That matters: HMAC hashes a key longer than its block size before use
 * (RFC 2104), so HMAC-SHA256(key, m) === HMAC-SHA256(sha256(key), m). Storing only sha256(key) is
 * therefore enough both to authenticate the key and to verify user JWTs that clients sign with it.
 */
export function generateApiKey(mode: 'live' | 'test'): string {
  return `rsk_${mode}_${crypto.randomBytes(64).toString('base64url')}`;
}

export function hashApiKey(key: string): Buffer {
  return crypto.createHash('sha256').update(key, 'utf8').digest();
}

export function keyPrefix(key: string): string {
  return key.slice(0, 16);
}

const DUMMY_HASH = hashApiKey('dummy-key-compared-when-a-tenant-has-none');

/** Constant-time match of a presented key against stored hashes (every candidate is compared). */
export function matchesAnyKey(presented: string, storedHashes: readonly Buffer[]): boolean {
  const hash = hashApiKey(presented);
  // With no keys a dummy comparison still runs, so an unknown tenant costs the same as a wrong key.
  const candidates = storedHashes.length > 0 ? storedHashes : [DUMMY_HASH];
  let matched = false;
  for (const stored of candidates) matched = crypto.timingSafeEqual(stored, hash) || matched;
  return matched && storedHashes.length > 0;
}
