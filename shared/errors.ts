/**
 * The closed set of error codes the API answers with, and their HTTP statuses. Every non-2xx body is
 * { statusCode, message, apiErrorCode, requestId, validationErrors?, ...fields } (see
 * services/gateway/middleware/errors.ts).
 */
export const API_ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  /** Admin sign-in: wrong e-mail, password or tenant, all alike (no enumeration). */
  INVALID_LOGIN: 401,
  FORBIDDEN: 403,
  /** An admin call without the session's X-CSRF-Token, or from a foreign Origin. */
  CSRF_REJECTED: 403,
  /** The tenant requires two-factor sign-in and the operator has not enrolled yet. */
  TWO_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  CODE_TAKEN: 409,
  PAYMENT_PROVIDER_ID_IN_USE: 409,
  INSUFFICIENT_BALANCE: 409,
  IDEMPOTENCY_KEY_USED: 409,
  DO_NOT_TRACK: 409,
  /** An operator with this e-mail exists in the tenant. */
  OPERATOR_EXISTS: 409,
  /** The change would leave the tenant without an OWNER. */
  LAST_OWNER: 409,
  /** The tenant has MAX_API_KEYS_PER_TENANT active keys. */
  TOO_MANY_API_KEYS: 409,
  /** The tenant has MAX_OPERATORS_PER_TENANT operators. */
  TOO_MANY_OPERATORS: 409,
  /** A one-time set-password link that is unknown, used or expired (accounts). */
  ACCESS_LINK_INVALID: 410,
  /** Re-issuing an invitation to an operator who already set a password. */
  OPERATOR_NOT_PENDING: 409,
  /** A password change whose current password is wrong. */
  WRONG_PASSWORD: 403,
  INVALID_REFERRAL_CODE: 400,
  SELF_REFERRAL: 400,
  REFERRAL_CODE_NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  TOO_MANY_LOGIN_ATTEMPTS: 429,
  HEADERS_TOO_LARGE: 431,
  /** The client went away before the answer: logged at info, counted as 499 in metrics, never sent. */
  CLIENT_CLOSED_REQUEST: 499,
  GRAPHQL_QUERY_TOO_COMPLEX: 400,
  INVALID_SIGNATURE: 401,
  /** A Stripe delivery whose signature or signed timestamp does not verify (Stripe expects a 400). */
  SIGNATURE_REJECTED: 400,
  INTERNAL_ERROR: 500,
  SECRET_KEY_NOT_CONFIGURED: 503,
  SERVICE_UNAVAILABLE: 503,
  STORAGE_QUOTA_EXCEEDED: 507,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export interface ValidationIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly apiErrorCode: ApiErrorCode,
    message: string,
    readonly details: {
      validationErrors?: ValidationIssue[];
      headers?: Record<string, string>;
      /** Extra members of the error body (and of GraphQL extensions), e.g. the eventIds of a used key. */
      fields?: Record<string, unknown>;
      /** The underlying failure, for logs only (never shown to clients). */
      cause?: unknown;
    } = {},
  ) {
    // A client's error (4xx) is an answer, not a fault: no stack is captured for it (a replayed key's 409
    // is a hot path, where capturing stacks took 2 % of the gateway's CPU).
    const status = API_ERROR_STATUS[apiErrorCode];
    const stackTraceLimit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    try {
      super(message, details.cause === undefined ? undefined : { cause: details.cause });
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.name = 'AppError';
    this.statusCode = status;
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
