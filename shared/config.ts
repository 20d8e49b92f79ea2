import path from 'node:path';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import {
  InvalidTemporalSetting,
  loadTemporalConnection,
  type TemporalConnectionSettings,
} from './temporal-config';
import { TEMPORAL_CONNECTION_VARIABLES } from './temporal-variables';

/**
 * Every environment variable the services read, parsed once at boot. docs/configuration.md (`npm run docs:api`) and the
 * compose-file test are derived from CONFIG_VARIABLES, so this file is the single source of truth.
 */
/** TRUSTED_PROXIES as a list (empty when unset). */
export function trustedProxyList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The repository's root (or the image's /app): shared/.. in the sources, dist/.. in the build (`npm run build`). */
const SOURCE_ROOT = path.resolve(__dirname, '..');
export const PROJECT_ROOT =
  __filename.endsWith('.js') && path.basename(SOURCE_ROOT) === 'dist'
    ? path.dirname(SOURCE_ROOT)
    : SOURCE_ROOT;

interface VariableSpec {
  schema: z.ZodType;
  default?: string;
  description: string;
  /** Which processes read it; the compose test checks that required ones are set for each service. */
  usedBy: readonly ('gateway' | 'worker' | 'launcher' | 'sftp')[];
  /** A deployment must set it explicitly (its default only suits a single dev machine). */
  requiredInDeployment?: boolean;
}

