import crypto from 'node:crypto';
import { z } from 'zod';

/** Share codes: ASCII letters and digits, at most 15, unique per tenant ignoring case. */
export const SHARE_CODE_MAX_LENGTH = 15;

const SHARE_CODE_CHARACTERS = /^[A-Za-z0-9]+$/;

export const shareCodeSchema = z
  .string()
  .regex(SHARE_CODE_CHARACTERS, 'must be ASCII letters and digits only')
  .max(SHARE_CODE_MAX_LENGTH);

/** Whether a string could be a share code at all (anything else is unknown without a query). */
export function couldBeShareCode(value: string): boolean {
  return value.length <= SHARE_CODE_MAX_LENGTH && SHARE_CODE_CHARACTERS.test(value);
}

/** JANEDOE from "Jané" "Doe": accents folded, everything but letters and digits dropped, upper case. */
export function nameBase(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string | null {
  const folded = `${firstName ?? ''}${lastName ?? ''}`
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
  return folded.length > 0 ? folded : null;
}

/** The n-th candidate for a base: JANEDOE, JANEDOE2, JANEDOE3, ... truncated so it stays within 15. */
export function candidateCode(base: string, n: number): string {
  if (n <= 1) return base.slice(0, SHARE_CODE_MAX_LENGTH);
  const suffix = String(n);
  return base.slice(0, SHARE_CODE_MAX_LENGTH - suffix.length) + suffix;
}

// No 0/O or 1/I: people read codes aloud and type them from screenshots.
const RANDOM_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Random bytes drawn a page at a time: an import proposes thousands of codes per chunk. */
const randomPool = Buffer.alloc(4096);
let randomPoolUsed = randomPool.length;

/** A random code for users without a name (or whose name's codes are all taken). */
export function randomCode(length = 10): string {
  if (randomPoolUsed + length > randomPool.length) {
    crypto.randomFillSync(randomPool);
    randomPoolUsed = 0;
  }
  let out = '';
  // 32 letters divide 256, so every letter is equally likely.
  for (let i = 0; i < length; i += 1)
    out += RANDOM_ALPHABET[randomPool[randomPoolUsed + i]! % RANDOM_ALPHABET.length];
  randomPoolUsed += length;
  return out;
}

/** Candidates n = from..from+count-1 for a base, in order. */
export function candidateBatch(base: string, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => candidateCode(base, from + i));
}
