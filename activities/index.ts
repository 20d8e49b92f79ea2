import type { SecretBox } from '../shared/crypto/secret-box';
import type { Db } from '../shared/db/knex';
import type { Metrics } from '../shared/metrics';
import type { PaymentProcessorFactory } from '../shared/processors/payment-processor';
import type { CouponBillingFactory, CouponBillingOptions } from '../shared/processors/coupon-billing';
import type { PayoutDeps } from '../shared/domain/payouts/payout-deps';
import type { FileStorage } from '../shared/storage/file-storage';
import type { TemporalDeps } from '../shared/temporal/client';
import type { MailDeps } from '../shared/use-cases/notification-mail';
import { createMailActivities } from './mail.activities';
import type { Activities } from './contract';
import { createEventActivities } from './events.activities';
import { createImportActivities } from './imports.activities';
import { createPayoutActivities } from './payouts.activities';
import { createProcessorActivities } from './processor.activities';
import { createReferralActivities } from './referrals.activities';
import { createSystemActivities } from './system.activities';
import { createWebhookActivities } from './webhooks.activities';

/** Everything the activities use; the worker builds it whole, so no activity finds a dependency missing. */
export interface ActivityDeps {
  db: Db;
  /** A client for activities that message other workflows (the reconciler, the notification dispatcher). */
  temporal: TemporalDeps;
  metrics: Metrics;
  /** Uploaded import files and result files (import jobs). */
  storage: FileStorage;
  /** Rows per import chunk: one transaction, one ledger row, one heartbeat. */
  importChunkRows: number;
  /** Chunks of one import job applied at once (they commit in file order). */
  importParallelChunks: number;
  /** How long one activity call applies chunks before handing back to the workflow. */
  importActivityBudgetMs: number;
  /** PUBLIC_URL (the gateway's): share links in what the worker writes (user.created of imported users). */
  publicUrl: string;
  /** Opens tenants' processor private keys (payment-processor activities); undefined without SECRET_KEY. */
  secretBox: SecretBox | undefined;
  processors: PaymentProcessorFactory;
  processorOptions: { baseUrl: string | undefined; timeoutMs: number };
  /** Stripe's adapter (shared/processors/coupon-billing.ts) and its options (STRIPE_BASE_URL). */
  billing: CouponBillingFactory;
  billingOptions: CouponBillingOptions;
  /** Outbound webhooks: the SSRF guard's switches (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE_ADDRESSES). */
  webhooks: { allowHttp: boolean; allowPrivateAddresses: boolean };
  /** REWARD_DAY_MS: the length of a day in rewardHoldDays and creditExpiryDays. */
  rewardDayMs: number;
  /** The payout providers and Stripe Connect's onboarding (shared/payouts), with the same db and key. */
  payouts: PayoutDeps;
  /** PAYOUT_POLL_INTERVAL_MS and PAYOUT_HEARTBEAT_TIMEOUT_MS, for the runs the payout scheduler starts. */
  payoutTiming: { pollIntervalMs: number; heartbeatTimeoutMs: number };
  /** E-mail: the SMTP transport (null without SMTP_URL), unsubscribe tokens, MAIL_FROM and PUBLIC_URL. */
  mail: MailDeps;
}

/** Every activity the worker registers, built from real dependencies by the worker. */
export function createActivities(deps: ActivityDeps): Activities {
  return {
    ...createSystemActivities(deps),
    ...createReferralActivities(deps),
    ...createEventActivities(deps),
    ...createImportActivities(deps),
    ...createProcessorActivities(deps),
    ...createWebhookActivities(deps),
    ...createPayoutActivities(deps),
    ...createMailActivities(deps),
  };
}

export type { Activities };
