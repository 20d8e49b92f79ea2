import type { Db, DbOrTrx } from '../../db/knex';
import { referralCodeInputSchema } from '../../ids';
import type { PaymentProcessor, ProcessorSubscription } from '../../processors/payment-processor';
import { createAccountsRepo, type AccountRow } from '../../repos/accounts.repo';
import {
  createProcessorNotificationsRepo,
  type NotificationRow,
} from '../../repos/processor-notifications.repo';
import { createReferralsRepo } from '../../repos/referrals.repo';
import { createRewardsRepo } from '../../repos/rewards.repo';
import type { NotificationOutcome } from '../../types/processors';
import { applyAccountMutation } from '../accounts/account-changes';
import { notificationEffect, presentNotification, type NotificationEffect } from './processor-notifications';
import { recordWebhookEvent } from '../webhooks/webhook-events';
import { recordSubscriptionPayments } from '../programs/processor-payments';
import { processorPaymentId } from '../programs/payment-reports';
import { recordChargeback } from './chargebacks';

/** The custom field a transparent-redirect form fills (`customer[custom_fields][service_coupon]`). */
export const COUPON_FIELD = 'service_coupon';

interface CustomerFacts {
  customerId: string | null;
  coupon: string | null;
  /** The subscription the notification is about (its charges are payments for PAYMENT rules). */
  subscription?: ProcessorSubscription | null;
  /** The amount of each refund of the subscription's charges (a partial refund reverses its share). */
  refundAmounts?: ReadonlyMap<string, number>;
}

/**
 * What the processor knows that the notification may not carry: the customer owning the subscription
 * and, for an account not attributed yet, the referral code in its `service_coupon` field. Network
 * calls only, outside any transaction (a processor outage fails here and the workflow retries).
 */
async function customerFacts(
  db: Db,
  processor: PaymentProcessor,
  row: NotificationRow,
  effect: NotificationEffect,
): Promise<CustomerFacts> {
  if (effect === 'CHARGEBACK') {
    // A dispute's subject is the disputed charge, whose customer the transaction names. A charge-back
    // never attributes an account: it only concerns accounts we know.
    const charge = row.subject_id ? await processor.findTransaction(row.subject_id) : null;
    return { customerId: charge?.customerId ?? null, coupon: null };
  }
  // The gateway verified the payload before storing it; for the subscription kinds that have an effect
  // its subject is the subscription, whose owner Braintree names only on the subscription itself.
  const subscription = row.subject_id ? await processor.findSubscription(row.subject_id) : null;
  const customerId = subscription?.customerId ?? null;
  if (!customerId) return { customerId: null, coupon: null };
  const account = await createAccountsRepo(db).findByPaymentProviderId(row.tenant_id, customerId);
  const referred =
    account && (await createReferralsRepo(db).findByReferredAccount(row.tenant_id, account.id));
  if (referred) return { customerId, coupon: null, subscription, refundAmounts: await refunds() };
  const raw = (await processor.findCustomer(customerId))?.customFields[COUPON_FIELD] ?? null;
  const coupon = raw === null ? null : referralCodeInputSchema.safeParse(raw.trim());
  if (!coupon?.success) return { customerId, coupon: null, subscription };
  // The code attributes the account now: its charges become payments of the referral.
  return { customerId, coupon: coupon.data, subscription, refundAmounts: await refunds() };

  /** Each refund of the subscription's charges, by its id: its amount (only charges with refunds). */
  async function refunds(): Promise<Map<string, number>> {
    const ids = (subscription?.transactions ?? []).flatMap((t) => t.refundIds);
    const found = await Promise.all(ids.map((id) => processor.findTransaction(id)));
    return new Map(found.flatMap((t) => (t ? [[t.id, t.amountCents] as const] : [])));
  }
}

function outcome(
  partial: Partial<NotificationOutcome> & Pick<NotificationOutcome, 'result'>,
): NotificationOutcome {
  return {
    status: 'PROCESSED',
    accountId: null,
    customerId: null,
    accountStatus: null,
    attributedBy: null,
    syncDiscount: false,
    ...partial,
  };
}

/**
 * Applies a stored notification once. The notification row is locked and its status checked in the
 * transaction that changes the account, so a retried activity finds the stored outcome instead of
 * applying it again. An older notification delivered after a newer one changes nothing (STALE).
 * An unknown customer whose `service_coupon` names a code becomes an account of that id, attributed by
 * the code (PROCESSOR); an unknown customer without one is recorded as NO_ACCOUNT.
 */
