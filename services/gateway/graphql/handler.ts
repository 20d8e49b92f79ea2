import type { IncomingMessage } from 'node:http';
import { getOperationAST, GraphQLError, Kind, type GraphQLSchema, type ValidationRule } from 'graphql';
import { createHandler } from 'graphql-http';
import type { Middleware } from 'koa';
import { dbUnavailable, isDbUnavailableError, RETRY_AFTER_SECONDS } from '../../../shared/db/db-errors';
import { AppError, type ApiErrorCode } from '../../../shared/errors';
import type { Logger } from '../../../shared/logger';
import type { GatewayDeps, GatewayState } from '../context';
import { readBodyText, refuseNonFiniteNumbers } from '../middleware/body';
import type { GraphQLContext } from './context';
import { parseBoundedDocument } from './document';
import { auditClientOf } from '../audit-client';
import { complexityLimitRule, depthLimitRule, outboundCallsRule, withRefusal } from './limits';
import { auditMutations, isDataPlaneMutation, readOnlyRules } from './operator-guard';
import { buildSchema } from './schema';

interface RequestContext {
  gql: GraphQLContext;
  /** An HTTP status the operation's errors call for instead of graphql-http's (see STATUS_FOR_CODE). */
  status?: number;
  /** A mutation that can change cached data: this gateway drops what it caches of the tenant once done. */
  mutation?: boolean;
}

/**
 * Error codes that change the HTTP status of a GraphQL response: a replayed idempotency key is 409, as
 * on REST, so clients and proxies that only look at the status see the conflict; an outage is 503 with
 * Retry-After, which clients and load balancers retry (a 200 with errors they would not).
 */
const STATUS_FOR_CODE: Partial<Record<string, number>> = {
  IDEMPOTENCY_KEY_USED: 409,
  // Only the admin portal's roles refuse this way (a VIEWER, an ADMIN changing the team).
  FORBIDDEN: 403,
  SERVICE_UNAVAILABLE: 503,
};

/**
 * Every GraphQL error carries extensions.code from the API's closed set. Resolver failures that are
 * not AppErrors are logged with the request id and shown only as INTERNAL_ERROR.
 */
export function formatGraphQLError(err: Readonly<GraphQLError | Error>, log: Logger): GraphQLError {
  if (!(err instanceof GraphQLError) && !(err instanceof AppError)) {
    // graphql-http hands over plain Errors only for malformed requests (missing or non-string query,
    // unparsable JSON body, variables that are not a map, ...); resolver errors always arrive wrapped.
    return new GraphQLError(err.message, { extensions: { code: 'VALIDATION_FAILED' } });
  }
  const gqlError = err instanceof GraphQLError ? err : new GraphQLError(err.message, { originalError: err });
  const original =
    gqlError.originalError && isDbUnavailableError(gqlError.originalError)
      ? dbUnavailable(gqlError.originalError)
      : gqlError.originalError;
  if (original instanceof AppError) {
    if (original.apiErrorCode === 'SERVICE_UNAVAILABLE') {
      log.warn({ err: original.details.cause ?? original, path: gqlError.path }, original.message);
    }
    return new GraphQLError(original.message, {
      nodes: gqlError.nodes,
      path: gqlError.path,
      extensions: {
        code: original.apiErrorCode,
        ...(original.details.validationErrors ? { validationErrors: original.details.validationErrors } : {}),
        ...original.details.fields,
      },
    });
  }
  if (original && !(original instanceof GraphQLError)) {
    log.error({ err: original, path: gqlError.path }, 'GraphQL resolver failed');
    return new GraphQLError('Internal server error', {
      nodes: gqlError.nodes,
      path: gqlError.path,
      extensions: { code: 'INTERNAL_ERROR' },
    });
  }
  // Syntax and validation errors (including input coercion) are the client's to fix.
  const code = typeof gqlError.extensions.code === 'string' ? gqlError.extensions.code : 'VALIDATION_FAILED';
  return new GraphQLError(gqlError.message, {
    nodes: gqlError.nodes,
    source: gqlError.source,
    positions: gqlError.positions,
    path: gqlError.path,
    extensions: { ...gqlError.extensions, code },
  });
}

/**
 * graphql-http's protocol-level refusals carry no GraphQL result (an empty body, or for a mutation over
 * GET an error without extensions.code, both as text/plain); they are answered in the API's error shape.
 */
const PROTOCOL_ERRORS: Partial<Record<number, { code: ApiErrorCode; message: (method: string) => string }>> =
  {
    405: {
      code: 'METHOD_NOT_ALLOWED',
      message: (method) =>
        method === 'GET'
          ? 'Mutations must be sent with POST'
          : `Method ${method} is not allowed; use GET or POST`,
    },
    406: {
      code: 'NOT_ACCEPTABLE',
      message: () => 'Accept must allow application/graphql-response+json or application/json',
    },
    415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: () => 'Content-Type must be application/json (UTF-8)' },
  };

