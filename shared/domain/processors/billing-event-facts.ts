import { accountIdSchema, referralCodeInputSchema } from '../../ids';
import type {
  BillingCharge,
  BillingCheckoutSession,
  BillingCustomer,
  BillingDispute,
  BillingEventEffect,
  BillingInvoice,
  BillingSubscription,
  CouponBillingProcessor,
} from '../../processors/coupon-billing';
import type { NotificationRow } from '../../repos/processor-notifications.repo';

/**
 * What the processor says now about the object a stored event names, read again through the adapter
 * (the stored payload is only its envelope): network calls only, outside any transaction, so an outage
 * fails here and the workflow retries. Whatever happened since the event (a later refund, a dispute
 * closed) is in the answer, which is what makes the effects order-independent.
 */
export interface BillingFacts {
  /** The processor customer the event concerns (from the object read, else the stored event's). */
  customerId: string | null;
  customer: BillingCustomer | null;
  /** The account the merchant named: the customer's metadata, or a checkout's client reference. */
  namedAccountId: string | null;
  /** A referral code the customer typed (a promotion code's text), when it is one. */
  code: string | null;
  session?: BillingCheckoutSession | null;
  invoice?: BillingInvoice | null;
  subscription?: BillingSubscription | null;
  charge?: BillingCharge | null;
  dispute?: BillingDispute | null;
}

/** A text that is an account id (accountIdSchema), else null: a merchant's free text never becomes one. */
export function asAccountId(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = accountIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A promotion code's text that is a referral code (referralCodeInputSchema), else null. */
export function asReferralCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = referralCodeInputSchema.safeParse(value.trim());
  return parsed.success ? parsed.data : null;
}

export async function billingFacts(
  processor: CouponBillingProcessor,
  row: Pick<NotificationRow, 'subject_id' | 'customer_id'>,
  effect: Exclude<BillingEventEffect, 'IGNORE'>,
): Promise<BillingFacts> {
  const subject = row.subject_id;
  const withCustomer = async (
    customerId: string | null,
    rest: Omit<BillingFacts, 'customerId' | 'customer' | 'namedAccountId' | 'code'> & {
      namedAccountId?: string | null;
      code?: string | null;
    },
  ): Promise<BillingFacts> => {
    const customer = customerId ? await processor.findCustomer(customerId) : null;
    const live = customer && !customer.deleted ? customer : null;
    return {
      ...rest,
      customerId,
      customer: live,
      namedAccountId: rest.namedAccountId ?? asAccountId(live?.accountId),
      code: rest.code ?? null,
    };
  };
  const chargeFacts = async (charge: BillingCharge | null) => {
    const invoice = charge?.invoiceId ? await processor.findInvoice(charge.invoiceId) : null;
    return { charge, invoice };
  };

  switch (effect) {
    case 'CUSTOMER':
      return withCustomer(subject ?? row.customer_id, {});
    case 'CHECKOUT': {
      const session = subject ? await processor.findCheckoutSession(subject) : null;
      return withCustomer(session?.customerId ?? row.customer_id, {
        session,
        // The client reference names the account directly; the customer's metadata is second.
        namedAccountId: asAccountId(session?.clientReferenceId) ?? undefined,
        code: asReferralCode(session?.promotionCode),
      });
    }
    case 'INVOICE_PAID': {
      const invoice = subject ? await processor.findInvoice(subject) : null;
      // Delivered before its checkout.session.completed, the first invoice of a Checkout subscription
      // still attributes as the checkout does: by its client reference and the code typed there.
      const session = invoice?.subscriptionId
        ? await processor.findSubscriptionCheckout(invoice.subscriptionId)
        : null;
      // Its charge, for refunds made before this event was applied (a charge.refunded delivered first
      // may not have found the payment to reverse).
      const charge = invoice?.chargeId ? await processor.findCharge(invoice.chargeId) : null;
      return withCustomer(invoice?.customerId ?? row.customer_id, {
        invoice,
        charge,
        namedAccountId: asAccountId(session?.clientReferenceId) ?? undefined,
        code: asReferralCode(invoice?.promotionCode) ?? asReferralCode(session?.promotionCode),
      });
    }
    case 'SUBSCRIPTION': {
      const subscription = subject ? await processor.findSubscription(subject) : null;
      return withCustomer(subscription?.customerId ?? row.customer_id, { subscription });
    }
    case 'REFUND': {
      const facts = await chargeFacts(subject ? await processor.findCharge(subject) : null);
      return withCustomer(facts.charge?.customerId ?? row.customer_id, facts);
    }
    case 'DISPUTE': {
      const dispute = subject ? await processor.findDispute(subject) : null;
      const facts = await chargeFacts(dispute ? await processor.findCharge(dispute.chargeId) : null);
      return withCustomer(facts.charge?.customerId ?? row.customer_id, { ...facts, dispute });
    }
  }
}
