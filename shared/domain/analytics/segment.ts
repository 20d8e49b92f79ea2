import { z } from 'zod';
import { AppError, type ValidationIssue } from '../../errors';
import { IDEMPOTENCY_KEY_PATTERN } from '../../idempotency';
import { accountIdSchema, userIdSchema } from '../../ids';
import { textSchema, toValidationIssues, withIdRule } from '../../validation';
import type { IdentifyBody } from '../accounts/identification';
import { eventFieldsSchema, eventKeySchema } from '../events/user-events.schema';
import type { UserEventBatch } from '../events/user-events';

/**
 * The analytics connector: Segment-format messages (https://segment.com/docs/connections/spec/) turned
 * into our commands. `track` logs one event, `identify` upserts a user; other types are ignored.
 */
export const MAX_SEGMENT_BATCH = 1000;

const context = z.looseObject({ groupId: withIdRule(z.string().max(255)).nullish() }).nullish();
const timestamp = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });

const trackSchema = z.looseObject({
  type: z.literal('track'),
  event: eventKeySchema,
  userId: userIdSchema,
  messageId: withIdRule(z.string().max(1024)).nullish(),
  timestamp: timestamp.nullish(),
  properties: eventFieldsSchema.nullish(),
  context,
});

const traits = z.looseObject({
  email: z.email().max(254).nullish(),
  firstName: textSchema(100, { trim: true }).nullish(),
  lastName: textSchema(100, { trim: true }).nullish(),
  accountId: withIdRule(z.string().max(255)).nullish(),
});

const identifySchema = z.looseObject({
  type: z.literal('identify'),
  userId: userIdSchema,
  traits: traits.nullish(),
  context,
});

export const segmentBodySchema = z.union([
  z.strictObject({ batch: z.array(z.unknown()).min(1).max(MAX_SEGMENT_BATCH) }),
  z.looseObject({ type: z.string().max(64) }),
]);

export type SegmentCommand =
  | { kind: 'track'; idempotencyKey: string | null; batch: UserEventBatch }
  | { kind: 'identify'; ids: { accountId: string; userId: string }; body: IdentifyBody }
  | { kind: 'ignored'; type: string }
  | { kind: 'invalid'; type: string; validationErrors: ValidationIssue[] };

/** The account a message belongs to: an explicit account id, then the Segment group, else the user id. */
function accountOf(explicit: unknown, groupId: string | null | undefined, userId: string): string {
  const candidates = [explicit, groupId];
  for (const c of candidates) if (typeof c === 'string' && accountIdSchema.safeParse(c).success) return c;
  return userId;
}

/** One message to a command; invalid messages say why, naming the fields. */
export function segmentCommand(message: unknown): SegmentCommand {
  const type =
    message !== null &&
    typeof message === 'object' &&
    typeof (message as { type?: unknown }).type === 'string'
      ? (message as { type: string }).type
      : '';
  if (type === 'track') {
    const parsed = trackSchema.safeParse(message);
    if (!parsed.success) return { kind: 'invalid', type, validationErrors: toValidationIssues(parsed.error) };
    const m = parsed.data;
    const fields = m.properties ?? {};
    return {
      kind: 'track',
      // Segment's messageId is a fine idempotency key when it fits our format; otherwise none is used.
      idempotencyKey: m.messageId && IDEMPOTENCY_KEY_PATTERN.test(m.messageId) ? m.messageId : null,
      batch: {
        accountId: accountOf(fields.accountId, m.context?.groupId, m.userId),
        userId: m.userId,
        events: [{ key: m.event, fields, dateTriggered: m.timestamp ? Date.parse(m.timestamp) : null }],
      },
    };
  }
  if (type === 'identify') {
    const parsed = identifySchema.safeParse(message);
    if (!parsed.success) return { kind: 'invalid', type, validationErrors: toValidationIssues(parsed.error) };
    const m = parsed.data;
    const t = m.traits ?? {};
    const body: IdentifyBody = {};
    if (t.email != null) body.email = t.email;
    if (t.firstName != null) body.firstName = t.firstName;
    if (t.lastName != null) body.lastName = t.lastName;
    return {
      kind: 'identify',
      ids: { accountId: accountOf(t.accountId, m.context?.groupId, m.userId), userId: m.userId },
      body,
    };
  }
  if (type === '') {
    return { kind: 'invalid', type, validationErrors: [{ path: 'type', message: 'must be a string' }] };
  }
  return { kind: 'ignored', type };
}

/** The messages of a request: a single message, or `{ batch: [...] }`. */
export function segmentMessages(body: z.output<typeof segmentBodySchema>): unknown[] {
  return 'batch' in body && Array.isArray(body.batch) ? body.batch : [body];
}

/** What became of one message. */
export type SegmentOutcome =
  | { status: 'accepted'; eventIds?: string[] }
  | { status: 'duplicate'; eventIds: string[] }
  | { status: 'ignored' }
  | { status: 'rejected'; apiErrorCode: string; message: string; validationErrors?: ValidationIssue[] };

/** PostgreSQL "data exception" (SQLSTATE class 22): a value the message carried could not be stored. */
const isDataException = (err: unknown) =>
  typeof (err as { code?: unknown } | null)?.code === 'string' &&
  /^22[0-9A-Z]{3}$/.test((err as { code: string }).code);

/**
 * The outcome of a message whose own content made it fail (any 4xx, or a value PostgreSQL refused),
 * so that the batch goes on; null for a failure of the infrastructure, which must fail the request.
 */
export function messageFailure(err: unknown): SegmentOutcome | null {
  if (err instanceof AppError && err.statusCode < 500) {
    if (err.apiErrorCode === 'IDEMPOTENCY_KEY_USED') {
      return { status: 'duplicate', eventIds: err.details.fields?.eventIds as string[] };
    }
    return {
      status: 'rejected',
      apiErrorCode: err.apiErrorCode,
      message: err.message,
      ...(err.details.validationErrors && { validationErrors: err.details.validationErrors }),
    };
  }
  if (isDataException(err)) {
    return {
      status: 'rejected',
      apiErrorCode: 'VALIDATION_FAILED',
      message: 'The message holds a value that cannot be stored',
    };
  }
  return null;
}
