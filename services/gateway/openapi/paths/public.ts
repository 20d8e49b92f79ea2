import 'zod-openapi';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  cacheControlHeader,
  commonHeaders,
  contentSecurityPolicyHeader,
  etagHeader,
  locationHeader,
  retryAfterHeader,
} from '../headers';
import { jsonResponse, operation } from '../operation';
import { healthSchema, notReadyErrorSchema, readinessSchema } from '../responses/system';

const html = { 'text/html': { schema: z.string() } };

export const publicPaths: ZodOpenApiPathsObject = {
  '/healthz': {
    get: operation({
      operationId: 'healthz',
      tag: 'Operations',
      auth: 'none',
      probe: true,
      summary: 'Liveness',
      description: 'The process is up. Answered on every connection, even past the connection limit.',
      responses: { 200: jsonResponse('Up.', healthSchema) },
    }),
  },
  '/readyz': {
    get: operation({
      operationId: 'readyz',
      tag: 'Operations',
      auth: 'none',
      probe: true,
      summary: 'Readiness',
      description:
        'PostgreSQL (on a connection of its own) and Temporal each reachable within 2 s. Answered on every connection, even past the connection limit.',
      responses: {
        200: jsonResponse('Ready.', readinessSchema),
        503: {
          ...jsonResponse(
            '- `SERVICE_UNAVAILABLE`: a dependency is unreachable (`checks` says which)',
            notReadyErrorSchema,
            { ...commonHeaders, 'Retry-After': retryAfterHeader },
          ),
          'x-api-error-codes': ['SERVICE_UNAVAILABLE'],
        } as ReturnType<typeof jsonResponse>,
      },
    }),
  },
  '/metrics': {
    get: operation({
      operationId: 'metrics',
      tag: 'Operations',
      auth: 'none',
      probe: true,
      summary: 'Prometheus metrics',
      description:
        "The gateway's metrics in the Prometheus text format (request durations by route template, cache, rate limits, connections, ...).",
      responses: {
        200: {
          description: 'The metrics.',
          headers: z.object(commonHeaders),
          content: { 'text/plain': { schema: z.string() } },
        },
      },
    }),
  },
  '/r/{tenantAlias}/{code}': {
    get: operation({
      operationId: 'followShareLink',
      tag: 'Share links',
      auth: 'none',
      summary: 'Follow a share link',
      description:
        "A referrer's public link: 302 to the program's landing URL with `rsCode={code}`, or the hosted landing page when the program has none. An unknown tenant and an unknown code get the same HTML 404 page. A GET is counted as a visit (HEAD is not).",
      requestParams: {
        path: z.object({
          tenantAlias: z
            .string()
            .min(1)
            .meta({ description: "The program's tenant alias (anything else is the 404 page)." }),
          code: z
            .string()
            .min(1)
            .meta({ description: 'A share code, any case (anything else is the 404 page).' }),
        }),
      },
      responses: {
        200: {
          description: 'The hosted landing page (strict CSP).',
          headers: z.object({ ...commonHeaders, 'Content-Security-Policy': contentSecurityPolicyHeader }),
          content: html,
        },
        302: {
          description: "To the program's landing URL with rsCode (and Koa's one-line note saying so).",
          headers: z.object({
            ...commonHeaders,
            Location: locationHeader,
            'Cache-Control': cacheControlHeader,
          }),
          content: { 'text/html': { schema: z.string() }, 'text/plain': { schema: z.string() } },
        },
        404: {
          description: 'The friendly HTML 404 page: unknown tenant or code (alike).',
          headers: z.object({ ...commonHeaders, 'Content-Security-Policy': contentSecurityPolicyHeader }),
          content: html,
        },
      },
    }),
  },
  '/openapi.json': {
    get: operation({
      operationId: 'getOpenApiDocument',
      tag: 'Reference',
      auth: 'none',
      summary: 'This document',
      description: 'The OpenAPI 3.1 document of the REST API. Revalidate with If-None-Match (ETag).',
      responses: {
        200: {
          description: 'The document.',
          headers: z.object({ ...commonHeaders, ETag: etagHeader, 'Cache-Control': cacheControlHeader }),
          content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
        },
        304: {
          description: 'The document has not changed (If-None-Match).',
          headers: z.object({ ...commonHeaders, ETag: etagHeader }),
        },
      },
    }),
  },
  '/docs': {
    get: operation({
      operationId: 'getApiReference',
      tag: 'Reference',
      auth: 'none',
      summary: 'API reference page',
      description:
        'This document rendered by Swagger UI, served from this gateway (no CDN), with a strict CSP.',
      responses: {
        200: {
          description: 'The HTML page.',
          headers: z.object({ ...commonHeaders, 'Content-Security-Policy': contentSecurityPolicyHeader }),
          content: html,
        },
      },
    }),
  },
  '/schema.graphql': {
    get: operation({
      operationId: 'getGraphqlSchema',
      tag: 'Reference',
      auth: 'none',
      summary: 'The GraphQL schema (SDL)',
      description:
        "The GraphQL API's schema in the schema definition language, for code generators and IDEs.",
      responses: {
        200: {
          description: 'The SDL.',
          headers: z.object({ ...commonHeaders, ETag: etagHeader, 'Cache-Control': cacheControlHeader }),
          content: { 'text/plain': { schema: z.string() } },
        },
        304: {
          description: 'The schema has not changed (If-None-Match).',
          headers: z.object({ ...commonHeaders, ETag: etagHeader }),
        },
      },
    }),
  },
};
