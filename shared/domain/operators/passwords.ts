import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Operator passwords, hashed with Node's scrypt (no native dependency) and stored as
 * `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>`, so the cost can be raised later without
 * invalidating stored hashes: each is verified with the parameters it was made with.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 32;
const KEY_BYTES = 64;
/** Stored parameters above these are refused rather than run (a corrupt row must not exhaust memory). */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

/** Given passwords must have at least this many characters; generated ones have 20. */
export const MIN_PASSWORD_LENGTH = 12;
/** Longer input is refused before hashing (scrypt's cost grows with it, and no one types more). */
export const MAX_PASSWORD_LENGTH = 1024;

/** scrypt needs 128·N·r bytes; Node's default limit (32 MiB) is exactly that for N=2^15, r=8, so raise it. */
function maxmem(N: number, r: number): number {
  return 128 * N * r * 2;
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: maxmem(N, r) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST.N, COST.r, COST.p);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when the password matches the stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const valid = (n: number, max: number) => Number.isSafeInteger(n) && n >= 1 && n <= max;
  if (!valid(N, MAX_N) || !valid(r, MAX_R) || !valid(p, MAX_P)) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (salt.length === 0 || expected.length !== KEY_BYTES) return false;
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  const actual = await derive(password, salt, N, r, p);
  return timingSafeEqual(actual, expected);
}

/** A random password for an operator who was given none: 15 bytes → 20 base64url characters. */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash to verify against when no operator has the e-mail, so an unknown address takes as long as a
 * wrong password and timing does not reveal which addresses exist.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(generatePassword());
  return dummyHash;
}
