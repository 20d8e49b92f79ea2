import type { Db, DbOrTrx } from '../../db/knex';
import type { BillingEventEffect, CouponBillingProcessor } from '../../processors/coupon-billing';
import { couponBillingNamed } from '../../processors/coupon-billing-registry';
import { createAccountsRepo, type AccountRow } from '../../repos/accounts.repo';
import {
  createProcessorNotificationsRepo,
  type NotificationRow,
} from '../../repos/processor-notifications.repo';
import { createReferralsRepo } from '../../repos/referrals.repo';
import type { NotificationOutcome } from '../../types/processors';
import { applyAccountMutation, type AccountMutation } from '../accounts/account-changes';
import { recordChargeDispute, recordChargeRefunds, recordInvoicePaid } from '../programs/billing-payments';
import { resolveAccount } from './billing-event-accounts';
import {
  finishNotification as finish,
  hasReferrerCredit,
  isStale,
  outcome,
  storedOutcome,
} from './notification-outcomes';
import { recordChargeback } from './chargebacks';
import { billingFacts, type BillingFacts } from './billing-event-facts';

type Effect = Exclude<BillingEventEffect, 'IGNORE'>;

/** What applying an event came to: an outcome, or that it waits for its customer's tie. */
type Applied = NotificationOutcome | { waitFor: string };

/**
 * Applies a stored event of a coupon-billing processor (Stripe; its effect by the processor's
 * descriptor) once, with the skeleton of Braintree's
 * applyNotification: the objects it names are read from the processor outside the transaction
 * (billingFacts), then the event's row is locked and its status checked in the transaction that applies
 * it, so a redelivery or a retried activity finds the stored outcome. Each effect also reads the
 * current state, so applying an older event after a newer one records nothing new.
 *
 * An event about a customer no account is tied to yet waits (WAITING, with its customer): tying the
 * customer (applyAccountMutation) receives it again, and its workflow is started after that commit.
 */
export async function applyBillingEvent(
  db: Db,
  processor: CouponBillingProcessor | null,
  tenantId: string,
  notificationId: string,
): Promise<NotificationOutcome> {
  const notifications = createProcessorNotificationsRepo(db);
  const row = await notifications.find(tenantId, notificationId);
  if (!row) throw new Error(`No notification ${notificationId}`);
  if (row.status !== 'RECEIVED') return storedOutcome(row);
  const effect = couponBillingNamed(row.processor)?.effectOf(row.kind) ?? 'IGNORE';
  if (effect === 'IGNORE') throw new Error(`${row.kind} has no effect to apply`);
  const facts = processor ? await billingFacts(processor, row, effect) : null;

  return db.transaction(async (trx) => {
    const locked = await notifications.lock(tenantId, notificationId, trx);
    if (!locked) throw new Error(`Notification ${notificationId} vanished`);
    if (locked.status !== 'RECEIVED') return storedOutcome(locked);
    if (!facts) return finish(trx, locked, outcome({ status: 'FAILED', result: 'DISCONNECTED' }));
    const applied = await applyEffect(trx, locked, effect, facts);
    if ('waitFor' in applied) {
      const waiting = outcome({ result: 'WAITING', customerId: applied.waitFor });
      await notifications.wait(locked.id, applied.waitFor, waiting, trx);
      return waiting;
    }
    return finish(trx, locked, applied);
  });
}