export async function applyNotification(
  db: Db,
  processor: PaymentProcessor | null,
  tenantId: string,
  notificationId: string,
): Promise<NotificationOutcome> {
  const notifications = createProcessorNotificationsRepo(db);
  const row = await notifications.find(tenantId, notificationId);
  if (!row) throw new Error(`No notification ${notificationId}`);
  if (row.status !== 'RECEIVED') return storedOutcome(row);
  const effect = notificationEffect(row.kind);
  if (effect !== 'PAID' && effect !== 'CANCELLED' && effect !== 'CHARGEBACK') {
    throw new Error(`${row.kind} has no effect to apply`);
  }
  const facts = processor ? await customerFacts(db, processor, row, effect) : null;

  return db.transaction(async (trx) => {
    const locked = await notifications.lock(tenantId, notificationId, trx);
    if (!locked) throw new Error(`Notification ${notificationId} vanished`);
    if (locked.status !== 'RECEIVED') return storedOutcome(locked);
    const finish = async (result: NotificationOutcome) => {
      const done = await notifications.finish(notificationId, result.status, { ...result }, trx);
      if (done.status === 'FAILED') {
        await recordWebhookEvent(trx, tenantId, 'processor_notification.failed', {
          ...presentNotification(done),
        });
      }
      return result;
    };
    if (!facts) return finish(outcome({ status: 'FAILED', result: 'DISCONNECTED' }));
    const { customerId, coupon } = facts;
    if (!customerId) return finish(outcome({ result: 'NO_CUSTOMER' }));

    const accounts = createAccountsRepo(trx);
    if (effect === 'CHARGEBACK')
      return finish(
        await recordCustomerChargeback(trx, tenantId, customerId, row.notified_at, row.subject_id),
      );
    const known = await accounts.findByPaymentProviderId(tenantId, customerId, trx);
    const accountId = known?.id ?? (coupon ? customerId : null);
    if (!accountId) return finish(outcome({ result: 'NO_ACCOUNT', customerId }));
    const { account } = await accounts.ensureLocked(tenantId, accountId, trx);
    const stale = isStale(account, row.notified_at);
    const wasReferred = await createReferralsRepo(trx).findByReferredAccount(tenantId, accountId, trx);
    const changed = await applyAccountMutation(trx, account, {
      paymentProviderId: account.payment_provider_id ?? customerId,
      status: stale ? undefined : effect,
      attribution: coupon ? { code: coupon, source: 'PROCESSOR', strict: false } : undefined,
    });
    if (!stale) await accounts.update(tenantId, accountId, { processor_status_at: row.notified_at }, {}, trx);
    // Its charges are payments for the referral's PAYMENT rules; refunded ones reverse what they gave.
    await recordSubscriptionPayments(
      trx,
      changed.referral,
      changed.account,
      facts.subscription ?? null,
      facts.refundAmounts ?? new Map(),
    );
    return finish(
      outcome({
        accountId,
        customerId,
        result: stale ? 'STALE' : account.subscription_status === effect ? 'UNCHANGED' : 'APPLIED',
        accountStatus: changed.account.subscription_status === effect ? effect : null,
        attributedBy:
          changed.referralCreated && !wasReferred ? (changed.referral?.referral_code_used ?? null) : null,
        syncDiscount:
          effect === 'PAID' &&
          (changed.referral !== null || (await hasReferrerCredit(trx, tenantId, accountId))),
      }),
    );
  });
}

/** A dispute of a charge of the customer: the account's charge-back and the charge's payment reversed (chargebacks.ts). */
async function recordCustomerChargeback(
  trx: DbOrTrx,
  tenantId: string,
  customerId: string,
  at: Date,
  transactionId: string | null,
): Promise<NotificationOutcome> {
  const accounts = createAccountsRepo(trx);
  const known = await accounts.findByPaymentProviderId(tenantId, customerId, trx);
  const account = known && (await accounts.lock(tenantId, known.id, trx));
  if (!account) return outcome({ result: 'NO_ACCOUNT', customerId });
  const payment = transactionId
    ? { paymentId: processorPaymentId('braintree', transactionId), ref: transactionId }
    : null;
  const recorded = await recordChargeback(trx, account, at, payment);
  return outcome({ accountId: account.id, customerId, result: recorded ? 'APPLIED' : 'UNCHANGED' });
}

async function hasReferrerCredit(trx: DbOrTrx, tenantId: string, accountId: string): Promise<boolean> {
  return (await createRewardsRepo(trx).liveReferrerPercents(tenantId, accountId, trx)).length > 0;
}

/** What an applied notification came to, as stored then: a retried activity returns it again. */
function storedOutcome(row: NotificationRow): NotificationOutcome {
  if (row.outcome && !('reason' in row.outcome)) return row.outcome;
  throw new Error(`Notification ${row.id} is ${row.status}, with no outcome of being applied`);
}

function isStale(account: AccountRow, notifiedAt: Date): boolean {
  return account.processor_status_at !== null && notifiedAt.getTime() < account.processor_status_at.getTime();
}