export const CONFIG_VARIABLES = {
  NODE_ENV: {
    schema: z.enum(['development', 'production', 'test']),
    default: 'development',
    description: 'Runtime mode; `production` turns off pretty logs.',
    usedBy: ['gateway', 'worker', 'launcher', 'sftp'],
  },
  LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    default: 'info',
    description: 'pino log level.',
    usedBy: ['gateway', 'worker', 'launcher', 'sftp'],
  },
  HOST: {
    schema: z.string().min(1),
    default: '0.0.0.0',
    description: 'Interface the HTTP servers bind to.',
    usedBy: ['gateway', 'worker', 'sftp'],
  },
  PORT: {
    schema: port,
    default: '8080',
    description: 'API gateway port (0 picks a free port).',
    usedBy: ['gateway', 'launcher'],
  },
  WORKER_HTTP_PORT: {
    schema: port,
    default: '9464',
    description: "Worker's /healthz and /metrics port (0 picks a free port).",
    usedBy: ['worker', 'launcher'],
  },
  TRUSTED_PROXIES: {
    schema: z
      .string()
      .optional()
      .refine((value) => {
        try {
          proxyaddr.compile(trustedProxyList(value));
          return true;
        } catch {
          return false;
        }
      }, 'must be comma-separated IP addresses or CIDR ranges, or loopback, linklocal, uniquelocal'),
    description:
      "The reverse proxies (load balancers) in front of the gateway, comma-separated addresses or CIDR ranges (or loopback, linklocal, uniquelocal): only from them is X-Forwarded-For believed for a browser's client address (the SAME_CLIENT fraud signal). Unset: none, the connection's address is the client's.",
    usedBy: ['gateway'],
  },
  HEALTH_PORT: {
    schema: port.optional(),
    description:
      'A second gateway listener that serves only /healthz, /readyz and /metrics (0 picks a free port). It has an accept queue of its own, so probes sent there are answered at once even while a connection flood queues on PORT: point orchestrator probes and load-balancer health checks at it. Unset: probes on PORT only.',
    usedBy: ['gateway'],
  },
  PUBLIC_URL: {
    schema: z.url().optional(),
    description:
      'Public base URL of the API gateway, used in share links (also in the webhook events the worker writes). Default: http://localhost:{PORT}.',
    usedBy: ['gateway', 'worker'],
  },
  DATABASE_URL: {
    schema: z.string().min(1).optional(),
    description:
      'PostgreSQL connection string. Unset: postgres://postgres@{PGHOST}:{PGPORT}/{DATABASE_NAME}; `npm start` falls back to an embedded PostgreSQL when nothing answers there.',
    usedBy: ['gateway', 'worker', 'launcher', 'sftp'],
    requiredInDeployment: true,
  },
  PGHOST: {
    schema: z.string().min(1),
    default: '127.0.0.1',
    description: 'Host of the local PostgreSQL tried when DATABASE_URL is unset.',
    usedBy: ['launcher'],
  },
  PGPORT: {
    schema: port,
    default: '5432',
    description: 'Port of the local PostgreSQL tried when DATABASE_URL is unset.',
    usedBy: ['launcher'],
  },
  DATABASE_NAME: {
    schema: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/),
    default: 'referral_service',
    description: 'Database created (if missing) when DATABASE_URL is unset.',
    usedBy: ['launcher'],
  },
  DATABASE_POOL_MAX: {
    schema: positiveInt,
    default: '10',
    description: 'Maximum PostgreSQL connections per process.',
    usedBy: ['gateway', 'worker', 'sftp'],
  },
  EMBEDDED_PG_PORT: {
    schema: port,
    default: '5433',
    description: 'Port of the embedded PostgreSQL that `npm start` runs when no server is available.',
    usedBy: ['launcher'],
  },
  MIGRATE_ON_START: {
    schema: bool,
    default: 'true',
    description: 'Run knex migrations when a gateway starts (a migration lock makes replicas safe).',
    usedBy: ['gateway'],
  },
  DATA_DIR: {
    schema: z.string().min(1),
    default: '.data',
    description: 'Local state of the launcher: embedded PostgreSQL data, Temporal SQLite file.',
    usedBy: ['launcher', 'sftp'],
  },
  FILE_STORAGE_DIR: {
    schema: z.string().min(1).optional(),
    description:
      'Folder of uploaded import files and result files (shared by gateways and workers). Default: {DATA_DIR}/files.',
    usedBy: ['gateway', 'worker', 'sftp'],
  },
  UPLOAD_MAX_BYTES: {
    schema: positiveInt,
    default: String(1024 * 1024 * 1024),
    description:
      'Largest import file accepted by POST /export/upload (413 above it) or over SFTP; nothing is kept.',
    usedBy: ['gateway', 'sftp'],
  },
  IMPORT_CHUNK_ROWS: {
    schema: positiveInt,
    default: '5000',
    description: 'Rows an import job applies per transaction (one ledger row and one heartbeat each).',
    usedBy: ['worker'],
  },
  IMPORT_PARALLEL_CHUNKS: {
    schema: positiveInt,
    default: '2',
    description:
      'Chunks of one import job applied at once, each in its own transaction on its own connection; they still commit in file order (1: one at a time).',
    usedBy: ['worker'],
  },
  IMPORT_ACTIVITY_BUDGET_MS: {
    schema: z.coerce.number().int().nonnegative(),
    default: '120000',
    description:
      'How long one import activity call applies chunks before handing back to its workflow (which continues as new every 200 calls); 0: one chunk per call.',
    usedBy: ['worker'],
  },
  IMPORT_HEARTBEAT_TIMEOUT_MS: {
    schema: positiveInt,
    default: '30000',
    description:
      'How long an import activity may go without a heartbeat before Temporal retries it on another worker (after a crash).',
    usedBy: ['gateway', 'sftp'],
  },
  TEMPORAL_ADDRESS: {
    schema: z.string().min(1).optional(),
    description:
      "Temporal frontend host:port (Temporal Cloud: `<namespace>.<account>.tmprl.cloud:7233` or its regional API address). Unset: the TOML profile's `address` (TEMPORAL_PROFILE), else 127.0.0.1:{TEMPORAL_PORT}, where `npm start` runs `temporal server start-dev` when nothing answers.",
    usedBy: ['gateway', 'worker', 'launcher', 'sftp'],
    requiredInDeployment: true,
  },
  TEMPORAL_PORT: {
    schema: port.min(1),
    default: '7233',
    description:
      'Port of the local Temporal server tried when TEMPORAL_ADDRESS is unset (`npm start` runs its dev server there when none answers).',
    usedBy: ['launcher'],
  },
  TEMPORAL_NAMESPACE: {
    schema: z.string().min(1),
    default: 'default',
    description:
      "Temporal namespace (Temporal Cloud: `<namespace>.<account>`). Unset: the TOML profile's `namespace`, else `default`.",
    usedBy: ['gateway', 'worker', 'launcher', 'sftp'],
    requiredInDeployment: true,
  },
  // TLS, mTLS and API keys: Temporal's standard names (./temporal-variables.ts), read with envconfig.
  ...TEMPORAL_CONNECTION_VARIABLES,
  TEMPORAL_TASK_QUEUE: {
    schema: z.string().min(1),
    default: 'referral-service',
    description: 'Task queue shared by the gateway (starts workflows) and the worker (runs them).',
    usedBy: ['gateway', 'worker', 'sftp'],
    requiredInDeployment: true,
  },
  TEMPORAL_UI_PORT: {
    schema: port,
    default: '8233',
    description: 'Temporal Web UI port of the dev server that `npm start` runs.',
    usedBy: ['launcher'],
  },
  TEMPORAL_UI_URL: {
    schema: z.url().optional(),
    description: 'Temporal Web UI URL printed by the launcher. Default: http://localhost:{TEMPORAL_UI_PORT}.',
    usedBy: ['launcher'],
  },
  BODY_LIMIT_BYTES: {
    schema: positiveInt,
    default: String(2 * 1024 * 1024),
    description:
      'Largest JSON or GraphQL request body accepted (413 above it); the default fits 100 user events of 16 KB each.',
    usedBy: ['gateway'],
  },
  LIFECYCLE_WAIT_MS: {
    schema: positiveInt,
    default: '10000',
    description:
      'How long a converting or cancelling request waits for the referral workflow to commit its rewards (503 after, the change stays saved).',
    usedBy: ['gateway'],
  },
  WORKER_MAX_CACHED_WORKFLOWS: {
    schema: positiveInt,
    default: '500',
    description:
      "Workflows the worker's main Temporal worker (referral lifecycles, imports) keeps in its sticky cache. Lifecycles waiting on reward holds or credit expiry take no memory beyond it: an evicted one is replayed from its short history when its timer fires. The SDK's own default follows the heap limit (about 2,300), which costs about 0.5 GB more with 10,000 rewards held. The webhook worker keeps 2,000 (services/worker/worker.ts), so a retry backlog after an outage is not slowed by replays.",
    usedBy: ['worker'],
  },
  REWARD_DAY_MS: {
    schema: positiveInt,
    default: '86400000',
    description:
      "Length of one day in the programs' rewardHoldDays and creditExpiryDays (the lifecycle workflow's hold and expiry timers). Only tests and demos shorten it.",
    usedBy: ['worker'],
  },
  RECONCILE_GRACE_MS: {
    schema: positiveInt,
    default: '30000',
    description:
      'Age after which a referral change no lifecycle workflow has applied is re-delivered by the reconciler.',
    usedBy: ['worker'],
  },
  RECONCILE_INTERVAL_MS: {
    schema: positiveInt,
    default: '15000',
    description: 'How often the reconciler looks for such changes when it found none.',
    usedBy: ['worker'],
  },
  IDEMPOTENCY_PRUNE_INTERVAL_MS: {
    schema: positiveInt,
    default: '600000',
    description:
      "How often the worker's pruners look again when their last batch found few: user-event idempotency keys past their 24-hour window (plus an hour for clock skew), and webhook events past WEBHOOK_RETENTION_DAYS.",
    usedBy: ['worker'],
  },
  CACHE_TTL_MS: {
    schema: z.coerce.number().int().min(0),
    default: '60000',
    description:
      'Longest a gateway keeps a cached tenant, key set or code lookup; changes reach every gateway at commit over LISTEN/NOTIFY, this is the backstop. 0 turns the cache and its listener connection off.',
    usedBy: ['gateway'],
  },
  CACHE_MAX_CODES: {
    schema: positiveInt,
    default: '100000',
    description: 'Most code lookups a gateway keeps in memory (least recently used go first).',
    usedBy: ['gateway'],
  },
  CLICK_FLUSH_MS: {
    schema: positiveInt,
    default: '2000',
    description:
      "How often a gateway writes the share-link visits it counted (per code and day, in memory) to the database, in one statement; a gateway that stops writes what is left, one that crashes loses at most this interval's counts.",
    usedBy: ['gateway'],
  },
  GRAPHQL_MAX_DEPTH: {
    schema: positiveInt,
    default: '10',
    description: 'Deepest GraphQL selection accepted.',
    usedBy: ['gateway'],
  },
  GRAPHQL_MAX_COMPLEXITY: {
    schema: positiveInt,
    default: '1000',
    description:
      'Largest GraphQL request cost accepted: one per field, a list field its selection once per row of its page (first/limit), dashboard one per day of its range, and work-heavy mutations more (createApiKey 200, sendTestWebhook 100, ...; services/gateway/graphql/cost.ts).',
    usedBy: ['gateway'],
  },
  GRAPHQL_MAX_OUTBOUND_CALLS: {
    schema: positiveInt,
    default: '3',
    description:
      'Most fields that call another host (sendTestWebhook, connectPaymentProcessor, createWebhookEndpoint, updateWebhookEndpoint) one GraphQL request may name.',
    usedBy: ['gateway'],
  },
  RATE_LIMIT_RPS: {
    schema: positiveInt,
    // Above what one gateway process serves for a single tenant (the code lookup bench reaches ~12.5k/s),
    // so the benches and an unconfigured install are never throttled; contain a tenant with an override.
    default: '20000',
    description:
      'Requests per second each tenant may make to one gateway (token bucket; 429 RATE_LIMITED above it). A tenant override is set with `npm run tenant:set-rate-limit`.',
    usedBy: ['gateway'],
  },
  RATE_LIMIT_BURST: {
    schema: positiveInt,
    default: '40000',
    description: 'Requests a tenant may make at once above its rate before 429 (the token bucket size).',
    usedBy: ['gateway'],
  },
  UPLOAD_QUOTA_BYTES: {
    schema: positiveInt,
    default: String(10 * 1024 * 1024 * 1024),
    description:
      'Import and result files one tenant may keep in file storage; an upload over it is refused with 507 STORAGE_QUOTA_EXCEEDED.',
    usedBy: ['gateway', 'sftp'],
  },
  USER_JWT_MAX_LIFETIME_S: {
    schema: positiveInt,
    default: String(30 * 24 * 3600),
    description: 'User JWTs whose `exp` is further ahead than this many seconds are refused (401).',
    usedBy: ['gateway'],
  },
  ADMIN_SESSION_IDLE_S: {
    schema: positiveInt,
    default: '1800',
    description: 'An admin-portal session unused for this many seconds ends (sign in again).',
    usedBy: ['gateway'],
  },
  ADMIN_SESSION_MAX_S: {
    schema: positiveInt,
    default: String(12 * 3600),
    description:
      'An admin-portal session ends this many seconds after sign-in, however active (the cookie Max-Age).',
    usedBy: ['gateway'],
  },
  OPERATOR_LINK_TTL_S: {
    schema: positiveInt,
    default: String(72 * 3600),
    description:
      'A one-time link to set an operator password (an invitation or a reset) expires this many seconds after it is issued.',
    usedBy: ['gateway'],
  },
  LOGIN_MAX_FAILURES_PER_ACCOUNT: {
    schema: positiveInt,
    default: '5',
    description:
      'Failed admin sign-ins one operator e-mail of a tenant (or one trusted device) may have within LOGIN_THROTTLE_WINDOW_S before each further attempt must wait (LOGIN_DELAY_BASE_S, doubling; 429 with Retry-After while waiting).',
    usedBy: ['gateway'],
  },
  LOGIN_MAX_FAILURES_PER_ADDRESS: {
    schema: positiveInt,
    default: '30',
    description:
      'Failed admin sign-ins one client address may have within LOGIN_THROTTLE_WINDOW_S before each further attempt from it must wait (LOGIN_DELAY_BASE_S, doubling). A browser with a trusted-device cookie is not held back by it.',
    usedBy: ['gateway'],
  },
  LOGIN_THROTTLE_WINDOW_S: {
    schema: positiveInt,
    default: '3600',
    description: 'The window over which failed admin sign-ins are counted (older failures are forgotten).',
    usedBy: ['gateway'],
  },
  LOGIN_DELAY_BASE_S: {
    schema: positiveInt,
    default: '1',
    description:
      'The wait after the first failed admin sign-in past the free ones (per account, address or device); it doubles with each further failure, up to LOGIN_DELAY_MAX_S.',
    usedBy: ['gateway'],
  },
  LOGIN_DELAY_MAX_S: {
    schema: positiveInt,
    default: '900',
    description:
      'The longest wait between two admin sign-in attempts of a throttled account, address or device.',
    usedBy: ['gateway'],
  },
  LOGIN_DEVICE_MAX_AGE_S: {
    schema: positiveInt,
    default: String(180 * 24 * 3600),
    description:
      "How long the trusted-device cookie that a successful admin sign-in sets stays valid (a sign-in from that browser is not held back by other clients' failures).",
    usedBy: ['gateway'],
  },
  HTTP_HEADERS_TIMEOUT_MS: {
    schema: positiveInt,
    default: '10000',
    description:
      'How long a client may take to send the request headers before the connection is closed (408); also bounds requests to the worker HTTP port (WORKER_HTTP_PORT).',
    usedBy: ['gateway', 'worker'],
  },
  HTTP_REQUEST_TIMEOUT_MS: {
    schema: positiveInt,
    default: '30000',
    description:
      'How long a JSON, form or GraphQL request body may take to arrive whole once the gateway starts reading it (408 after, connection closed); uploads use UPLOAD_IDLE_TIMEOUT_MS instead.',
    usedBy: ['gateway'],
  },
  HTTP_BODY_IDLE_TIMEOUT_MS: {
    schema: positiveInt,
    default: '10000',
    description: 'Longest pause between two chunks of a JSON or GraphQL body (408 after).',
    usedBy: ['gateway'],
  },
  UPLOAD_IDLE_TIMEOUT_MS: {
    schema: positiveInt,
    default: '60000',
    description: 'Longest pause between two chunks of a file upload (408 after; nothing is kept).',
    usedBy: ['gateway'],
  },
  MAX_CONNECTIONS: {
    schema: positiveInt,
    default: '1024',
    description:
      'Open connections one gateway serves API requests on; a request on a connection beyond it is answered 503 SERVICE_UNAVAILABLE (Retry-After: 1, Connection: close) without touching the database. /healthz, /readyz and /metrics are still answered on such connections, so probes see the gateway under a connection flood.',
    usedBy: ['gateway'],
  },
  MAX_CONNECTIONS_PER_ADDRESS: {
    schema: positiveInt,
    default: '128',
    description:
      'Connections one client address may have admitted to the API on one gateway (a share of MAX_CONNECTIONS); a request on another is answered 503 with Retry-After and the connection closed. Behind TRUSTED_PROXIES, whose connections carry many clients, it bounds the requests in flight per forwarded client address instead.',
    usedBy: ['gateway'],
  },
  MAX_IN_FLIGHT_PER_TENANT: {
    schema: positiveInt,
    default: '256',
    description:
      'Requests of one tenant (API key, user token or operator session) one gateway works on at once, slow uploads included; another is answered 429 RATE_LIMITED with Retry-After and its connection closed, so one tenant cannot hold the whole MAX_CONNECTIONS.',
    usedBy: ['gateway'],
  },
  UNAUTHENTICATED_BODY_LIMIT_BYTES: {
    schema: positiveInt,
    default: '8192',
    description:
      'Largest body a route read before the caller is known accepts (admin sign-in, invitation and reset links); larger is 413 and the connection is closed.',
    usedBy: ['gateway'],
  },
  UNAUTHENTICATED_BODY_TIMEOUT_MS: {
    schema: positiveInt,
    default: '5000',
    description: 'How long such a body may take to arrive, whole (408 and the connection closed).',
    usedBy: ['gateway'],
  },
  UPLOAD_MIN_BYTES_PER_S: {
    schema: positiveInt,
    default: '4096',
    description:
      'Slowest average rate an upload may keep, measured from its start once 10 s (or UPLOAD_IDLE_TIMEOUT_MS, if shorter) have passed: a trickling upload is cut with 408 and nothing is kept.',
    usedBy: ['gateway'],
  },
  MAX_API_KEYS_PER_TENANT: {
    schema: positiveInt,
    default: '20',
    description:
      "Active API keys one tenant may hold; creating another answers 409 TOO_MANY_API_KEYS (revoke one first). The CLI's `tenant:rotate-key` is not counted against it.",
    usedBy: ['gateway'],
  },
  MAX_OPERATORS_PER_TENANT: {
    schema: positiveInt,
    default: '100',
    description: 'Operators one tenant may have (any role); inviting another answers 409 TOO_MANY_OPERATORS.',
    usedBy: ['gateway'],
  },
  SHUTDOWN_GRACE_MS: {
    schema: positiveInt,
    default: '20000',
    description: 'How long SIGTERM waits for in-flight requests and activities before forcing exit.',
    usedBy: ['gateway', 'worker', 'launcher', 'sftp'],
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    schema: z.url({ protocol: /^https?$/ }).optional(),
    description:
      'OpenTelemetry collector base URL (OTLP over HTTP, JSON bodies; spans go to {URL}/v1/traces), e.g. http://otel-collector:4318. Set: requests, workflows and activities are traced (docs/observability.md). Unset: no tracing at all.',
    usedBy: ['gateway', 'worker', 'launcher'],
  },
  OTEL_EXPORTER_OTLP_HEADERS: {
    schema: z
      .string()
      .regex(/^\s*[^=,\s]+\s*=[^,]*(,\s*[^=,\s]+\s*=[^,]*)*$/, 'must be key=value pairs, comma-separated')
      .optional(),
    description:
      'Headers sent with every export, `key=value` pairs separated by commas (values URL-encoded), e.g. `authorization=Bearer%20abc` for a hosted backend.',
    usedBy: ['gateway', 'worker', 'launcher'],
  },
  OTEL_SERVICE_NAME: {
    schema: z.string().min(1).optional(),
    description:
      "The spans' service.name. Unset: referral-gateway, referral-worker, or referral-service under `npm start`.",
    usedBy: ['gateway', 'worker', 'launcher'],
  },
  OTEL_BSP_SCHEDULE_DELAY: {
    schema: positiveInt,
    default: '5000',
    description: 'Milliseconds between two exports of finished spans (each process batches them).',
    usedBy: ['gateway', 'worker', 'launcher'],
  },
  SECRET_KEY: {
    schema: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
    description:
      'Encrypts payment-processor private keys at rest (AES-256-GCM). Unset: connecting a processor is refused; `npm start` generates one under {DATA_DIR}/secret-key. Changing it makes stored keys unreadable (reconnect).',
    usedBy: ['gateway', 'worker', 'launcher'],
  },
  PROCESSOR_BASE_URL: {
    schema: z.url().optional(),
    description:
      "Send the payment processor's API calls to this URL instead of its sandbox or production host (e.g. the local stand-in of `npm run start:processor-sandbox`): the worker's, and the gateway's key check when a processor is connected.",
    usedBy: ['gateway', 'worker'],
  },
  STRIPE_BASE_URL: {
    schema: z.url().optional(),
    description:
      "Send Stripe API calls to this URL instead of api.stripe.com (e.g. the local stand-in of `npm run start:stripe-sandbox`): the worker's, and the gateway's when a tenant connects or disconnects Stripe.",
    usedBy: ['gateway', 'worker'],
  },
  PAYPAL_BASE_URL: {
    schema: z.url({ protocol: /^https?$/ }),
    default: 'https://api-m.paypal.com',
    description:
      "Where PayPal Payouts API calls go (payouts, their status, webhook verification): PayPal's production host by default, https://api-m.sandbox.paypal.com for PayPal's sandbox, or the local stand-in of `npm run start:payout-sandbox`.",
    usedBy: ['gateway', 'worker'],
  },
  GIFT_CARD_BASE_URL: {
    schema: z.url({ protocol: /^https?$/ }),
    default: 'https://api.tremendous.com/api/v2',
    description:
      "The gift-card provider's (Tremendous') API base path for gift-card payouts: production by default, https://testflight.tremendous.com/api/v2 for its sandbox, or the local stand-in of `npm run start:payout-sandbox`.",
    usedBy: ['gateway', 'worker'],
  },
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: {
    schema: z.coerce.number().int().min(1).max(3600),
    default: '300',
    description:
      "How old a Stripe webhook delivery's signed timestamp may be, in seconds (Stripe's own default): an older one is refused as a replay.",
    usedBy: ['gateway'],
  },
  PAYOUT_POLL_INTERVAL_MS: {
    schema: z.coerce.number().int().min(100).max(86_400_000),
    default: '3600000',
    description:
      'How often a payout run asks the providers about payouts still on their way, in milliseconds (webhooks settle them sooner).',
    usedBy: ['gateway', 'worker'],
  },
  PAYOUT_SCHEDULE_INTERVAL_MS: {
    schema: z.coerce.number().int().min(100).max(86_400_000),
    default: '3600000',
    description:
      "How often the payout scheduler looks for programs whose weekly or monthly run is due, in milliseconds: a period's run starts within this much of the period's start (weeks start on Monday, UTC).",
    usedBy: ['worker'],
  },
  PAYOUT_HEARTBEAT_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(1000).max(600_000),
    default: '30000',
    description:
      "How long a payout provider call may go without the worker's heartbeat before Temporal retries it elsewhere, in milliseconds: a worker killed during a send is retried this soon, and the provider's idempotency answers the retry with the first call's payout.",
    usedBy: ['gateway', 'worker'],
  },
  NOTIFICATION_DISPATCH_CONCURRENCY: {
    schema: z.coerce.number().int().min(0).max(64),
    default: '0',
    description:
      "Processor-notification workflows a gateway starts itself, at once, after answering the webhook. 0: none, the worker's dispatcher starts every stored notification (keeps Temporal calls off the gateway's event loop: see BENCHMARKS.md).",
    usedBy: ['gateway'],
  },
  NOTIFICATION_DISPATCH_INTERVAL_MS: {
    schema: positiveInt,
    default: '1000',
    description:
      "How often the worker's dispatcher looks for stored processor notifications without a workflow when it found none.",
    usedBy: ['worker'],
  },
  PROCESSOR_TIMEOUT_MS: {
    schema: positiveInt,
    default: '10000',
    description:
      'Timeout of one payment-processor API call (the workflow retries it with backoff; connecting a processor answers 503 after it).',
    usedBy: ['gateway', 'worker'],
  },
  DEMO_TENANT_ALIAS: {
    schema: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    default: 'demo',
    description: 'Alias of the demo tenant that `npm start` creates and prints a fresh key for.',
    usedBy: ['launcher'],
  },
  SFTP_PORT: {
    schema: port,
    default: '2222',
    description:
      'Port of the SFTP server (`npm run start:sftp`; `npm start` runs it too) where tenants upload import files (0 picks a free port).',
    usedBy: ['sftp', 'gateway'],
  },
  SFTP_HOST: {
    schema: z.string().min(1).optional(),
    description: 'Interface the SFTP server binds to. Default: HOST.',
    usedBy: ['sftp'],
  },
  SFTP_HOST_KEY_PATH: {
    schema: z.string().min(1).optional(),
    description:
      "The SFTP server's Ed25519 host key (OpenSSH format, mode 0600), generated there on first start and kept: every replica must read the same file. Default: {DATA_DIR}/sftp/ssh_host_ed25519_key.",
    usedBy: ['sftp'],
  },
  SFTP_PUBLIC_HOST: {
    schema: z.string().min(1).optional(),
    description:
      "Host name merchants connect to with `sftp`, shown in the portal and by generateSftpKey. Default: PUBLIC_URL's host name.",
    usedBy: ['gateway'],
  },
  SFTP_PUBLIC_PORT: {
    schema: port.min(1).optional(),
    description: 'Port merchants connect to with `sftp` (behind a load balancer, say). Default: SFTP_PORT.',
    usedBy: ['gateway'],
  },
  SFTP_MAX_SESSIONS_PER_TENANT: {
    schema: positiveInt,
    default: '4',
    description:
      'Concurrent SFTP connections one tenant may hold on one SFTP server; one more is refused at authentication.',
    usedBy: ['sftp'],
  },
  SFTP_IDLE_TIMEOUT_MS: {
    schema: positiveInt,
    default: '300000',
    description:
      'An SFTP connection with no request for this long is closed (an unfinished upload is discarded).',
    usedBy: ['sftp'],
  },
  SFTP_MAX_CONNECTIONS: {
    schema: positiveInt,
    default: '512',
    description:
      'Connections one SFTP server holds at once, signed in or not; one more is closed as it arrives (this bounds its file descriptors).',
    usedBy: ['sftp'],
  },
  SFTP_MAX_UNAUTHENTICATED: {
    schema: positiveInt,
    default: '64',
    description:
      "Connections one SFTP server holds that have not signed in yet (OpenSSH's MaxStartups); one more is closed as it arrives.",
    usedBy: ['sftp'],
  },
  SFTP_MAX_UNAUTHENTICATED_PER_ADDRESS: {
    schema: positiveInt,
    default: '8',
    description:
      'Connections from one client address that have not signed in yet; one more is closed as it arrives. Behind a TCP load balancer every client has its address: raise it there.',
    usedBy: ['sftp'],
  },
  SFTP_AUTH_TIMEOUT_MS: {
    schema: positiveInt,
    default: '30000',
    description:
      "An SFTP connection not signed in this long after it opened is closed (OpenSSH's LoginGraceTime).",
    usedBy: ['sftp'],
  },
  SFTP_MAX_CHANNELS_PER_CONNECTION: {
    schema: positiveInt,
    default: '10',
    description: "SSH sessions (SFTP channels) one connection may hold open at once (OpenSSH's MaxSessions).",
    usedBy: ['sftp'],
  },
  SFTP_MAX_UPLOADS_PER_TENANT: {
    schema: positiveInt,
    default: '8',
    description:
      'Files one tenant may be uploading at once on one SFTP server, over all its connections; one more OPEN for writing is refused.',
    usedBy: ['sftp'],
  },
  SFTP_AUTH_FAILURE_DELAY_MS: {
    schema: z.coerce.number().int().min(0),
    default: '1000',
    description:
      'How long the SFTP server waits before answering a failed authentication (each one is logged).',
    usedBy: ['sftp'],
  },
  SMTP_URL: {
    schema: z.url({ protocol: /^smtps?$/ }).optional(),
    description:
      "Where e-mail is sent (notifications to referrers and friends, operators' invitations, password resets and digests): smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://host:465. Unset: no e-mail is sent; each message that would have gone is recorded as not sent (docs/notifications.md).",
    usedBy: ['gateway', 'worker'],
  },
  MAIL_FROM: {
    schema: z.string().min(3).max(320),
    default: 'Referrals <no-reply@localhost>',
    description:
      "The deployment's own sender, `Name <address>`: operator mail (invitations, password resets, digests) and tenants that have not set a sender of their own.",
    usedBy: ['gateway', 'worker'],
  },
  MAIL_SENDER_DOMAINS: {
    schema: z
      .string()
      .regex(/^\s*[a-z0-9.-]+(\s*,\s*[a-z0-9.-]+)*\s*$/i, 'must be a comma-separated list of domain names')
      .optional(),
    description:
      "Domains a tenant's sender address may use (comma-separated, e.g. mail.example.com,example.org; a subdomain of one is allowed): the envelope is checked against it so that a tenant cannot send as someone else's domain. Default: MAIL_FROM's domain only.",
    usedBy: ['gateway', 'worker'],
  },
  MAIL_NOTIFY_INTERVAL_MS: {
    schema: z.coerce.number().int().min(50).max(600_000),
    default: '2000',
    description:
      'How often the mail notifier looks for new events to mail about (a friend signed up, a reward earned or available, a payout sent) when it found none, in milliseconds (docs/notifications.md).',
    usedBy: ['worker'],
  },
  MAIL_SCAN_INTERVAL_MS: {
    schema: z.coerce.number().int().min(50).max(86_400_000),
    default: '3600000',
    description:
      "How often the mail notifier looks for credit expiring within 7 days (one reminder per reward) and for operators' daily digests that are due, in milliseconds; the scans run once per interval across all workers.",
    usedBy: ['worker'],
  },
  WEBHOOK_ALLOW_HTTP: {
    schema: bool,
    default: 'false',
    description:
      'Accept plain http:// webhook endpoint URLs (development and tests only); otherwise https is required.',
    usedBy: ['gateway', 'worker'],
  },
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: {
    schema: bool,
    default: 'false',
    description:
      'Accept webhook endpoints whose host is or resolves to a loopback, private, link-local, CGNAT, multicast or unspecified address (development and tests, e.g. localhost); otherwise refused at registration and at each delivery, after DNS resolution (SSRF guard).',
    usedBy: ['gateway', 'worker'],
  },
  WEBHOOK_DISPATCH_INTERVAL_MS: {
    schema: positiveInt,
    default: '500',
    description:
      "How often the worker's webhook dispatcher looks for new outbox events (webhook_events) when it found none.",
    usedBy: ['worker'],
  },
  WEBHOOK_INLINE_CONCURRENCY: {
    schema: z.coerce.number().int().min(0).max(1024),
    default: '64',
    description:
      "First webhook attempts the worker's dispatcher makes itself, in flight at once (keep-alive connections, logged in batches); a failed one, and every event for an endpoint that was failing or slow, goes to a delivery workflow of its own. 0 sends every delivery through its own workflow.",
    usedBy: ['worker'],
  },
  WEBHOOK_RETENTION_DAYS: {
    schema: z.coerce
      .number()
      .int()
      .min(3, 'must be at least 3 (the retry schedule spans two days)')
      .max(3650),
    default: '30',
    description:
      'How long outbound webhook events and their delivery log are kept (the worker deletes older ones; they can no longer be replayed). At least 3 days, longer than the retry schedule.',
    usedBy: ['worker'],
  },
  WEBHOOK_RETRY_SCHEDULE_MS: {
    schema: z
      .string()
      .regex(/^\d{1,10}(,\d{1,10}){0,19}$/, 'must be 1 to 20 comma-separated millisecond delays')
      .optional(),
    description:
      'Delays before each webhook delivery attempt, in milliseconds, comma-separated (tests shorten it). Default: 0, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 10 h, 10 h.',
    usedBy: ['gateway', 'worker'],
  },
} as const satisfies Record<string, VariableSpec>;

