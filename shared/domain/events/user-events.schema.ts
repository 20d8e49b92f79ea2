import { z } from 'zod';
import { accountIdSchema, idempotencyKeySchema, userIdSchema } from '../../ids';
import { epochMillisSchema, textProblem, textSchema } from '../../validation';

/**
 * Validation of user events at every edge (REST, GraphQL, the analytics connector, import rows): the
 * limits of the events API. Idempotency keys and epoch millis are base primitives (shared/idempotency.ts,
 * shared/validation.ts).
 */
export const MAX_EVENTS_PER_REQUEST = 100;
export const MAX_FIELDS_BYTES = 16 * 1024;
export const MAX_FIELD_STRING_BYTES = 1500;
/** Deep nesting is never legitimate here, and bounding it keeps every walk over fields cheap and safe. */
export const MAX_FIELDS_DEPTH = 16;

export const eventKeySchema = textSchema(255, { min: 1 });

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

/** The user event input of the spec (REST body, GraphQL UserEventInput, one Segment track). */
export const userEventInputSchema = z.strictObject({
  userId: userIdSchema,
  accountId: accountIdSchema,
  idempotencyKey: idempotencyKeySchema.nullish(),
  events: z.array(eventDataSchema).min(1).max(MAX_EVENTS_PER_REQUEST),
});

export type EventData = z.output<typeof eventDataSchema>;
export type UserEventInput = z.output<typeof userEventInputSchema>;

export const userEventsPageSchema = z.object({
  accountId: accountIdSchema,
  userId: userIdSchema,
  limit: z.int().min(1).max(100).nullish(),
  offset: z.int().min(0).max(100_000).nullish(),
});
