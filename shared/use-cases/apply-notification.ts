import type { Db } from '../db/knex';
import { applyBillingEvent } from '../domain/processors/billing-event-effects';
import { applyNotification } from '../domain/processors/notification-effects';
import { notificationSource } from '../domain/processors/processor-notifications';
import type { CouponBillingProcessor } from '../processors/coupon-billing';
import { couponBillingNamed } from '../processors/coupon-billing-registry';
import type { PaymentProcessor } from '../processors/payment-processor';
import { createReferralsRepo } from '../repos/referrals.repo';
import { requestDiscountSync } from '../temporal/processor-workflows';
import type { NotificationOutcome, NotificationWorkflowInput } from '../types/processors';
import { dispatchCustomerNotifications } from './notification-dispatch';
import { messageLifecycle } from './settle-lifecycle';
import type { WorkflowMessaging } from './use-case-deps';

/** The tenant's adapters, opened on demand: the one of the notification's processor is used. */
export interface NotificationProcessors {
  /** Braintree's (null: no Braintree connection). */
  braintree(): Promise<PaymentProcessor | null>;
  /** The coupon-billing processor's of this name (Stripe; null: the tenant is not connected to it). */
  billing(processor: string): Promise<CouponBillingProcessor | null>;
}

/**
 * Applies a stored notification (once: the outcome is committed with the account change) by its
 * processor's effects (Braintree: notification-effects.ts; coupon billing such as Stripe:
 * billing-event-effects.ts), then
 * passes its consequences on: the referral lifecycle if the change left one pending, the discount sync,
 * and the workflows of the customer's events that waited for the tie it made. All are idempotent, so a
 * retried attempt repeats them safely; a failure to reach Temporal throws.
 */
export async function applyStoredNotification(
  deps: WorkflowMessaging & { db: Db },
  processors: NotificationProcessors,
  input: NotificationWorkflowInput,
): Promise<NotificationOutcome> {
  const { tenantId, notificationId } = input;
  const { processor, kind } = await notificationSource(deps.db, tenantId, notificationId);
  const billing = couponBillingNamed(processor);
  const outcome = billing
    ? await applyBillingEvent(deps.db, await processors.billing(processor), tenantId, notificationId)
    : await applyNotification(deps.db, await processors.braintree(), tenantId, notificationId);
  if (outcome.customerId && outcome.result !== 'WAITING') {
    await dispatchCustomerNotifications(deps, tenantId, outcome.customerId);
  }
  if (!outcome.accountId) return outcome;
  const referral = await createReferralsRepo(deps.db).findByReferredAccount(tenantId, outcome.accountId);
  // Waited (an update), so a completed notification workflow means its conversion or end is committed.
  if (referral?.lifecycle_pending_since) {
    await messageLifecycle(
      deps,
      { id: tenantId, alias: input.tenantAlias },
      referral,
      { eventId: `notification:${notificationId}`, kind: 'reconcile' },
      { wait: true, timeoutMs: 30_000 },
    );
  }
  // A dispute won restores the referrer's rewards outside the lifecycle's counts: its credit at the
  // processor follows (the sync is idempotent, so asking after a reversal too is harmless).
  if (billing?.effectOf(kind) === 'DISPUTE' && outcome.result === 'APPLIED' && referral) {
    await requestDiscountSync(
      deps.temporal,
      deps.metrics,
      { tenantId, tenantAlias: input.tenantAlias, accountId: referral.referrer_account_id },
      { reason: `notification ${notificationId}` },
    );
  }
  if (outcome.syncDiscount) {
    await requestDiscountSync(
      deps.temporal,
      deps.metrics,
      { tenantId, tenantAlias: input.tenantAlias, accountId: outcome.accountId },
      { reason: `notification ${notificationId}` },
    );
  }
  return outcome;
}
