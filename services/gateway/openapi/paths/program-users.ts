import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { browserSettingsPathSchema } from '../../routes/browser-settings.schema';
import { programPatchBodySchema } from '../../routes/program.schema';
import { identifyRequestBodySchema, userPathSchema } from '../../routes/users.schema';
import { widgetPathSchema, widgetQuerySchema } from '../../routes/widget.schema';
import { cause } from '../errors';
import { cacheControlHeader, commonHeaders, rateLimitedRouteHeaders } from '../headers';
import { jsonResponse, operation } from '../operation';
import { browserSettingsSchema, programSchema } from '../responses/program';
import { userSchema, widgetSchema } from '../responses/users';
import { API, JSON_BODY, lifecycleOutage, tenantPathSchema } from './common';

const USER = `${API}/open/account/{accountId}/user/{userId}`;

const badPath = cause(
  'VALIDATION_FAILED',
  'accountId or userId breaks its rule (1 to 255 characters, no control characters)',
);
const otherUser = cause('FORBIDDEN', "a user JWT for another account or user than the path's");

export const programAndUserPaths: ZodOpenApiPathsObject = {
  [`${API}/program`]: {
    get: operation({
      operationId: 'getProgram',
      tag: 'Program',
      auth: 'apiKey',
      summary: 'Read the program settings',
      description: "The tenant's referral program: rewards, discount id, landing URL, browser settings.",
      requestParams: { path: tenantPathSchema },
      responses: { 200: jsonResponse('The program.', programSchema, rateLimitedRouteHeaders) },
      errors: { 404: [cause('NOT_FOUND', 'the tenant was deleted')] },
    }),
    patch: operation({
      operationId: 'updateProgram',
      tag: 'Program',
      auth: 'apiKey',
      body: JSON_BODY,
      summary: 'Change program settings',
      description:
        'Changes only the members given (unknown members are refused). A reward keeps the value it was given with; a change affects later rewards only. Every gateway sees the change when it commits.',
      requestParams: { path: tenantPathSchema },
      requestBody: { required: true, content: { 'application/json': { schema: programPatchBodySchema } } },
      responses: {
        200: jsonResponse('The program after the change.', programSchema, rateLimitedRouteHeaders),
      },
      errors: {
        400: [
          cause(
            'VALIDATION_FAILED',
            'a member breaks its rule, or an unknown member (validationErrors name them)',
          ),
          cause('INVALID_JSON', 'the body is not JSON, not UTF-8, or holds a number too large for a double'),
        ],
        404: [cause('NOT_FOUND', 'the tenant was deleted')],
      },
    }),
  },

  [USER]: {
    get: operation({
      operationId: 'getUser',
      tag: 'Users',
      auth: 'apiKeyOrUserJwt',
      summary: 'Read a user',
      description:
        "An identified user with its share code and link, its account's payment processor id and the referral that brought the account. CORS for the program's allowedOrigins.",
      requestParams: { path: userPathSchema },
      responses: { 200: jsonResponse('The user.', userSchema, rateLimitedRouteHeaders) },
      errors: {
        400: [badPath],
        403: [otherUser],
        404: [cause('USER_NOT_FOUND', 'the user was never identified in this account')],
      },
    }),
    put: operation({
      operationId: 'upsertUser',
      tag: 'Users',
      auth: 'apiKeyOrUserJwt',
      body: JSON_BODY,
      summary: 'Identify a user (upsert)',
      description: [
        "Creates or updates the user and its account in one transaction (the browser library's `init`): every body member is optional and `null` clears it; an absent body is `{}`.",
        '',
        '- Every user gets a share code (`shareCode` claims a vanity code).',
        '- Attribution: `referredByCode` (a typed code: unknown is 400) or `cookieCode` (from the tracking cookie: unknown is ignored) on an account not referred yet.',
        '- `accountStatus: PAID` on a referred account converts its referral (the answer waits for the lifecycle workflow).',
        "- With a user JWT, `accountStatus` and `paymentProviderId` come only from the token's signed claims; a body value that disagrees is 403.",
        '',
        'Idempotent: repeating the request changes nothing more.',
      ].join('\n'),
      requestParams: { path: userPathSchema },
      requestBody: {
        required: false,
        content: { 'application/json': { schema: identifyRequestBodySchema } },
      },
      responses: { 200: jsonResponse('The user after the change.', userSchema, rateLimitedRouteHeaders) },
      errors: {
        400: [
          badPath,
          cause('VALIDATION_FAILED', 'a body member breaks its rule, or an unknown member'),
          cause('INVALID_JSON', 'the body is not JSON, not UTF-8, or holds a number too large for a double'),
          cause('INVALID_REFERRAL_CODE', 'no user holds referredByCode'),
          cause('SELF_REFERRAL', 'referredByCode belongs to a user of the same account'),
        ],
        403: [
          otherUser,
          cause('FORBIDDEN', "accountStatus or paymentProviderId disagree with the user JWT's signed claims"),
        ],
        409: [
          cause('CODE_TAKEN', 'another user holds shareCode (in any case)'),
          cause('PAYMENT_PROVIDER_ID_IN_USE', 'paymentProviderId is tied to another account'),
          cause('DO_NOT_TRACK', 'the user was deleted with doNotTrack and is never created again'),
        ],
        503: [lifecycleOutage],
      },
    }),
  },

  [`${USER}/widget`]: {
    get: operation({
      operationId: 'getWidget',
      tag: 'Users',
      auth: 'apiKeyOrUserJwt',
      summary: "Read the referrer widget's data",
      description:
        "Everything the referrer widget shows, in one answer: the user's share link and the program's share texts rendered for them, the program's offer, a summary over all of the user's referrals, one page of them (friends by first name or initial only; `?cursor=` from `referralsPage.nextCursor` for the next), the rewards held, and for a referred user the discount their referral gave them. `Cache-Control: no-store`. CORS for the program's allowedOrigins.",
      requestParams: { path: widgetPathSchema, query: widgetQuerySchema },
      responses: {
        200: jsonResponse('The widget data.', widgetSchema, {
          ...rateLimitedRouteHeaders,
          'Cache-Control': cacheControlHeader,
        }),
      },
      errors: {
        400: [
          badPath,
          cause('VALIDATION_FAILED', 'cursor is not a nextCursor, limit is not 1-50, or locale is not a tag'),
        ],
        403: [otherUser],
        404: [
          cause('USER_NOT_FOUND', 'the user was never identified in this account'),
          cause('NOT_FOUND', 'the tenant was deleted'),
        ],
      },
    }),
  },

  [`${API}/open/browser-settings`]: {
    get: operation({
      operationId: 'getBrowserSettings',
      tag: 'Users',
      auth: 'none',
      summary: 'Read the browser library settings',
      description:
        'What the browser library needs before it writes the tracking cookie. Public: any origin may read it (`Access-Control-Allow-Origin: *`), and caches may keep it for five minutes.',
      requestParams: { path: browserSettingsPathSchema },
      responses: {
        200: jsonResponse('The settings.', browserSettingsSchema, {
          ...commonHeaders,
          'Cache-Control': cacheControlHeader,
        }),
      },
      errors: {
        400: [cause('VALIDATION_FAILED', 'tenantAlias breaks its rule (1 to 64 letters, digits, _ and -)')],
        404: [cause('NOT_FOUND', 'no such tenant')],
      },
    }),
  },
};
