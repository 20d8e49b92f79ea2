import type { DbOrTrx } from '../../db/knex';
import type { BillingCharge, BillingDispute, BillingInvoice } from '../../processors/coupon-billing';
import type { ReferralRow } from '../../repos/referrals.repo';
import { invoicePayment, processorPaymentId } from './payment-reports';
import { restorePaymentReversal } from './reward-restores';
import { recordPaymentRefunded, recordPaymentReversal, recordRuleOccurrences } from './rule-occurrences';

/*
 * What a coupon-billing processor's (Stripe's) money events tell the rules, inside the event's
 * transaction under the referred account's lock. Each reads the objects as they are now, so a repeat, or
 * an older event applied after a newer one, records nothing new: payments are recorded once by id,
 * refunded totals only grow, and a reversal is recorded once.
 */

/** A paid invoice is a payment for the referral's PAYMENT rules (nothing paid: none); answers the new ids. */
export async function recordInvoicePaid(
  trx: DbOrTrx,
  referral: ReferralRow | null,
  invoice: BillingInvoice,
): Promise<string[]> {
  if (!invoice.paid || invoice.amountPaidCents <= 0) return [];
  return recordRuleOccurrences(trx, referral, [invoicePayment(invoice)]);
}

/** The payment a charge is: that of the invoice it paid (recorded first if absent), or its own id. */
async function chargePayment(
  trx: DbOrTrx,
  referral: ReferralRow | null,
  charge: BillingCharge,
  invoice: BillingInvoice | null,
): Promise<string> {
  // A refund or dispute may arrive before invoice.paid: the payment is recorded from the invoice now.
  if (invoice && invoice.chargeId === charge.id) await recordInvoicePaid(trx, referral, invoice);
  return processorPaymentId('stripe', charge.id);
}

/**
 * A refunded charge: refunded in full, the payment's rewards are reversed (REFUND, by its latest refund);
 * in part, the share the refunded total is of it. Answers whether this call recorded anything new.
 */
export async function recordChargeRefunds(
  trx: DbOrTrx,
  tenantId: string,
  referral: ReferralRow | null,
  facts: { charge: BillingCharge; invoice: BillingInvoice | null },
  at: Date,
): Promise<boolean> {
  const { charge } = facts;
  const paymentId = await chargePayment(trx, referral, charge, facts.invoice);
  const ref = charge.refunds.at(-1)?.id ?? charge.id;
  if (charge.refundedCents <= 0) return false;
  if (charge.refundedCents >= charge.amountCents) {
    return recordPaymentReversal(trx, tenantId, paymentId, { kind: 'REFUND', ref, at });
  }
  return recordPaymentRefunded(trx, tenantId, paymentId, { refundedCents: charge.refundedCents, ref });
}

/**
 * A disputed charge, by the dispute's state now: OPEN or LOST reverses the payment's rewards once
 * (CHARGEBACK, by the dispute's id); WON undoes that reversal (restorePaymentReversal), or finds none to
 * undo when the dispute was won before it was applied. Answers whether this call changed anything.
 */
export async function recordChargeDispute(
  trx: DbOrTrx,
  tenantId: string,
  referral: ReferralRow | null,
  facts: { charge: BillingCharge; invoice: BillingInvoice | null; dispute: BillingDispute },
  at: Date,
): Promise<boolean> {
  const paymentId = await chargePayment(trx, referral, facts.charge, facts.invoice);
  const reversal = { kind: 'CHARGEBACK' as const, ref: facts.dispute.id };
  if (facts.dispute.state === 'WON') {
    return (await restorePaymentReversal(trx, tenantId, paymentId, reversal)).restored;
  }
  return recordPaymentReversal(trx, tenantId, paymentId, { ...reversal, at });
}
