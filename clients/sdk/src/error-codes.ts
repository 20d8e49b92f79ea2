/**
 * The service's error codes and the HTTP status each stands for (a copy of shared/errors.ts
 * API_ERROR_STATUS, kept equal by test/integration/sdk-retries.test.ts). GraphQL answers most errors
 * with HTTP 200; the SDK gives such an ApiError the status its code has on REST.
 */
export const API_ERROR_STATUS: Readonly<Record<string, number>> = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  INVALID_LOGIN: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
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
  OPERATOR_EXISTS: 409,
  LAST_OWNER: 409,
  TOO_MANY_API_KEYS: 409,
  TOO_MANY_OPERATORS: 409,
  INVALID_REFERRAL_CODE: 400,
  SELF_REFERRAL: 400,
  REFERRAL_CODE_NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  TOO_MANY_LOGIN_ATTEMPTS: 429,
  HEADERS_TOO_LARGE: 431,
  CLIENT_CLOSED_REQUEST: 499,
  GRAPHQL_QUERY_TOO_COMPLEX: 400,
  INVALID_SIGNATURE: 401,
  INTERNAL_ERROR: 500,
  SECRET_KEY_NOT_CONFIGURED: 503,
  SERVICE_UNAVAILABLE: 503,
  STORAGE_QUOTA_EXCEEDED: 507,
};

/** The status an error code stands for: its REST status, else 400 for a code this SDK does not know. */
export function statusOfCode(code: string): number {
  return API_ERROR_STATUS[code] ?? 400;
}
