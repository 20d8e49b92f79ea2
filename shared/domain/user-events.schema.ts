import { z } from 'zod';
import { idSchema, textProblem, textSchema } from '../validation';

/**
 * Validation of user events at every edge (REST, GraphQL, the analytics connector, import rows): the
 * key format and the limits of issue 4. No imports from the domain, so anything may use it.
 */
/** Spec "Limits": 8 to 64 characters of A-Z a-z 0-9 - _ . (UUIDs fit), per tenant, 24 hours. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export const MAX_EVENTS_PER_REQUEST = 100;
export const MAX_FIELDS_BYTES = 16 * 1024;
export const MAX_FIELD_STRING_BYTES = 1500;
/** Deep nesting is never legitimate here, and bounding it keeps every walk over fields cheap and safe. */
export const MAX_FIELDS_DEPTH = 16;
/** Latest instant a JavaScript Date can hold. */
const MAX_EPOCH_MS = 8_640_000_000_000_000;

export const idempotencyKeySchema = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, 'must be 8 to 64 characters of A-Z a-z 0-9 - _ . (a UUID fits)');

export const eventKeySchema = textSchema(255, { min: 1 });
export const epochMillisSchema = z.int().min(0).max(MAX_EPOCH_MS);

/**
 * Why a fields object is unacceptable, or null. Walks iteratively (no recursion on client data): depth,
 * storable text in strings and names (no NUL, no lone surrogates: see shared/validation.ts), finite
 * numbers, strings of at most 1,500 UTF-8 bytes, then 16 KB serialized.
 */
export function fieldsProblem(fields: Record<string, unknown>): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value: fields, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return `strings ${problem}`;
      if (Buffer.byteLength(value, 'utf8') > MAX_FIELD_STRING_BYTES) {
        return `string values must be at most ${MAX_FIELD_STRING_BYTES} UTF-8 bytes`;
      }
    } else if (typeof value === 'number' && !Number.isFinite(value)) {
      return 'numbers must be finite';
    } else if (value !== null && typeof value === 'object') {
      if (depth > MAX_FIELDS_DEPTH) return `must not nest deeper than ${MAX_FIELDS_DEPTH} levels`;
      const entries = Array.isArray(value) ? value : Object.entries(value);
      for (const entry of entries) {
        if (Array.isArray(value)) {
          stack.push({ value: entry, depth: depth + 1 });
        } else {
          const [name, member] = entry as [string, unknown];
          const problem = textProblem(name);
          if (problem) return `names ${problem}`;
          stack.push({ value: member, depth: depth + 1 });
        }
      }
    }
  }
  if (Buffer.byteLength(JSON.stringify(fields), 'utf8') > MAX_FIELDS_BYTES) {
    return `must be at most ${MAX_FIELDS_BYTES} bytes as JSON`;
  }
  return null;
}

export const eventFieldsSchema = z
  .custom<Record<string, unknown>>(
    (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
    'must be a JSON object',
  )
  .superRefine((fields, ctx) => {
    const problem = fieldsProblem(fields);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** One event. `id` is accepted because the browser SDK's type has it, and ignored: ids are ours. */
export const eventDataSchema = z.strictObject({
  key: eventKeySchema,
  fields: eventFieldsSchema.nullish(),
  dateTriggered: epochMillisSchema.nullish(),
  id: z.string().max(255).optional(),
});

export const userIdSchema = idSchema(255);

/** The user event input of the spec (REST body, GraphQL UserEventInput, one Segment track). */
export const userEventInputSchema = z.strictObject({
  userId: userIdSchema,
  accountId: userIdSchema,
  idempotencyKey: idempotencyKeySchema.nullish(),
  events: z.array(eventDataSchema).min(1).max(MAX_EVENTS_PER_REQUEST),
});

export type EventData = z.output<typeof eventDataSchema>;
export type UserEventInput = z.output<typeof userEventInputSchema>;

export const userEventsPageSchema = z.object({
  accountId: userIdSchema,
  userId: userIdSchema,
  limit: z.int().min(1).max(100).nullish(),
  offset: z.int().min(0).max(100_000).nullish(),
});
