import { z } from 'zod';
import { AppError, type ValidationIssue } from './errors';

/*
 * The one set of string rules for everything that can reach PostgreSQL (path and query parameters, body
 * fields, GraphQL arguments, connector fields, file cells). PostgreSQL text cannot hold U+0000 (the driver
 * error would be a 500), and a UTF-16 surrogate without its pair has no UTF-8 form (the driver silently
 * stores U+FFFD; jsonb refuses its \ud800 escape): both are refused as 400 VALIDATION_FAILED. Ids refuse
 * every other control character too.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, 'g');
/** C0 controls, DEL and C1 controls. */
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;

export const NUL_MESSAGE = 'must not contain NUL (U+0000) characters';
export const SURROGATE_MESSAGE = 'must not contain unpaired UTF-16 surrogates';
export const CONTROL_MESSAGE = 'must not contain control characters';

/** Why a string cannot be stored as text, or null. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(value)) return SURROGATE_MESSAGE;
  return null;
}

/** The string with NUL and unpaired surrogates replaced by U+FFFD (for reasons and logs we store). */
export function toStorableText(value: string): string {
  return value.replace(UNSTORABLE, '\uFFFD');
}

/** Why a string cannot be an id (text, and no control characters), or null. */
export function idProblem(value: string): string | null {
  return textProblem(value) ?? (CONTROL_CHARACTER.test(value) ? CONTROL_MESSAGE : null);
}

const rule = (problem: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const message = problem(value);
  if (message) ctx.addIssue({ code: 'custom', message });
};

/** Adds the text rule to any string schema (z.url(), a trimmed string, ...), keeping its type. */
export function withTextRule<S extends z.ZodType<string>>(schema: S): S {
  return schema.superRefine(rule(textProblem)) as S;
}

/** Adds the id rule (text, and no control characters) to any string schema, keeping its type. */
export function withIdRule<S extends z.ZodType<string>>(schema: S): S {
  return schema.superRefine(rule(idProblem)) as S;
}

/** Free text of at most `max` characters (`min` 0 unless given; `trim` trims first). */
export function textSchema(max: number, options: { min?: number; trim?: boolean } = {}) {
  const base = options.trim ? z.string().trim() : z.string();
  return withTextRule(base.min(options.min ?? 0).max(max));
}

/** A client-chosen identifier (account, user, customer id, ...): 1 to `max` characters, no controls. */
export function idSchema(max = 255) {
  return withIdRule(z.string().min(1).max(max));
}

/** Latest instant a JavaScript Date can hold. */
const MAX_EPOCH_MS = 8_640_000_000_000_000;

/** An instant as milliseconds since the epoch (the API's dates), within what a Date can hold. */
export const epochMillisSchema = z.int().min(0).max(MAX_EPOCH_MS);

export function toValidationIssues(error: z.ZodError, prefix?: string): ValidationIssue[] {
  return error.issues.map((issue) => {
    const parts = [...(prefix ? [prefix] : []), ...issue.path.map(String)];
    return { path: parts.join('.') || '(root)', message: issue.message };
  });
}

/** Parses input at an edge (HTTP, GraphQL, CSV row, config); failure is 400 VALIDATION_FAILED naming each field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const validationErrors = toValidationIssues(result.error, prefix);
  const fields = validationErrors.map((v) => v.path).join(', ');
  throw new AppError('VALIDATION_FAILED', `Invalid input: ${fields}`, { validationErrors });
}
