import type { ZodOpenApiComponentsObject, ZodOpenApiObject } from 'zod-openapi';
import { IDEMPOTENCY_RETENTION_MS } from '../../../shared/idempotency';
import { bytes, CONFIG_DEFAULTS } from './limits';

/** The document's introduction: authentication, errors, idempotency and limits (markdown). */
export const API_DESCRIPTION = [
  "A self-hostable, multi-tenant referral-program service. Every tenant's API is under `/api/v1/{tenantAlias}`; bodies are JSON and dates are epoch milliseconds. The GraphQL API (`/api/v1/{tenantAlias}/graphql`) is described by its SDL at `/schema.graphql`.",
  '',
  '## Authentication',
  "- **API key** (`apiKeyBasic`), for the merchant's servers: HTTP Basic with the tenant API key as user name and an empty password, or as password with an empty user name. Missing or wrong credentials, another tenant's key and an unknown tenant are all the same 401 with `WWW-Authenticate`.",
  `- **User JWT** (\`userJwt\`), for browsers and apps acting for one user: HS256 signed with the tenant API key, payload \`{ "user": { "id", "accountId" }, "exp" }\`, sent as \`Authorization: Bearer <jwt>\` or in \`X-SaaSquatch-User-Token\`. It acts only on its own account and user (another's path is 403). \`exp\` may be at most USER_JWT_MAX_LIFETIME_S ahead (default ${CONFIG_DEFAULTS.USER_JWT_MAX_LIFETIME_S / 86_400} days); a token without \`exp\` is accepted unless the program sets \`requireUserJwtExp\`. Operations say which schemes they take.`,
  '',
  '## Errors',
  'Every non-2xx JSON answer is an `ApiError`: `statusCode`, `message`, `apiErrorCode` (a closed set), `requestId` (also the `X-Request-Id` header) and, for invalid input, `validationErrors` naming each field. Each operation lists every status it answers, with the codes in its description and in `x-api-error-codes`. Bad input is always a 4xx naming the field, never a 5xx.',
  '',
  '## Idempotency',
  `- **User events** (\`logUserEvents\`, and GraphQL \`logUserEvent(s)\`): an \`idempotencyKey\` of 8 to 64 characters of \`A-Z a-z 0-9 - _ .\` (a UUID v4 fits) makes a request at-most-once. The key is scoped to the tenant and stays used for ${IDEMPOTENCY_RETENTION_MS / 3_600_000} hours after its first receipt; a repeat within that window is \`409 IDEMPOTENCY_KEY_USED\` with the \`eventIds\` stored the first time, and nothing new is stored: the request was already applied, so treat it as success. A request that fails for any other reason stores nothing and leaves the key unused, so it is safe to retry with the same key.`,
  '- **Import jobs** (GraphQL `createJob`): a job created with an `idempotencyKey` is created once; the same key returns that job.',
  '- **Segment** `track` messages are deduplicated by `messageId` the same way (a duplicate is reported as `duplicate`, not an error).',
  '- Identification, account sync and discount association are idempotent by nature (the same request again changes nothing), so they are safe to retry, e.g. after a 503.',
  '',
  '## Limits (defaults; each is configurable)',
  `- JSON, form and GraphQL bodies: at most BODY_LIMIT_BYTES (${bytes(CONFIG_DEFAULTS.BODY_LIMIT_BYTES)}; 413), whole within HTTP_REQUEST_TIMEOUT_MS (${CONFIG_DEFAULTS.HTTP_REQUEST_TIMEOUT_MS} ms) with no pause over HTTP_BODY_IDLE_TIMEOUT_MS (${CONFIG_DEFAULTS.HTTP_BODY_IDLE_TIMEOUT_MS} ms; 408). Request headers within HTTP_HEADERS_TIMEOUT_MS (${CONFIG_DEFAULTS.HTTP_HEADERS_TIMEOUT_MS} ms; 408).`,
  `- Uploads: at most UPLOAD_MAX_BYTES (${bytes(CONFIG_DEFAULTS.UPLOAD_MAX_BYTES)}; 413) per file and UPLOAD_QUOTA_BYTES (${bytes(CONFIG_DEFAULTS.UPLOAD_QUOTA_BYTES)}; 507) per tenant, no pause over UPLOAD_IDLE_TIMEOUT_MS (${CONFIG_DEFAULTS.UPLOAD_IDLE_TIMEOUT_MS} ms; 408).`,
  `- Rate limit: per tenant and per gateway, a token bucket of RATE_LIMIT_RPS requests a second with bursts of RATE_LIMIT_BURST (${CONFIG_DEFAULTS.RATE_LIMIT_RPS} and ${CONFIG_DEFAULTS.RATE_LIMIT_BURST}, or the tenant's own limit). Authenticated answers carry \`RateLimit\` and \`RateLimit-Policy\`; over the limit is 429 with \`Retry-After\`.`,
  `- Connections: each gateway serves API requests on MAX_CONNECTIONS connections (${CONFIG_DEFAULTS.MAX_CONNECTIONS}); beyond, 503 with \`Retry-After: 1\`. Every 503 is safe to retry after \`Retry-After\`.`,
  `- User events: 1 to 100 a request; \`fields\` at most 16 KB. GraphQL: depth ${CONFIG_DEFAULTS.GRAPHQL_MAX_DEPTH}, cost ${CONFIG_DEFAULTS.GRAPHQL_MAX_COMPLEXITY}.`,
].join('\n');

export const TAGS: NonNullable<ZodOpenApiObject['tags']> = [
  {
    name: 'Users',
    description: 'Identification and what a user sees (browser library routes take user JWTs).',
  },
  { name: 'Events', description: 'User events, at most once per idempotency key.' },
  { name: 'Accounts', description: "Accounts, codes, rewards and discounts, from the merchant's server." },
  { name: 'Program', description: "The tenant's program settings." },
  {
    name: 'Files',
    description: 'Import file upload and result download (bulk imports run through GraphQL).',
  },
  { name: 'Integrations', description: 'The analytics connector (Segment).' },
  { name: 'Payment processor', description: 'Braintree webhooks, authenticated by their signature.' },
  {
    name: 'Payouts',
    description: "A referrer's cash balances, payouts and payout method; the payout providers' webhooks.",
  },
  { name: 'GraphQL', description: 'The GraphQL API over HTTP.' },
  { name: 'Share links', description: 'Public share links (outside /api/v1).' },
  { name: 'Operations', description: 'Probes and metrics (outside /api/v1).' },
  { name: 'Reference', description: 'This document, its reference page and the GraphQL SDL.' },
  {
    name: 'Webhooks',
    description: "Events the service POSTs to a program's webhook endpoints (the `webhooks` section).",
  },
];

export const SECURITY_SCHEMES: NonNullable<ZodOpenApiComponentsObject['securitySchemes']> = {
  apiKeyBasic: {
    type: 'http',
    scheme: 'basic',
    description:
      'The tenant API key as the user name with an empty password (`-u "$KEY:"`), or as the password with an empty user name.',
  },
  userJwt: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A user JWT: HS256 signed with the tenant API key, `{ "user": { "id", "accountId" }, "exp" }`. Also accepted in the `X-SaaSquatch-User-Token` header (what @saasquatch/squatch-js sends).',
  },
};
