import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { IDEMPOTENCY_RETENTION_MS } from '../../../../shared/idempotency';
import { MAX_SEGMENT_BATCH } from '../../../../shared/domain/analytics/segment';
import { MAX_EVENTS_PER_REQUEST } from '../../../../shared/domain/events/user-events.schema';
import {
  accountPathSchema,
  accountSyncBodySchema,
  codePathSchema,
  rewardQuerySchema,
} from '../../routes/accounts.schema';
import { eventsBodySchema, eventsPathSchema } from '../../routes/events.schema';
import { segmentRequestBodySchema } from '../../routes/integrations.schema';
import { discountAssociationSchema } from '../../../../shared/domain/rewards/discount-association';
import { cause, idempotencyKeyUsedErrorSchema } from '../errors';
import { rateLimitedRouteHeaders } from '../headers';
import { jsonResponse, operation } from '../operation';
import {
  accountRewardsSchema,
  codeLookupSchema,
  discountAssociationResultSchema,
  syncedAccountSchema,
} from '../responses/accounts';
import {
  loggedUserEventsSchema,
  segmentBatchFailedErrorSchema,
  segmentResultsSchema,
} from '../responses/events';
import { API, invalidBody, invalidJson, JSON_BODY, lifecycleOutage, tenantPathSchema } from './common';

const RETENTION_HOURS = IDEMPOTENCY_RETENTION_MS / 3_600_000;

