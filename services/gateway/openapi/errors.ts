import 'zod-openapi';
import { z } from 'zod';
import { API_ERROR_STATUS, type ApiErrorCode } from '../../../shared/errors';

/*
 * The one error body of the API (services/gateway/middleware/errors.ts errorBody), and the variants
 * that add members of their own (AppError details.fields).
 */

const API_ERROR_CODES = Object.keys(API_ERROR_STATUS) as [ApiErrorCode, ...ApiErrorCode[]];

export const validationIssueSchema = z
  .object({
    path: z.string().meta({
      description:
        'The field, dotted from the root of what was validated (e.g. `events.0.key`); `(root)` for the whole value.',
    }),
    message: z.string().meta({ description: 'What is wrong with it.' }),
  })
  .meta({ id: 'ValidationIssue', description: 'One field that failed validation.' });

export const apiErrorFields = {
  statusCode: z.int().min(400).max(599).meta({ description: 'The HTTP status, repeated.' }),
  message: z.string().meta({ description: 'What went wrong, for people (never a stack trace or SQL).' }),
  apiErrorCode: z.enum(API_ERROR_CODES).meta({
    description:
      'The closed set of error codes (shared/errors.ts); each operation lists the ones it answers with in its responses (`x-api-error-codes`). CLIENT_CLOSED_REQUEST is only logged (499), never sent.',
  }),
  requestId: z.string().meta({ description: 'The X-Request-Id of the request.' }),
  validationErrors: z
    .array(validationIssueSchema)
    .optional()
    .meta({ description: 'Each field that failed validation (400 VALIDATION_FAILED and a few others).' }),
};

export const apiErrorSchema = z.object(apiErrorFields).meta({
  id: 'ApiError',
  description:
    'The body of every non-2xx JSON answer. SDKs raise it as one error type carrying these members.',
});

export const idempotencyKeyUsedErrorSchema = z
  .object({
    ...apiErrorFields,
    statusCode: z.literal(409),
    apiErrorCode: z.literal('IDEMPOTENCY_KEY_USED'),
    eventIds: z.array(z.string()).meta({
      description:
        'The ids of the events stored when the key was first received (its receipt): the request was already applied, so a client may treat this answer as success.',
    }),
  })
  .meta({
    id: 'IdempotencyKeyUsedError',
    description:
      '409: the idempotency key was already used within the last 24 hours. Nothing new was stored; `eventIds` are the first receipt.',
  });

export const storageQuotaExceededErrorSchema = z
  .object({
    ...apiErrorFields,
    statusCode: z.literal(507),
    apiErrorCode: z.literal('STORAGE_QUOTA_EXCEEDED'),
    quotaBytes: z.int().meta({ description: "The tenant's storage quota (UPLOAD_QUOTA_BYTES)." }),
    usedBytes: z.int().meta({ description: 'Bytes the tenant keeps in import and result files now.' }),
  })
  .meta({ id: 'StorageQuotaExceededError', description: 'The upload does not fit in the storage quota.' });

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 406 | 408 | 409 | 413 | 415 | 429 | 431 | 503 | 507;

/** One reason an operation answers an error status: its code, when, and a body schema other than ApiError. */
export interface ErrorCause {
  code: ApiErrorCode;
  when: string;
  schema?: z.ZodType;
}

export const cause = (code: ApiErrorCode, when: string, schema?: z.ZodType): ErrorCause => ({
  code,
  when,
  ...(schema && { schema }),
});

/** The body schema of an error response: ApiError, or each distinct variant its causes name. */
export function errorBodySchema(causes: ErrorCause[]): z.ZodType {
  const schemas = [...new Set(causes.map((c) => c.schema ?? apiErrorSchema))];
  return schemas.length === 1 ? schemas[0]! : z.union(schemas as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

/** A response description listing each cause, e.g. "- `USER_NOT_FOUND`: the user was never identified". */
export function errorDescription(causes: ErrorCause[]): string {
  return causes.map((c) => `- \`${c.code}\`: ${c.when}`).join('\n');
}

/** The codes a response may carry, in order, once each (the `x-api-error-codes` extension). */
export function errorCodes(causes: ErrorCause[]): ApiErrorCode[] {
  return [...new Set(causes.map((c) => c.code))];
}