/**
 * A POST body as graphql-http takes it, parsed here so that numbers too large for a double are refused
 * (400 INVALID_JSON) as on REST instead of reaching resolvers as Infinity. Anything but a JSON object is
 * handed over as text, for graphql-http to refuse in its own words.
 */
function requestBody(text: string): string | Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return text;
  refuseNonFiniteNumbers(text, value);
  return value as Record<string, unknown>;
}

/** The parameters GraphQL over HTTP defines for GET; any other is refused, naming it, as a REST field would be. */
const GET_PARAMETERS = new Set(['query', 'variables', 'operationName', 'extensions']);

function refuseUnknownGetParameters(query: Record<string, unknown>): void {
  const unknown = Object.keys(query).filter((name) => !GET_PARAMETERS.has(name));
  if (unknown.length === 0) return;
  throw new AppError('VALIDATION_FAILED', `Unknown query parameter: ${unknown[0]}`, {
    validationErrors: unknown.map((name) => ({
      path: name,
      message: 'not a GraphQL over HTTP parameter (query, variables, operationName, extensions)',
    })),
  });
}

/**
 * The executable schema with the mutations' audit wrapped in, built once per process on first use and
 * shared by the API's and the admin portal's handlers (it is pure: resolvers read everything from context).
 */
let servedSchema: GraphQLSchema | undefined;
function schemaToServe(): GraphQLSchema {
  servedSchema ??= auditMutations(buildSchema());
  return servedSchema;
}

/** GraphQL over HTTP (POST, and GET for queries) with graphql-http, behind the gateway's auth and body limit. */
export function graphqlHandler(deps: GatewayDeps): Middleware<GatewayState> {
  const { GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_COMPLEXITY, GRAPHQL_MAX_OUTBOUND_CALLS, BODY_LIMIT_BYTES } =
    deps.config;
  const handle = createHandler<IncomingMessage, RequestContext, GraphQLContext>({
    schema: schemaToServe(),
    parse: parseBoundedDocument,
    context: (req) => req.context.gql,
    validationRules: (req, args, specifiedRules): ValidationRule[] => [
      ...specifiedRules,
      ...[
        depthLimitRule(GRAPHQL_MAX_DEPTH),
        outboundCallsRule(GRAPHQL_MAX_OUTBOUND_CALLS),
        complexityLimitRule(
          GRAPHQL_MAX_COMPLEXITY,
          (args.variableValues as Record<string, unknown> | undefined) ?? {},
        ),
      ].map((rule) =>
        withRefusal(rule, () => {
          req.context.status = 400;
        }),
      ),
      ...readOnlyRules(req.context.gql.principal, () => {
        req.context.status = 403;
      }),
    ],
    // Execution errors are formatted here, where the request's logger (with its request id) is at hand;
    // makeResponse formats them again through formatError, which leaves formatted errors unchanged.
    onOperation: (req, args, result) => {
      const operation = getOperationAST(args.document, args.operationName);
      // Only a mutation that can change what the gateway caches (not the event-logging hot path).
      req.context.mutation =
        operation?.operation === 'mutation' &&
        operation.selectionSet.selections.some(
          (s) => s.kind !== Kind.FIELD || !isDataPlaneMutation(s.name.value),
        );
      if (!('errors' in result) || !result.errors) return undefined;
      const errors = result.errors.map((err) => formatGraphQLError(err, req.context.gql.log));
      for (const err of errors) req.context.status ??= STATUS_FOR_CODE[String(err.extensions.code)];
      return { ...result, errors };
    },
    formatError: (err) => formatGraphQLError(err, deps.logger),
  });

  return async (ctx) => {
    const { tenant, principal, requestId, log } = ctx.state;
    if (!tenant || !principal) throw new AppError('UNAUTHORIZED', 'Missing or invalid credentials');
    if (ctx.method === 'GET') refuseUnknownGetParameters(ctx.query);
    const body = ctx.method === 'POST' ? requestBody(await readBodyText(ctx, BODY_LIMIT_BYTES)) : null;
    const client = auditClientOf(ctx, deps.config);
    const context: RequestContext = { gql: { deps, tenant, principal, requestId, log, client } };
    const [responseBody, init] = await handle({
      url: ctx.url,
      method: ctx.method,
      headers: ctx.headers,
      body: () => body,
      raw: ctx.req,
      context,
    });
    const refusal = PROTOCOL_ERRORS[init.status];
    if (refusal) {
      const allow = init.headers?.allow;
      throw new AppError(
        refusal.code,
        refusal.message(ctx.method),
        allow ? { headers: { Allow: allow } } : {},
      );
    }
    // Read your own writes: the NOTIFY that tells every gateway about the change reaches this one a little
    // later, and the client's next request (a share link after a program change) must not see the old one.
    if (context.mutation) deps.cache.invalidate(tenant.id);
    ctx.status = context.status ?? init.status;
    if (ctx.status === 503) ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
    for (const [name, value] of Object.entries(init.headers ?? {})) ctx.set(name, String(value));
    ctx.body = responseBody ?? '';
  };
}
