import type { SecretBox } from '../shared/crypto/secret-box';
import type { Db } from '../shared/db/knex';
import { syncAccountDiscount } from '../shared/domain/rewards/discount-sync';
import { syncBillingAccount } from '../shared/domain/rewards/billing-sync';
import { openBillingProcessor } from '../shared/domain/processors/billing-event-receipt';
import { openProcessor } from '../shared/domain/processors/processor-notifications';
import type { Metrics } from '../shared/metrics';
import type { PaymentProcessor, PaymentProcessorFactory } from '../shared/processors/payment-processor';
import type { CouponBillingFactory, CouponBillingOptions } from '../shared/processors/coupon-billing';
import type { TemporalDeps } from '../shared/temporal/client';
import type {
  DiscountSyncResult,
  DispatchInput,
  NotificationOutcome,
  NotificationWorkflowInput,
} from '../shared/types/processors';
import type { NudgeResult } from '../shared/types/referrals';
import { applyStoredNotification } from '../shared/use-cases/apply-notification';
import { requestSyncIfConnected } from '../shared/use-cases/discount-sync-request';
import { dispatchStoredNotifications } from '../shared/use-cases/notification-dispatch';
import { heartbeating } from './heartbeating';

export interface ProcessorActivityDeps {
  db: Db;
  temporal: TemporalDeps;
  metrics: Metrics;
  /** Undefined without SECRET_KEY: no tenant's keys can be opened then. */
  secretBox: SecretBox | undefined;
  processors: PaymentProcessorFactory;
  processorOptions: { baseUrl: string | undefined; timeoutMs: number };
  /** Stripe's adapter and its options (STRIPE_BASE_URL): a tenant connected to Stripe syncs through it. */
  billing: CouponBillingFactory;
  billingOptions: CouponBillingOptions;
}

export function createProcessorActivities(deps: ProcessorActivityDeps) {
  const processorFor = (tenantId: string): Promise<PaymentProcessor | null> =>
    openProcessor(
      { db: deps.db, secretBox: deps.secretBox, processors: deps.processors },
      tenantId,
      deps.processorOptions,
    );

  return {
    /**
     * Applies a stored notification (once: the outcome is committed with the account change), then
     * passes its consequences on: the referral lifecycle if the change left one pending, and the discount
     * sync. Both are idempotent, so a retried attempt repeats them safely.
     */
    async applyProcessorNotification(input: NotificationWorkflowInput): Promise<NotificationOutcome> {
      return applyStoredNotification(
        deps,
        {
          braintree: () => processorFor(input.tenantId),
          billing: (processor) => openBillingProcessor(deps, input.tenantId, deps.billingOptions, processor),
        },
        input,
      );
    },

    /**
     * Converges the processor's discounts and refunds for one account to our state; idempotent. A tenant
     * connected to Stripe: its coupons, promotion code and credit (billing-sync.ts).
     */
    async syncAccountDiscount(input: { tenantId: string; accountId: string }): Promise<DiscountSyncResult> {
      const billing = await openBillingProcessor(deps, input.tenantId, deps.billingOptions);
      if (billing) return syncBillingAccount(deps.db, billing, input);
      return syncAccountDiscount(deps.db, await processorFor(input.tenantId), input);
    },

    /** From the referral lifecycle: a referrer's credit changed, so its discount at the processor must follow. */
    async requestReferrerDiscountSync(input: {
      tenantId: string;
      tenantAlias: string;
      accountId: string;
      reason: string;
    }): Promise<boolean> {
      return requestSyncIfConnected(deps, input, input.reason);
    },

    /**
     * The safety net behind "acknowledge after storing": starts the workflows of stored notifications that
     * no gateway handed over (it crashed, or Temporal was down), oldest first.
     */
    async dispatchStoredNotifications(input: DispatchInput): Promise<NudgeResult> {
      return heartbeating(() => dispatchStoredNotifications({ ...deps, now: Date.now }, input));
    },
  };
}
