import { ApiError, apiErrorFromGraphql } from './errors';
import { toApiError, type IdempotentCallOptions, type Transport } from './http';
import { parseRetryAfter } from './retry';

/** Options of a raw GraphQL call. */
export interface GraphqlCallOptions extends IdempotentCallOptions {
  /** The operation to run when the document holds several. */
  operationName?: string;
}

export type GraphqlOutcome<T> = { ok: true; data: T } | { ok: false; error: ApiError };

interface GraphqlBody {
  data?: unknown;
  errors?: unknown[];
}

/**
 * POST /graphql. A GraphQL answer with `errors` (any status: 200, 400, 403, 409, 503) is an ApiError from
 * the first error, its `extensions.code` as apiErrorCode; an answer in the REST error shape (401, 413, ...)
 * is an ApiError as on REST.
 */
export async function runGraphql<T>(
  transport: Transport,
  spec: { operation: string; query: string; variables?: Record<string, unknown>; retryable: boolean },
  call: GraphqlCallOptions = {},
): Promise<GraphqlOutcome<T>> {
  const answer = await transport.requestJson<GraphqlBody>(
    {
      operation: spec.operation,
      method: 'POST',
      path: '/graphql',
      json: {
        query: spec.query,
        variables: spec.variables ?? {},
        ...(call.operationName !== undefined && { operationName: call.operationName }),
      },
      retryable: spec.retryable,
      accept: 'application/graphql-response+json, application/json;q=0.9',
    },
    call,
  );
  const requestId = answer.headers.get('x-request-id');
  let body: GraphqlBody | undefined;
  if (answer.ok) {
    body = answer.value;
  } else {
    try {
      body = JSON.parse(answer.text) as GraphqlBody;
    } catch {
      body = undefined;
    }
  }
  if (body && Array.isArray(body.errors) && body.errors.length > 0) {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
    return { ok: false, error: apiErrorFromGraphql(answer.status, body.errors, requestId, retryAfterMs) };
  }
  if (!answer.ok) return { ok: false, error: toApiError(answer) };
  if (!body || typeof body.data !== 'object' || body.data === null) {
    return {
      ok: false,
      error: new ApiError({
        statusCode: answer.status,
        message: 'The GraphQL answer has neither data nor errors',
        apiErrorCode: 'INVALID_RESPONSE',
        requestId,
      }),
    };
  }
  return { ok: true, data: body.data as T };
}

/** runGraphql, throwing the ApiError. */
export async function graphqlData<T>(
  transport: Transport,
  spec: { operation: string; query: string; variables?: Record<string, unknown>; retryable: boolean },
  call?: GraphqlCallOptions,
): Promise<T> {
  const outcome = await runGraphql<T>(transport, spec, call);
  if (!outcome.ok) throw outcome.error;
  return outcome.data;
}

/** A raw GraphQL call: the `data` of the answer; errors throw ApiError. */
export function graphql<T = Record<string, unknown>>(
  transport: Transport,
  query: string,
  variables?: Record<string, unknown>,
  call: GraphqlCallOptions = {},
): Promise<T> {
  return graphqlData<T>(
    transport,
    { operation: 'graphql', query, variables, retryable: call.idempotent ?? false },
    call,
  );
}
