import { dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './passwords';

/**
 * The rule for every password an operator chooses (set-password link, change, CLI): 12 to 128
 * characters, and not a common or breached password. The list is `@zxcvbn-ts/language-common`'s
 * `passwords-common` (about 49,000 entries from breach corpora), shipped inside the npm package, so the
 * check runs offline and sends nothing anywhere.
 */
export const MAX_CHOSEN_PASSWORD_LENGTH = 128;

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set((dictionary as Record<string, string[]>)['passwords-common'] ?? []);
  return common;
}

/**
 * True when the password, lower-cased, is on the list, or is a listed word with digits or punctuation
 * added at the end or the start ("password1234!", "2024qwertyuiop"), or one listed word repeated.
 */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.normalize('NFC').toLowerCase();
  if (list.has(lower)) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (core.length >= 4 && list.has(core)) return true;
  const half = lower.length / 2;
  if (
    Number.isInteger(half) &&
    lower.slice(0, half) === lower.slice(half) &&
    list.has(lower.slice(0, half))
  ) {
    return true;
  }
  return false;
}

/** Why a chosen password is refused, or null when it is acceptable. */
export function chosenPasswordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_CHOSEN_PASSWORD_LENGTH) {
    return `must have at most ${MAX_CHOSEN_PASSWORD_LENGTH} characters`;
  }
  if (/^(.)\1*$/su.test(password)) return 'must not be one character repeated';
  if (isCommonPassword(password)) return 'is a common or breached password: choose another';
  return null;
}

/** A chosen password, checked at the edge and again in the domain (the message names the rule). */
export const chosenPasswordSchema = z.string().superRefine((value, ctx) => {
  const problem = chosenPasswordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
