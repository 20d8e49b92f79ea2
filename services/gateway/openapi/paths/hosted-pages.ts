import 'zod-openapi';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { clickBeaconPathSchema } from '../../routes/click-beacons.schema';
import { cause } from '../errors';
import { cacheControlHeader, commonHeaders, rateLimitedRouteHeaders } from '../headers';
import { jsonResponse, operation } from '../operation';
import { programSchema } from '../responses/program';
import { API, tenantPathSchema } from './common';

/** Hosted pages: the program's logo, the share images and the merchant-domain click beacon. */
const png = {
  description: 'The PNG (X-Content-Type-Options: nosniff).',
  headers: z.object({ ...commonHeaders, 'Cache-Control': cacheControlHeader }),
  content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } },
};
const imagePath = z.object({
  tenantAlias: z.string().min(1).meta({ description: "The program's tenant alias." }),
  file: z.string().min(1),
});

export const hostedPagePaths: ZodOpenApiPathsObject = {
  [`${API}/program/logo`]: {
    put: operation({
      operationId: 'uploadProgramLogo',
      tag: 'Program',
      auth: 'apiKey',
      body: { limit: '512 KB', types: 'image/png, image/jpeg or image/webp (recognised by content)' },
      summary: "Set the hosted pages' logo",
      description:
        "The body is the image: PNG or JPEG by its magic bytes (any Content-Type), at most 512 KB and 2048x2048; a WebP is recognised but refused (400 saying so: the server's image library decodes PNG and JPEG only). Re-encoded to PNG (metadata and anything after the image dropped) and served at the program's `logoUrl` (content-hashed, cached for a year).",
      requestParams: { path: tenantPathSchema },
      requestBody: {
        required: true,
        content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
      },
      responses: { 200: jsonResponse('The program with its logo.', programSchema, rateLimitedRouteHeaders) },
      errors: {
        400: [
          cause(
            'VALIDATION_FAILED',
            'logo: not a PNG or JPEG (a WebP cannot be decoded yet), unreadable, or over 2048x2048',
          ),
        ],
        404: [cause('NOT_FOUND', 'the tenant was deleted')],
      },
    }),
    delete: operation({
      operationId: 'removeProgramLogo',
      tag: 'Program',
      auth: 'apiKey',
      summary: "Remove the hosted pages' logo",
      description: 'The pages show no logo; the old URL keeps answering for a day.',
      requestParams: { path: tenantPathSchema },
      responses: { 200: jsonResponse('The program without a logo.', programSchema, rateLimitedRouteHeaders) },
      errors: { 404: [cause('NOT_FOUND', 'the tenant was deleted')] },
    }),
  },
  [`${API}/open/clicks`]: {
    post: operation({
      operationId: 'countShareLinkClick',
      tag: 'Share links',
      auth: 'none',
      body: { limit: '256 bytes', types: 'text/plain' },
      summary: "Count a click of a share link on the merchant's domain",
      description:
        "The browser library's beacon (navigator.sendBeacon) when a friend lands on `shareLinkUrl?{shareParam}=CODE`: the body is the code as text/plain (no preflight; any origin). A known code is counted like a visit of /r/{tenant}/{code}; an unknown code or tenant changes nothing and gets the same 204. Rate-limited per client address (20/s, bursts of 60, per gateway).",
      requestParams: { path: clickBeaconPathSchema },
      requestBody: {
        required: true,
        content: { 'text/plain': { schema: z.string().meta({ example: 'MAYA' }) } },
      },
      responses: {
        204: { description: 'Counted, or nothing to count (alike).', headers: z.object(commonHeaders) },
      },
      errors: {
        400: [cause('VALIDATION_FAILED', 'the body is not a share code (1-64 letters, digits, _ or -)')],
        429: [cause('RATE_LIMITED', 'too many beacons from this client address; retry after Retry-After')],
      },
    }),
  },
  '/logos/{tenantAlias}/{file}': {
    get: operation({
      operationId: 'getProgramLogo',
      tag: 'Share links',
      auth: 'none',
      summary: "A program's logo",
      description:
        "`{hash}.png`, as `logoUrl` names it; immutable, cached for a year. Another tenant's hash is 404.",
      requestParams: { path: imagePath },
      responses: { 200: png },
      errors: {
        400: [cause('VALIDATION_FAILED', 'file is not {hash}.png')],
        404: [cause('NOT_FOUND', 'no such logo for this tenant')],
      },
    }),
  },
  '/share-images/{tenantAlias}/{file}': {
    get: operation({
      operationId: 'getShareImage',
      tag: 'Share links',
      auth: 'none',
      summary: "A share link's preview image",
      description:
        "`{code}-{lang}.png`: the 1200x630 og:image of the hosted landing page, rendered once per program settings version and code (kept in PostgreSQL). Another tenant's code is 404.",
      requestParams: { path: imagePath },
      responses: { 200: png },
      errors: {
        400: [cause('VALIDATION_FAILED', 'file is not {code}-{lang}.png (en, fr or de)')],
        404: [cause('NOT_FOUND', 'no such share link, or its program has a landing URL')],
      },
    }),
  },
};
