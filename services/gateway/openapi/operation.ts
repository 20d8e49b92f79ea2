import type {
  ZodOpenApiOperationObject,
  ZodOpenApiResponseObject,
  ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { z } from 'zod';
import {
  cause,
  errorBodySchema,
  errorCodes,
  errorDescription,
  type ErrorCause,
  type ErrorStatus,
} from './errors';
import { commonHeaders, rateLimitedRouteHeaders, retryAfterHeader, wwwAuthenticateHeader } from './headers';
import { CONFIG_DEFAULTS } from './limits';

/** Who may call an operation: the tenant API key, the key or that user's JWT, or anyone. */
export type Auth = 'apiKey' | 'apiKeyOrUserJwt' | 'none';

export interface OperationSpec extends Omit<ZodOpenApiOperationObject, 'responses' | 'security' | 'tags'> {
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  auth: Auth;
  /** Served on every connection, even past the connection cap (/healthz, /readyz, /metrics). */
  probe?: boolean;
  /** Reads a bounded JSON, form or GraphQL body (408 when it stalls, 413 over its limit, 415 for another type). */
  body?: { limit: string; types: string };
  /** Success answers (and any answer the operation describes in full itself). */
  responses: ZodOpenApiResponsesObject;
  /** Error answers with the ApiError body (or a variant), by status; common ones are added. */
  errors?: Partial<Record<ErrorStatus, ErrorCause[]>>;
}

const SECURITY: Record<Auth, ZodOpenApiOperationObject['security']> = {
  apiKey: [{ apiKeyBasic: [] }],
  apiKeyOrUserJwt: [{ apiKeyBasic: [] }, { userJwt: [] }],
  none: [],
};

/** Headers an error answer carries besides X-Request-Id. */
function errorHeaders(status: ErrorStatus, auth: Auth): Record<string, z.ZodType> {
  if (status === 401 && auth !== 'none') return { 'WWW-Authenticate': wwwAuthenticateHeader };
  if (status === 429) return { ...rateLimitedRouteHeaders, 'Retry-After': retryAfterHeader };
  // Every SERVICE_UNAVAILABLE has one; SECRET_KEY_NOT_CONFIGURED (also 503) has none.
  if (status === 503) return { 'Retry-After': retryAfterHeader.optional() };
  return {};
}

function errorResponse(status: ErrorStatus, causes: ErrorCause[], auth: Auth): ZodOpenApiResponseObject {
  return {
    description: errorDescription(causes),
    headers: z.object({ ...commonHeaders, ...errorHeaders(status, auth) }),
    content: { 'application/json': { schema: errorBodySchema(causes) } },
    'x-api-error-codes': errorCodes(causes),
  } as ZodOpenApiResponseObject;
}

/** The error causes every operation of its kind shares, before its own. */
function commonCauses(spec: OperationSpec): Partial<Record<ErrorStatus, ErrorCause[]>> {
  const common: Partial<Record<ErrorStatus, ErrorCause[]>> = {
    400: [cause('VALIDATION_FAILED', 'the HTTP request itself is malformed (answered before routing)')],
    408: [
      cause(
        'REQUEST_TIMEOUT',
        `the request headers did not arrive within HTTP_HEADERS_TIMEOUT_MS (default ${CONFIG_DEFAULTS.HTTP_HEADERS_TIMEOUT_MS} ms); the connection is closed`,
      ),
    ],
    431: [cause('HEADERS_TOO_LARGE', 'the request headers are too large; the connection is closed')],
  };
  if (!spec.probe) {
    common[503] = [
      cause(
        'SERVICE_UNAVAILABLE',
        `the gateway is at its connection limit (MAX_CONNECTIONS, default ${CONFIG_DEFAULTS.MAX_CONNECTIONS}; Retry-After: 1), or the database is briefly unreachable (Retry-After: 5). Safe to retry after Retry-After.`,
      ),
    ];
  }
  if (spec.auth !== 'none') {
    common[401] = [
      cause(
        'UNAUTHORIZED',
        spec.auth === 'apiKey'
          ? 'missing or wrong API key, another tenant’s key, or an unknown tenant (all alike)'
          : 'missing or invalid credentials (API key or user JWT: bad signature, expired, `exp` too far ahead, missing `exp` where the program requires it), or an unknown tenant (all alike)',
      ),
    ];
    common[429] = [
      cause(
        'RATE_LIMITED',
        `the tenant's requests to this gateway are over its rate limit (RATE_LIMIT_RPS / RATE_LIMIT_BURST, default ${CONFIG_DEFAULTS.RATE_LIMIT_RPS}/s with bursts of ${CONFIG_DEFAULTS.RATE_LIMIT_BURST}, or the tenant's own); retry after Retry-After`,
      ),
    ];
  }
  if (spec.body) {
    common[408] = [
      ...common[408]!,
      cause(
        'REQUEST_TIMEOUT',
        `the body did not arrive whole within HTTP_REQUEST_TIMEOUT_MS (default ${CONFIG_DEFAULTS.HTTP_REQUEST_TIMEOUT_MS} ms) or stalled for HTTP_BODY_IDLE_TIMEOUT_MS (default ${CONFIG_DEFAULTS.HTTP_BODY_IDLE_TIMEOUT_MS} ms); the connection is closed`,
      ),
    ];
    common[413] = [cause('PAYLOAD_TOO_LARGE', `the body is larger than ${spec.body.limit}`)];
    common[415] = [cause('UNSUPPORTED_MEDIA_TYPE', `the body is not ${spec.body.types}`)];
  }
  return common;
}

/** An operation with its security, its common error answers (each with X-Request-Id) and its own. */
export function operation(spec: OperationSpec): ZodOpenApiOperationObject {
  const { tag, auth, probe: _probe, body: _body, errors = {}, responses, ...rest } = spec;
  const causes = commonCauses(spec);
  for (const [status, own] of Object.entries(errors) as [string, ErrorCause[]][]) {
    const key = Number(status) as ErrorStatus;
    causes[key] = [...own, ...(causes[key] ?? [])];
  }
  const all: ZodOpenApiResponsesObject = {};
  const statuses = new Set([...Object.keys(responses), ...Object.keys(causes)].map(Number));
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const key = String(status) as keyof ZodOpenApiResponsesObject & `${1 | 2 | 3 | 4 | 5}${string}`;
    all[key] = responses[key] ?? errorResponse(status as ErrorStatus, causes[status as ErrorStatus]!, auth);
  }
  return { ...rest, tags: [tag], security: SECURITY[auth], responses: all };
}

/** A success answer with a JSON body. */
export function jsonResponse(
  description: string,
  schema: z.ZodType,
  headers: Record<string, z.ZodType> = commonHeaders,
): ZodOpenApiResponseObject {
  return { description, headers: z.object(headers), content: { 'application/json': { schema } } };
}