export const accountAndEventPaths: ZodOpenApiPathsObject = {
  [`${API}/accountsync`]: {
    post: operation({
      operationId: 'syncAccount',
      tag: 'Accounts',
      auth: 'apiKey',
      body: JSON_BODY,
      summary: 'Sync an account',
      description:
        "The merchant's server reports an account's subscription (status, billing interval, value, currency) and optionally the referral code it signed up with. The first code attributes the account; the first PAID converts its referral and unlocks the referrer's reward (the answer waits for the lifecycle workflow); CANCELLED after conversion ends it. Idempotent: the same body again changes nothing.",
      requestParams: { path: tenantPathSchema },
      requestBody: { required: true, content: { 'application/json': { schema: accountSyncBodySchema } } },
      responses: { 200: jsonResponse('The stored account.', syncedAccountSchema, rateLimitedRouteHeaders) },
      errors: {
        400: [
          invalidBody,
          invalidJson,
          cause('INVALID_REFERRAL_CODE', 'no user holds referral.code'),
          cause('SELF_REFERRAL', 'referral.code belongs to a user of the same account'),
        ],
        503: [lifecycleOutage],
      },
    }),
  },

  [`${API}/code/{code}`]: {
    get: operation({
      operationId: 'lookupCode',
      tag: 'Accounts',
      auth: 'apiKey',
      summary: 'Look up a referral code',
      description:
        "What a referred customer gets with this code (case-insensitive), looked up before the subscription is created at the payment processor, and the referrer's name. Served from the gateway's cache.",
      requestParams: { path: codePathSchema },
      responses: { 200: jsonResponse('The code and its offer.', codeLookupSchema, rateLimitedRouteHeaders) },
      errors: {
        400: [
          cause('VALIDATION_FAILED', 'code is empty, longer than 255 characters or holds control characters'),
        ],
        404: [
          cause('REFERRAL_CODE_NOT_FOUND', 'no user holds this code'),
          cause('NOT_FOUND', 'the tenant was deleted'),
        ],
      },
    }),
  },

  [`${API}/account/{accountId}/reward`]: {
    get: operation({
      operationId: 'getAccountRewards',
      tag: 'Accounts',
      auth: 'apiKey',
      summary: "Read an account's discount and rewards",
      description:
        "What the merchant applies before a prorated charge: the referred side's percent (0 once the referral ended) plus the referrer side's (capped by the program), and every reward. For an account not referred yet, `couponCode` shows what that code would give it (nothing is changed).",
      requestParams: { path: accountPathSchema, query: rewardQuerySchema },
      responses: {
        200: jsonResponse(
          "The account's discount and rewards.",
          accountRewardsSchema,
          rateLimitedRouteHeaders,
        ),
      },
      errors: {
        400: [cause('VALIDATION_FAILED', 'accountId or couponCode breaks its rule')],
        404: [
          cause('NOT_FOUND', 'no such account'),
          cause('REFERRAL_CODE_NOT_FOUND', 'no user holds couponCode'),
        ],
      },
    }),
  },

  [`${API}/discount`]: {
    post: operation({
      operationId: 'associateDiscount',
      tag: 'Accounts',
      auth: 'apiKey',
      body: JSON_BODY,
      summary: 'Associate a processor customer and coupon with an account',
      description:
        "Ties the payment processor's customer to the account (creating the account if new), attributes the account by `couponCode` if it is not attributed yet, and, when the tenant has a processor connection, starts the account's discount sync. Idempotent: safe to retry, e.g. after a 503.",
      requestParams: { path: tenantPathSchema },
      requestBody: { required: true, content: { 'application/json': { schema: discountAssociationSchema } } },
      responses: {
        200: jsonResponse(
          'What the customer gets now.',
          discountAssociationResultSchema,
          rateLimitedRouteHeaders,
        ),
      },
      errors: {
        400: [
          invalidBody,
          invalidJson,
          cause('SELF_REFERRAL', 'couponCode belongs to a user of the same account'),
        ],
        404: [
          cause('REFERRAL_CODE_NOT_FOUND', 'no user holds couponCode'),
          cause('NOT_FOUND', 'the tenant was deleted'),
        ],
        409: [cause('PAYMENT_PROVIDER_ID_IN_USE', 'paymentProviderId is tied to another account')],
        503: [
          lifecycleOutage,
          cause(
            'SERVICE_UNAVAILABLE',
            'the association is saved but the discount sync could not be started: retry the request',
          ),
        ],
      },
    }),
  },

  [`${API}/open/account/{accountId}/user/{userId}/events`]: {
    post: operation({
      operationId: 'logUserEvents',
      tag: 'Events',
      auth: 'apiKeyOrUserJwt',
      body: JSON_BODY,
      summary: 'Log user events',
      description: [
        `Stores 1 to ${MAX_EVENTS_PER_REQUEST} events for an identified user, all or nothing. \`accountId\` and \`userId\` in the body must equal the path's. \`fields\` is a JSON object of at most 16 KB (strings at most 1,500 UTF-8 bytes, at most 16 levels deep); \`dateTriggered\` defaults to the time of receipt.`,
        '',
        `**Idempotency.** \`idempotencyKey\` (8 to 64 characters of A-Z a-z 0-9 - _ ., a UUID fits) makes the request at-most-once: the key is scoped to the tenant and used for ${RETENTION_HOURS} hours after its first receipt. A repeat within that window is 409 \`IDEMPOTENCY_KEY_USED\` with the \`eventIds\` stored the first time and nothing new stored, so a client retrying after a lost answer can treat it as success. A request that fails for any other reason stores nothing and leaves the key unused.`,
        '',
        "With the program's `conversionEventKey`, an event with that key on a referred account converts its referral. CORS for the program's allowedOrigins.",
      ].join('\n'),
      requestParams: { path: eventsPathSchema },
      requestBody: { required: true, content: { 'application/json': { schema: eventsBodySchema } } },
      responses: { 200: jsonResponse('The stored events.', loggedUserEventsSchema, rateLimitedRouteHeaders) },
      errors: {
        400: [
          cause(
            'VALIDATION_FAILED',
            "the path or a body member breaks its rule, or the body's accountId or userId differ from the path's",
          ),
          invalidJson,
        ],
        403: [cause('FORBIDDEN', "a user JWT for another account or user than the path's")],
        404: [cause('USER_NOT_FOUND', 'the user was never identified in this account; nothing is stored')],
        409: [
          cause(
            'IDEMPOTENCY_KEY_USED',
            `the idempotencyKey was first received less than ${RETENTION_HOURS} hours ago: already applied, eventIds are its receipt`,
            idempotencyKeyUsedErrorSchema,
          ),
        ],
      },
    }),
  },

  [`${API}/integrations/segment`]: {
    post: operation({
      operationId: 'segmentWebhook',
      tag: 'Integrations',
      auth: 'apiKey',
      body: JSON_BODY,
      summary: 'Receive Segment messages',
      description: `The analytics connector: one Segment-format message or \`{ "batch": [...] }\` (1 to ${MAX_SEGMENT_BATCH}), applied in order, each on its own. \`track\` logs one event (a messageId in the idempotency key format deduplicates it for ${RETENTION_HOURS} hours), \`identify\` upserts the user; other types are ignored. The answer is 200 with one result per message; a message refused for its own content is \`rejected\` and the batch goes on. Only an infrastructure failure fails the request, saying which messages were applied; retrying the batch is safe.`,
      requestParams: { path: tenantPathSchema },
      requestBody: { required: true, content: { 'application/json': { schema: segmentRequestBodySchema } } },
      responses: {
        200: jsonResponse('One result per message.', segmentResultsSchema, rateLimitedRouteHeaders),
      },
      errors: {
        400: [
          cause('VALIDATION_FAILED', 'the body is neither one message with a type nor a batch of 1 to 1,000'),
          invalidJson,
        ],
        503: [
          cause(
            'SERVICE_UNAVAILABLE',
            'an outage stopped the batch at failedIndex: the results before it are applied, none after',
            segmentBatchFailedErrorSchema,
          ),
        ],
      },
    }),
  },
};
