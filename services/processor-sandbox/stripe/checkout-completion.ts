import type { FrontContext } from './context';
import { StripeApiError } from './errors';
import { presentSession, sessionItems, sessionOf, sessionSubscriptionMetadata } from './checkout-sessions';
import { activePromotionCode } from './promotion-codes';
import { present } from './shapes';
import type { AccountState, StripeObject } from './state';
import { amountOff, resolveDiscount, subscribe } from './subscriptions';

/*
 * A buyer completing a Checkout session (a control route: Stripe's hosted page is not here): the customer
 * is made at localstripe when the session has none, a promotion code the buyer typed is looked up, the
 * subscription (or payment) is made and its first invoice paid, so localstripe emits its own events; then
 * the session is complete and `checkout.session.completed` is delivered.
 */

export interface Completion {
  /** The code the buyer types (needs allow_promotion_codes). */
  promotionCode?: string;
  email?: string;
  /** A payment method localstripe knows; pm_card_visa by default (pm_card_chargeCustomerFail declines). */
  paymentMethod?: string;
}

async function customerFor(
  ctx: FrontContext,
  account: AccountState,
  session: StripeObject,
  input: Completion,
) {
  const paymentMethod = input.paymentMethod ?? 'pm_card_visa';
  const email = (session.customer_email as string | null) ?? input.email ?? 'buyer@example.com';
  if (session.customer) {
    const id = String(session.customer);
    await ctx.write(account, `/v1/customers/${id}`, {
      invoice_settings: { default_payment_method: paymentMethod },
    });
    return present(ctx, await ctx.fetchOwned(account, 'customer', '/v1/customers', id));
  }
  return present(
    ctx,
    await ctx.write(account, '/v1/customers', {
      email,
      payment_method: paymentMethod,
      invoice_settings: { default_payment_method: paymentMethod },
    }),
  );
}

export async function completeSession(
  ctx: FrontContext,
  account: AccountState,
  id: string,
  input: Completion,
) {
  const session = sessionOf(account, id);
  if (session.status !== 'open')
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `This Checkout Session is ${String(session.status)}.`,
    );
  let choice = (session.discounts as { coupon: string; promotion_code: string | null }[])[0];
  if (input.promotionCode) {
    if (session.allow_promotion_codes !== true)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'This Checkout Session does not allow promotion codes.',
      );
    const promotionCode = activePromotionCode(account, input.promotionCode);
    if (!promotionCode)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'This code is invalid.',
        'promotion_code_invalid',
      );
    choice = { coupon: (promotionCode.coupon as StripeObject).id, promotion_code: promotionCode.id };
  }
  const items = sessionItems.get(session) ?? [];
  const customer = await customerFor(ctx, account, session, input);
  const subtotal = Number(session.amount_subtotal);
  const { coupon, promotionCode } = await resolveDiscount(ctx, account, {
    coupon: choice?.promotion_code ? undefined : choice?.coupon,
    promotionCode: choice?.promotion_code ?? undefined,
  });
  const discount = coupon ? amountOff(coupon, subtotal) : 0;
  if (session.mode === 'subscription') {
    const subscription = await subscribe(ctx, account, {
      customer: customer.id,
      items: items
        .filter((i) => i.price.type === 'recurring')
        .map((i) => ({ price: i.price.id, quantity: i.quantity })),
      discount: { coupon: coupon?.id, promotionCode: promotionCode?.id, checkoutSession: session.id },
      metadata: sessionSubscriptionMetadata.get(session),
    });
    session.subscription = subscription.id;
    session.invoice = subscription.latest_invoice ?? null;
  } else {
    const intent = await ctx.write(account, '/v1/payment_intents', {
      amount: subtotal - discount,
      currency: session.currency,
      customer: customer.id,
      payment_method: input.paymentMethod ?? 'pm_card_visa',
      confirm: 'true',
    });
    session.payment_intent = intent.id;
    if (promotionCode) promotionCode.times_redeemed = Number(promotionCode.times_redeemed ?? 0) + 1;
  }
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    customer: customer.id,
    customer_details: {
      address: null,
      email: customer.email ?? null,
      name: customer.name ?? null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    amount_total: subtotal - discount,
    discounts: coupon ? [{ coupon: coupon.id, promotion_code: promotionCode?.id ?? null }] : [],
    total_details: {
      amount_discount: discount,
      amount_shipping: 0,
      amount_tax: 0,
      breakdown: {
        discounts: coupon
          ? [
              {
                amount: discount,
                discount: {
                  id: `di_${session.id.slice(8, 32)}`,
                  object: 'discount',
                  checkout_session: session.id,
                  coupon,
                  customer: customer.id,
                  end: null,
                  invoice: null,
                  invoice_item: null,
                  promotion_code: promotionCode?.id ?? null,
                  start: Math.floor(Date.now() / 1000),
                  subscription: session.subscription,
                  subscription_item: null,
                },
              },
            ]
          : [],
        taxes: [],
      },
    },
  });
  ctx.events.emit(account, 'checkout.session.completed', presentSession(session));
  return presentSession(session, ['total_details.breakdown']);
}
