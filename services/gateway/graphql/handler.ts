import type { IncomingMessage } from 'node:http';
import { GraphQLError, type ValidationRule } from 'graphql';
import { createHandler } from 'graphql-http';
import { createComplexityRule, fieldExtensionsEstimator, simpleEstimator } from 'graphql-query-complexity';
import type { Middleware } from 'koa';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../../../shared/logger';
import type { GatewayDeps, GatewayState } from '../context';
import { readBodyText } from '../middleware/body';
import type { GraphQLContext } from './context';
import { depthLimitRule, TOO_COMPLEX } from './limits';
import { buildSchema } from './schema';

interface RequestContext {
  gql: GraphQLContext;
}

/**
 * Every GraphQL error carries extensions.code from the API's closed set. Resolver failures that are
 * not AppErrors are logged with the request id and shown only as INTERNAL_ERROR.
 */
export function formatGraphQLError(err: Readonly<GraphQLError | Error>, log: Logger): GraphQLError {
  const gqlError = err instanceof GraphQLError ? err : new GraphQLError(err.message, { originalError: err });
  const original = gqlError.originalError;
  if (original instanceof AppError) {
    return new GraphQLError(original.message, {
      nodes: gqlError.nodes,
      path: gqlError.path,
      extensions: {
        code: original.apiErrorCode,
        ...(original.details.validationErrors ? { validationErrors: original.details.validationErrors } : {}),
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

/** GraphQL over HTTP (POST, and GET for queries) with graphql-http, behind the gateway's auth and body limit. */
export function graphqlHandler(deps: GatewayDeps): Middleware<GatewayState> {
  const { GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_COMPLEXITY, BODY_LIMIT_BYTES } = deps.config;
  const handle = createHandler<IncomingMessage, RequestContext, GraphQLContext>({
    schema: buildSchema(),
    context: (req) => req.context.gql,
    validationRules: (_req, args, specifiedRules): ValidationRule[] => [
      ...specifiedRules,
      depthLimitRule(GRAPHQL_MAX_DEPTH),
      createComplexityRule({
        maximumComplexity: GRAPHQL_MAX_COMPLEXITY,
        variables: (args.variableValues as Record<string, unknown> | undefined) ?? {},
        estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
        createError: (max, actual) =>
          new GraphQLError(`Query complexity ${actual} exceeds the maximum of ${max}`, {
            extensions: { code: TOO_COMPLEX },
          }),
      }),
    ],
    formatError: (err) => formatGraphQLError(err, deps.logger),
  });

  return async (ctx) => {
    const { tenant, principal, requestId, log } = ctx.state;
    if (!tenant || !principal) throw new AppError('UNAUTHORIZED', 'Missing or invalid credentials');
    const body = ctx.method === 'POST' ? await readBodyText(ctx, BODY_LIMIT_BYTES) : null;
    const [responseBody, init] = await handle({
      url: ctx.url,
      method: ctx.method,
      headers: ctx.headers,
      body: () => body,
      raw: ctx.req,
      context: { gql: { deps, tenant, principal, requestId, log } },
    });
    ctx.status = init.status;
    for (const [name, value] of Object.entries(init.headers ?? {})) ctx.set(name, String(value));
    ctx.body = responseBody ?? '';
  };
}
