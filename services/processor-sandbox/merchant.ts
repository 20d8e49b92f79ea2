import braintree from 'braintree';
import { centsToDecimal } from '../../shared/processors/braintree-money';

/**
 * What a merchant's own server does at the processor, for demos, tests and benches against the stand-in:
 * the official SDK pointed at it, and a customer subscribed the way steps 6 and 8 of the flow describe.
 */
export function sandboxGateway(
  url: string,
  keys: { merchantId: string; publicKey: string; privateKey: string },
): braintree.BraintreeGateway {
  const { hostname, port } = new URL(url);
  return new braintree.BraintreeGateway({
    environment: new braintree.Environment(hostname, port, url, false),
    ...keys,
  });
}

export interface SubscribeOptions {
  customerId?: string;
  /** A referral code in the customer's `service_coupon` field (a transparent-redirect form). */
  coupon?: string;
  priceCents?: number;
  /** A `service_discount` discount of this amount on the subscription (the code was looked up first). */
  discountCents?: number;
}

/** A new customer with a card and a subscription, whose first charge is made at once. */
export async function subscribeCustomer(bt: braintree.BraintreeGateway, options: SubscribeOptions = {}) {
  const created = await bt.customer.create({
    ...(options.customerId && { id: options.customerId }),
    firstName: 'Pat',
    lastName: 'Payer',
    paymentMethodNonce: 'fake-valid-nonce',
    ...(options.coupon && { customFields: { service_coupon: options.coupon } }),
  });
  if (!created.success) throw new Error(created.message);
  const sub = await bt.subscription.create({
    paymentMethodToken: created.customer.paymentMethods[0]!.token,
    planId: 'monthly',
    price: centsToDecimal(options.priceCents ?? 2000),
    ...(options.discountCents && {
      discounts: {
        add: [{ inheritedFromId: 'service_discount', amount: centsToDecimal(options.discountCents) }],
      },
    }),
  });
  if (!sub.success) throw new Error(sub.message);
  return {
    customerId: created.customer.id,
    subscriptionId: sub.subscription.id,
    transactionId: sub.subscription.transactions[0]!.id,
  };
}