async function applyEffect(
  trx: DbOrTrx,
  row: NotificationRow,
  effect: Effect,
  facts: BillingFacts,
): Promise<Applied> {
  const tenantId = row.tenant_id;
  const { customerId } = facts;
  const object = facts.session ?? facts.invoice ?? facts.subscription ?? facts.dispute ?? facts.charge;
  if (effect !== 'CUSTOMER' && !object) {
    return outcome({ result: 'UNCHANGED', customerId, message: `${row.subject_id} was not found at Stripe` });
  }
  if (!customerId && !(effect === 'CHECKOUT' && facts.namedAccountId)) {
    return outcome({ result: 'NO_CUSTOMER' });
  }
  const codeAccount = effect === 'CHECKOUT' || effect === 'INVOICE_PAID';
  const waitsForTie = effect !== 'CUSTOMER' && effect !== 'CHECKOUT';
  const resolved = await resolveAccount(trx, tenantId, facts, { codeAccount, waitsForTie });
  if (resolved.kind === 'IN_USE') {
    return outcome({
      result: 'CUSTOMER_IN_USE',
      accountId: resolved.namedAccountId,
      customerId,
      message: `Stripe names account ${resolved.namedAccountId} for customer ${customerId}, which is tied to account ${resolved.holderId} here (PAYMENT_PROVIDER_ID_IN_USE)`,
    });
  }
  if (resolved.kind === 'NONE') {
    return waitsForTie && customerId
      ? { waitFor: customerId }
      : outcome({ result: 'NO_ACCOUNT', customerId });
  }
  const { account } = resolved;
  const accounts = createAccountsRepo(trx);
  const existing = await createReferralsRepo(trx).findByReferredAccount(tenantId, account.id, trx);
  const stale = isStale(account, row.notified_at);
  // The status the event calls for, set unless a newer event set the account's status already.
  const wanted = statusOf(effect, facts);
  const status = stale ? undefined : wanted;
  const mutation: AccountMutation = {
    ...(resolved.tie ? { paymentProviderId: resolved.tie } : {}),
    ...(status ? { status } : {}),
    ...(facts.code && !existing
      ? { attribution: { code: facts.code, source: 'PROCESSOR', strict: false } }
      : {}),
    ...(facts.invoice && account.currency === null ? { currency: facts.invoice.currency } : {}),
  };
  const changed = await applyAccountMutation(trx, account, mutation);
  const statusEvent = wanted !== undefined;
  if (statusEvent && !stale) {
    await accounts.update(tenantId, account.id, { processor_status_at: row.notified_at }, {}, trx);
  }
  const referral = changed.referral;
  let money = false;
  if (effect === 'INVOICE_PAID' && facts.invoice) {
    money = (await recordInvoicePaid(trx, referral, facts.invoice)).length > 0;
    // Refunded already (its charge.refunded may have been applied first, finding no payment): reversed
    // now, once, as that event would have.
    if (facts.charge && facts.charge.refundedCents > 0) {
      const charge = { charge: facts.charge, invoice: facts.invoice };
      money = (await recordChargeRefunds(trx, tenantId, referral, charge, row.notified_at)) || money;
    }
  } else if (effect === 'REFUND' && facts.charge) {
    money = await recordChargeRefunds(
      trx,
      tenantId,
      referral,
      { charge: facts.charge, invoice: facts.invoice ?? null },
      row.notified_at,
    );
  } else if (effect === 'DISPUTE' && facts.charge && facts.dispute) {
    const closed = await createProcessorNotificationsRepo(trx).hasProcessedOther(
      tenantId,
      row.processor,
      facts.dispute.id,
      row.id,
      trx,
    );
    // A dispute read as open, applied after another event about it (its closing: the only other one we
    // subscribe to) was: that one's reading is the later one.
    if (facts.dispute.state === 'OPEN' && closed) {
      return outcome({ result: 'STALE', accountId: account.id, customerId });
    }
    const dispute = { charge: facts.charge, invoice: facts.invoice ?? null, dispute: facts.dispute };
    money = await recordChargeDispute(trx, tenantId, referral, dispute, row.notified_at);
    if (facts.dispute.state === 'LOST') {
      // The payment was reversed above; the account's charge-back cancels its held rewards.
      money = (await recordChargeback(trx, changed.account, row.notified_at, null)) || money;
    }
  }
  const tiedNow = resolved.tie !== null && resolved.tie !== account.payment_provider_id;
  const created = changed.referralCreated && !existing;
  const accountStatus = changed.account.subscription_status;
  return outcome({
    accountId: account.id,
    customerId,
    result: resultOf({ stale: statusEvent && stale, status, before: account, tiedNow, created, money }),
    accountStatus: accountStatus === 'PAID' || accountStatus === 'CANCELLED' ? accountStatus : null,
    attributedBy: created ? (changed.referral?.referral_code_used ?? null) : null,
    syncDiscount:
      (effect === 'INVOICE_PAID' || effect === 'CHECKOUT' || tiedNow) &&
      (referral !== null || (await hasReferrerCredit(trx, tenantId, account.id))),
  });
}

/** The subscription status an event sets: PAID by a paid invoice, CANCELLED by the customer's last subscription ending. */
function statusOf(effect: Effect, facts: BillingFacts): 'PAID' | 'CANCELLED' | undefined {
  if (effect === 'INVOICE_PAID' && facts.invoice?.paid) return 'PAID';
  if (effect === 'SUBSCRIPTION' && facts.subscription?.ended) {
    // Another subscription of the customer still bills: the account has not cancelled.
    const others = (facts.customer?.subscriptionIds ?? []).filter((id) => id !== facts.subscription!.id);
    return others.length === 0 ? 'CANCELLED' : undefined;
  }
  return undefined;
}

function resultOf(r: {
  stale: boolean;
  status: 'PAID' | 'CANCELLED' | undefined;
  before: AccountRow;
  tiedNow: boolean;
  created: boolean;
  money: boolean;
}): NotificationOutcome['result'] {
  if (r.stale && !r.tiedNow && !r.created && !r.money) return 'STALE';
  const statusChanged = r.status !== undefined && r.before.subscription_status !== r.status;
  return statusChanged || r.tiedNow || r.created || r.money ? 'APPLIED' : 'UNCHANGED';
}
