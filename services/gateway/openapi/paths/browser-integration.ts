import 'zod-openapi';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { publicCodePathSchema } from '../../routes/public-codes.schema';
import { PUBLIC_CODE_RATE_LIMIT } from '../../routes/public-codes.routes';
import { apiErrorSchema, cause } from '../errors';
import { cacheControlHeader, commonHeaders, etagHeader, retryAfterHeader } from '../headers';
import { jsonResponse, operation } from '../operation';
import { publicCodeSchema } from '../responses/browser-integration';
import { API } from './common';

const { ratePerSecond, burst } = PUBLIC_CODE_RATE_LIMIT;

/** The browser integration's public routes. */
export const browserIntegrationPaths: ZodOpenApiPathsObject = {
  [`${API}/open/codes/{code}`]: {
    get: operation({
      operationId: 'checkReferralCode',
      tag: 'Users',
      auth: 'none',
      summary: 'Check a referral code (public)',
      description:
        "Who gave a code and the friend's offer, for the browser library's `checkCode` and `friend-offer` component. No credentials; any origin may read it (`Access-Control-Allow-Origin: *`); caches may keep it five minutes (`ETag`, 304 on `If-None-Match`). Reveals only the referrer's first name or initial and the offer, never an id or an e-mail address. An unknown tenant, an unknown code and anything that cannot be a code are the same 404.",
      requestParams: { path: publicCodePathSchema },
      responses: {
        200: jsonResponse('The code and its offer.', publicCodeSchema, {
          ...commonHeaders,
          ETag: etagHeader,
          'Cache-Control': cacheControlHeader,
        }),
        304: {
          description: 'The answer has not changed (If-None-Match).',
          headers: z.object({ ...commonHeaders, ETag: etagHeader, 'Cache-Control': cacheControlHeader }),
        },
        // Not the tenant's RateLimit fields: this limit is the client address's, with Retry-After only.
        429: {
          ...jsonResponse(
            `- \`RATE_LIMITED\`: this client address made more than ${ratePerSecond} requests per second (bursts of ${burst}) to this route on this gateway; retry after Retry-After`,
            apiErrorSchema,
            { ...commonHeaders, 'Retry-After': retryAfterHeader },
          ),
          'x-api-error-codes': ['RATE_LIMITED'],
        } as ReturnType<typeof jsonResponse>,
      },
      errors: {
        404: [
          cause(
            'REFERRAL_CODE_NOT_FOUND',
            'no such code, no such tenant, or not the shape of a code (all alike)',
          ),
        ],
      },
    }),
  },
};
