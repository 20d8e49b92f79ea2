import 'zod-openapi';
import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { apiErrorSchema, cause } from '../errors';
import { allowHeader, commonHeaders, rateLimitedRouteHeaders, retryAfterHeader } from '../headers';
import { bytes, CONFIG_DEFAULTS } from '../limits';
import { operation } from '../operation';
import { graphqlResponseSchema } from '../responses/system';
import { API, tenantPathSchema } from './common';

/*
 * GraphQL over HTTP (graphql-http, services/gateway/graphql/handler.ts). graphql-http reads and checks
 * the request itself, so these request schemas describe what it accepts; the schema's types and
 * operations are in the SDL at GET /schema.graphql.
 */

const graphqlQuerySchema = z.object({
  query: z.string().meta({
    description:
      'The GraphQL document (a query: mutations need POST). An empty or unparsable document is a request error, answered like any other (200 with errors, or 400 with application/graphql-response+json).',
  }),
  variables: z.string().optional().meta({ description: 'The variables as a JSON object, serialized.' }),
  operationName: z.string().optional(),
  extensions: z.string().optional().meta({ description: 'A JSON object, serialized.' }),
});

const graphqlBodySchema = z
  .object({
    query: z.string().meta({
      description:
        'The GraphQL document. An empty or unparsable document is a request error, answered like any other (200 with errors, or 400 with application/graphql-response+json).',
    }),
    variables: z.record(z.string(), z.unknown()).nullable().optional(),
    operationName: z.string().nullable().optional(),
    extensions: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .meta({ id: 'GraphQLRequest' });

/** A GraphQL result as either media type graphql-http answers with (by the request's Accept). */
function graphqlResult(
  description: string,
  headers: Record<string, z.ZodType>,
  alsoApiError = false,
): ZodOpenApiResponseObject {
  const json = alsoApiError ? z.union([graphqlResponseSchema, apiErrorSchema]) : graphqlResponseSchema;
  return {
    description,
    headers: z.object(headers),
    content: {
      'application/json': { schema: json },
      'application/graphql-response+json': { schema: graphqlResponseSchema },
    },
  };
}

const DESCRIPTION = [
  "The full GraphQL API (the schema's SDL: GET /schema.graphql): the tenant, program, accounts, rewards and balances, user events, the payment processor connection, and bulk imports (`validateJobCreation`, `createJob`, `job`, `jobs`, `abortJob`; `createJob` with an `idempotencyKey` returns the job that key created first).",
  '',
  `Errors carry \`extensions.code\` from the API's closed set. Limits: depth GRAPHQL_MAX_DEPTH (default ${CONFIG_DEFAULTS.GRAPHQL_MAX_DEPTH}), cost GRAPHQL_MAX_COMPLEXITY (default ${CONFIG_DEFAULTS.GRAPHQL_MAX_COMPLEXITY}).`,
  'With `Accept: application/graphql-response+json` a request error is 400; with `application/json` it is 200 with `errors` (GraphQL over HTTP).',
].join('\n');

const ok = graphqlResult('The result (data and, for field errors, errors).', rateLimitedRouteHeaders);
const badRequest = {
  ...graphqlResult(
    'A request error: a malformed request or document, an unknown query parameter on GET (`VALIDATION_FAILED` as an ApiError), or one that fails validation (`VALIDATION_FAILED`, `GRAPHQL_QUERY_TOO_COMPLEX`) as a GraphQL result; a body that is not UTF-8 JSON or holds a number too large for a double (`INVALID_JSON`) or a malformed HTTP request as an ApiError.',
    commonHeaders,
    true,
  ),
  'x-api-error-codes': ['VALIDATION_FAILED', 'GRAPHQL_QUERY_TOO_COMPLEX', 'INVALID_JSON'],
} as ZodOpenApiResponseObject;
const unavailable = {
  ...graphqlResult(
    'SERVICE_UNAVAILABLE: an outage (database, Temporal) while resolving, as a GraphQL result, or before it (connection limit, database) as an ApiError. Safe to retry after Retry-After.',
    { ...commonHeaders, 'Retry-After': retryAfterHeader },
    true,
  ),
  'x-api-error-codes': ['SERVICE_UNAVAILABLE'],
} as ZodOpenApiResponseObject;
const notAcceptable = cause(
  'NOT_ACCEPTABLE',
  'Accept allows neither application/graphql-response+json nor application/json',
);

function graphqlOperation(
  spec: Pick<ZodOpenApiOperationObject, 'requestParams' | 'requestBody'> & { get: boolean },
) {
  return operation({
    operationId: spec.get ? 'graphqlGet' : 'graphqlPost',
    tag: 'GraphQL',
    auth: 'apiKey',
    summary: spec.get ? 'Run a GraphQL query (GET)' : 'Run a GraphQL operation',
    description: DESCRIPTION,
    requestParams: spec.requestParams,
    requestBody: spec.requestBody,
    ...(spec.get
      ? {}
      : {
          body: {
            limit: `BODY_LIMIT_BYTES (default ${bytes(CONFIG_DEFAULTS.BODY_LIMIT_BYTES)})`,
            types: 'application/json (UTF-8)',
          },
        }),
    responses: {
      200: ok,
      400: badRequest,
      ...(spec.get
        ? {
            405: {
              description: '- `METHOD_NOT_ALLOWED`: a mutation sent with GET',
              headers: z.object({ ...commonHeaders, Allow: allowHeader }),
              content: { 'application/json': { schema: apiErrorSchema } },
              'x-api-error-codes': ['METHOD_NOT_ALLOWED'],
            } as ZodOpenApiResponseObject,
          }
        : {
            409: {
              ...graphqlResult(
                'IDEMPOTENCY_KEY_USED: a `logUserEvent(s)` idempotency key used within the last 24 hours (`errors[0].extensions.eventIds` are the first receipt; `data: null`). Already applied: safe to treat as success.',
                commonHeaders,
              ),
              'x-api-error-codes': ['IDEMPOTENCY_KEY_USED'],
            } as ZodOpenApiResponseObject,
          }),
      503: unavailable,
    },
    errors: { 406: [notAcceptable] },
  });
}

export const graphqlPaths: ZodOpenApiPathsObject = {
  [`${API}/graphql`]: {
    get: graphqlOperation({
      get: true,
      requestParams: { path: tenantPathSchema, query: graphqlQuerySchema },
    }),
    post: graphqlOperation({
      get: false,
      requestParams: { path: tenantPathSchema },
      requestBody: { required: true, content: { 'application/json': { schema: graphqlBodySchema } } },
    }),
  },
};
