import type { MailDeps } from '../../shared/use-cases/notification-mail';
import type { Context, DefaultState, ParameterizedContext } from 'koa';
import type { AdminPortal } from '../../clients/admin/build';
import type { BrowserLibrary } from '../../clients/browser/build';
import type { TenantCache } from '../../shared/cache/tenant-cache';
import type { UsedKeysCache } from '../../shared/cache/used-keys-cache';
import type { Config } from '../../shared/config';
import type { SecretBox } from '../../shared/crypto/secret-box';
import type { Db } from '../../shared/db/knex';
import type { Logger } from '../../shared/logger';
import type { FileStorage } from '../../shared/storage/file-storage';
import type { Metrics } from '../../shared/metrics';
import type { PaymentProcessorFactory } from '../../shared/processors/payment-processor';
import type { CouponBillingFactory, CouponBillingOptions } from '../../shared/processors/coupon-billing';
import type { PayoutDeps } from '../../shared/domain/payouts/payout-deps';
import type { TemporalDeps } from '../../shared/temporal/client';
import type { ShareLinkClicks } from '../../shared/domain/referrals/share-link-clicks';
import type { UserIdentity } from '../../shared/domain/accounts/user-jwt';
import type { OperatorSession } from '../../shared/domain/operators/operator-sessions';
import type { OperatorRole } from '../../shared/domain/operators/operators';
import type { TenantRow } from '../../shared/repos/tenants.repo';
import type { NotificationDispatcher } from '../../shared/use-cases/notification-dispatch';
import type { ReadinessCheck } from './readiness';
import type { BrowserSightings } from '../../shared/domain/tenants/browser-sightings';

/** Everything the gateway needs, injected so tests can build an app against real but isolated parts. */
export interface GatewayDeps {
  config: Config;
  db: Db;
  temporal: TemporalDeps;
  logger: Logger;
  metrics: Metrics;
  /** Credentials, program settings and code lookups, kept fresh over LISTEN/NOTIFY (shared/cache). */
  cache: TenantCache;
  /** Uploaded import files and result files (shared/storage). */
  storage: FileStorage;
  /** Idempotency keys seen used, so a replay is answered from memory (shared/cache/used-keys-cache). */
  usedKeys: UsedKeysCache;
  /** Seals and opens payment-processor private keys; undefined without SECRET_KEY (connecting is refused). */
  secretBox: SecretBox | undefined;
  /** Builds a tenant's processor adapter (webhook verification). */
  processors: PaymentProcessorFactory;
  /** Builds a tenant's Stripe adapter (connect, webhook verification). */
  billing: CouponBillingFactory;
  /** STRIPE_BASE_URL, PROCESSOR_TIMEOUT_MS and STRIPE_WEBHOOK_TOLERANCE_SECONDS. */
  billingOptions: CouponBillingOptions;
  /** The payout providers, Stripe Connect's onboarding and the key sealing payout details. */
  payouts: PayoutDeps;
  /** Share-link visits counted in memory and written in batches (shared/domain/referrals/share-link-clicks.ts). */
  clicks: ShareLinkClicks;
  /** The browser library (clients/browser), bundled at start-up and served from memory under /js. */
  browserLibrary: BrowserLibrary;
  /** The admin portal (clients/admin), bundled at start-up and served from memory under /admin. */
  adminPortal: AdminPortal;
  /** Starts stored processor notifications' workflows after the webhook is answered. */
  notifications: NotificationDispatcher;
  /** This gateway's per-tenant token buckets, checked by authenticate() (middleware/rate-limit.ts). */
  rateLimiter: TenantRateLimiter;
  /** Probes PostgreSQL and Temporal for /readyz (readiness.ts). */
  readiness: ReadinessCheck;
  /** Injectable clock (epoch ms) for JWT expiry and time windows. */
  now: () => number;
  /** E-mail: the SMTP transport (null without SMTP_URL) and unsubscribe tokens (shared/use-cases/notification-mail.ts). */
  mail: MailDeps;
  // Browser integration.
  /** Origins refused by CORS and each tenant's first browser call, counted in memory, written in batches. */
  browserSightings: BrowserSightings;
}

/** A tenant's rate-limit override as the limiter reads it from the cached tenant row. */
export type LimitedTenant = Pick<TenantRow, 'id' | 'alias' | 'rate_limit_rps' | 'rate_limit_burst'>;

export interface TenantRateLimiter {
  /** Takes a token for the tenant and sets the RateLimit fields; throws 429 RATE_LIMITED when none is left. */
  enforce(ctx: { set(field: string, value: string): void }, tenant: LimitedTenant): void;
}

export interface AuthenticatedTenant {
  id: string;
  alias: string;
  mode: 'live' | 'test';
}

/** An operator signed in to the admin portal (middleware/operator-session.ts). */
export interface OperatorPrincipal {
  kind: 'operator';
  operatorId: string;
  email: string;
  role: OperatorRole;
}

/** A tenant's API key (server calls): its id and readable prefix, never the key. */
export interface ApiKeyPrincipal {
  kind: 'apiKey';
  keyId: string;
  prefix: string;
  /** TEAM, KEYS: what it may do beyond the integration API (shared/domain/tenants/api-key-scopes.ts). */
  scopes: readonly string[];
}

export type Principal = ApiKeyPrincipal | ({ kind: 'user' } & UserIdentity) | OperatorPrincipal;

export interface GatewayState extends DefaultState {
  requestId: string;
  log: Logger;
  tenant?: AuthenticatedTenant;
  principal?: Principal;
  /** The admin-portal session behind an operator principal, and its cookie value (for logout). */
  adminSession?: { session: OperatorSession; cookieValue: string };
}

/** What authentication puts on ctx.state (middleware/auth.ts): the tenant and who acts for it. */
export interface Authenticated {
  tenant: AuthenticatedTenant;
  principal: Principal;
}

/** And what the admin portal's session middleware adds (middleware/operator-session.ts). */
export interface SignedIn extends Authenticated {
  adminSession: NonNullable<GatewayState['adminSession']>;
}

export type GatewayContext = ParameterizedContext<GatewayState, Context>;