export type ConfigVariable = keyof typeof CONFIG_VARIABLES;
type Raw = { [K in ConfigVariable]: z.output<(typeof CONFIG_VARIABLES)[K]['schema']> };

export interface Config extends Raw {
  /** DATABASE_URL or the default built from PGHOST, PGPORT and DATABASE_NAME. */
  databaseUrl: string;
  /** Whether DATABASE_URL was given (the launcher only falls back to embedded PostgreSQL when not). */
  databaseUrlExplicit: boolean;
  /** TEMPORAL_ADDRESS, else the TOML profile's address, else 127.0.0.1:{TEMPORAL_PORT}. */
  temporalAddress: string;
  /** Whether an address was configured (the launcher only starts a dev server when not). */
  temporalAddressExplicit: boolean;
  /** TLS, API key and gRPC headers for every Temporal connection (shared/temporal/connection.ts). */
  temporalConnection: Omit<TemporalConnectionSettings, 'address' | 'namespace'>;
  publicUrl: string;
  temporalUiUrl: string;
  dataDir: string;
  fileStorageDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, spec] of Object.entries(CONFIG_VARIABLES) as [string, VariableSpec][]) {
    shape[name] =
      spec.default === undefined ? spec.schema : z.preprocess((v) => v ?? spec.default, spec.schema);
  }
  const input: Record<string, string | undefined> = {};
  for (const name of Object.keys(CONFIG_VARIABLES)) {
    const value = env[name];
    input[name] = value === '' ? undefined : value;
  }
  const parsed = z.object(shape).safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data as Raw;
  let temporal;
  try {
    temporal = loadTemporalConnection(env);
  } catch (err) {
    if (err instanceof InvalidTemporalSetting)
      throw new ConfigError(`Invalid configuration:\n  ${err.message}`);
    throw err;
  }
  const { address: temporalAddress, namespace: temporalNamespace, ...temporalConnection } = temporal;
  const databaseUrl =
    raw.DATABASE_URL ?? `postgres://postgres@${raw.PGHOST}:${raw.PGPORT}/${raw.DATABASE_NAME}`;
  return {
    ...raw,
    databaseUrl,
    databaseUrlExplicit: raw.DATABASE_URL !== undefined,
    // The profile's namespace when TEMPORAL_NAMESPACE is unset (envconfig lets the variable win).
    TEMPORAL_NAMESPACE: temporalNamespace ?? raw.TEMPORAL_NAMESPACE,
    temporalAddress: temporalAddress ?? `127.0.0.1:${raw.TEMPORAL_PORT}`,
    temporalAddressExplicit: temporalAddress !== undefined,
    temporalConnection,
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    temporalUiUrl: raw.TEMPORAL_UI_URL ?? `http://localhost:${raw.TEMPORAL_UI_PORT}`,
    dataDir: path.resolve(PROJECT_ROOT, raw.DATA_DIR),
    fileStorageDir: path.resolve(PROJECT_ROOT, raw.FILE_STORAGE_DIR ?? path.join(raw.DATA_DIR, 'files')),
  };
}

/** Boot-time helper for entry points: a bad configuration is a clear message and exit code 78, not a stack. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
}
