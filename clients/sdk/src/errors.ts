import { statusOfCode } from './error-codes';
import type { Job, ValidationIssue } from './types';

/**
 * Every non-2xx answer of the service, and every GraphQL answer with `errors`. The service's error body
 * is `{ statusCode, message, apiErrorCode, requestId, validationErrors?, ...fields }`; `fields` keeps
 * the extra members (e.g. `eventIds` of a used idempotency key).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status; for a GraphQL error answered with 200, the status of its code on REST (400, 404...). */
  readonly statusCode: number;
  /** The service's closed error code, e.g. `VALIDATION_FAILED`, `UNAUTHORIZED`, `USER_NOT_FOUND`. */
  readonly apiErrorCode: string;
  /** The request id (the body's, or the `X-Request-Id` header); quote it when asking for support. */
  readonly requestId: string | null;
  /** For input errors: each field and what is wrong with it. */
  readonly validationErrors: ValidationIssue[];
  /** Other members of the error body. */
  readonly fields: Record<string, unknown>;
  /** `Retry-After` of the answer in milliseconds, when it had one. */
  readonly retryAfterMs: number | null;

  constructor(init: {
    statusCode: number;
    message: string;
    apiErrorCode: string;
    requestId?: string | null;
    validationErrors?: ValidationIssue[];
    fields?: Record<string, unknown>;
    retryAfterMs?: number | null;
  }) {
    super(init.message);
    this.statusCode = init.statusCode;
    this.apiErrorCode = init.apiErrorCode;
    this.requestId = init.requestId ?? null;
    this.validationErrors = init.validationErrors ?? [];
    this.fields = init.fields ?? {};
    this.retryAfterMs = init.retryAfterMs ?? null;
  }
}

/**
 * No answer arrived (connection refused or reset, DNS failure, ...): the request may or may not have been
 * applied. Thrown after the retries a safe call is allowed; `cause` is the underlying failure.
 */
export class NetworkError extends Error {
  override readonly name: string = 'NetworkError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The call's `timeoutMs` passed before an answer (or its JSON body) arrived. */
export class TimeoutError extends NetworkError {
  override readonly name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms`);
  }
}

/** waitForImportJob's time ran out before the job ended; `job` is the last state seen. */
export class WaitTimeoutError extends Error {
  override readonly name = 'WaitTimeoutError';
  constructor(
    message: string,
    readonly job: Job,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function issues(value: unknown): ValidationIssue[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .map((v) => ({ path: String(v.path ?? ''), message: String(v.message ?? '') }));
}

/** An ApiError from a non-2xx answer's text (JSON in the service's shape, or anything a proxy sent). */
export function apiErrorFromBody(
  status: number,
  text: string,
  headers: { requestId: string | null; retryAfterMs: number | null; statusText?: string },
): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!isRecord(body)) {
    return new ApiError({
      statusCode: status,
      message: `HTTP ${status}${headers.statusText ? ` ${headers.statusText}` : ''}`,
      apiErrorCode: 'UNKNOWN',
      requestId: headers.requestId,
      retryAfterMs: headers.retryAfterMs,
    });
  }
  const { statusCode: _s, message, apiErrorCode, requestId, validationErrors, ...fields } = body;
  return new ApiError({
    statusCode: status,
    message: typeof message === 'string' ? message : `HTTP ${status}`,
    apiErrorCode: typeof apiErrorCode === 'string' ? apiErrorCode : 'UNKNOWN',
    requestId: typeof requestId === 'string' ? requestId : headers.requestId,
    validationErrors: issues(validationErrors),
    fields,
    retryAfterMs: headers.retryAfterMs,
  });
}

/**
 * An ApiError from the first error of a GraphQL answer (`extensions.code` is the apiErrorCode). Its
 * statusCode is the answer's HTTP status, or for an answer sent with 200, the REST status of the code.
 */
export function apiErrorFromGraphql(
  status: number,
  errors: unknown[],
  requestId: string | null,
  retryAfterMs: number | null = null,
): ApiError {
  const first = isRecord(errors[0]) ? errors[0] : {};
  const extensions = isRecord(first.extensions) ? first.extensions : {};
  const { code, validationErrors, ...fields } = extensions;
  const apiErrorCode = typeof code === 'string' ? code : 'UNKNOWN';
  return new ApiError({
    statusCode: status >= 200 && status < 300 ? statusOfCode(apiErrorCode) : status,
    message: typeof first.message === 'string' ? first.message : 'GraphQL error',
    apiErrorCode,
    requestId,
    validationErrors: issues(validationErrors),
    fields: { ...fields, ...(first.path !== undefined && { path: first.path }) },
    retryAfterMs,
  });
}
