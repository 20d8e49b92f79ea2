import type Stripe from 'stripe';
import type { CouponBillingDescriptor, CouponBillingFactory, CouponBillingProcessor } from './coupon-billing';
import {
  InvalidSignatureError,
  ProcessorCredentialsRefusedError,
  ProcessorRejectedError,
} from './payment-processor';
import { createStripeClient, STRIPE_API_VERSION } from './stripe-client';
import {
  deactivatePromotionCode,
  ensureCoupon,
  ensurePromotionCode,
  setSubscriptionCoupons,
  type StripeContext,
} from './stripe-discounts';
import {
  callStripe,
  classifySignatureError,
  classifyStripeError,
  findStripe,
  isNotFound,
  isPermissionDenied,
  redact,
} from './stripe-errors';
import { eventEffect, mapEvent, STRIPE_WEBHOOK_EVENTS } from './stripe-events';
import {
  invoicePromotionCode,
  liveSubscriptionIds,
  mapCharge,
  mapCheckoutSession,
  mapCustomer,
  mapDispute,
  mapInvoice,
  mapSubscription,
  sessionPromotionCode,
  type PromotionCodeRef,
} from './stripe-mapping';

export { STRIPE_API_VERSION } from './stripe-client';
export { STRIPE_WEBHOOK_EVENTS } from './stripe-events';

/** Stripe's default: a delivery signed more than five minutes ago is refused. */
const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * Stripe behind the coupon-billing interface, through the official SDK. No business rules here: Stripe's
 * objects are mapped (stripe-mapping.ts, stripe-events.ts), its errors translated (stripe-errors.ts),
 * and writes made idempotent (stripe-discounts.ts, and the idempotency key of balance transactions).
 */
export const createStripeProcessor: CouponBillingFactory = (credentials, options) => {
  const { secretKey, webhookSecret } = credentials;
  const stripe = createStripeClient(credentials, options);
  const ctx: StripeContext = { stripe, secretKey };
  const tolerance = options.signatureToleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;

  const call = <T>(action: string, fn: () => Promise<T>) => callStripe(action, secretKey, fn);
  const find = <T>(action: string, fn: () => Promise<T>) => findStripe(action, secretKey, fn);

  /** A promotion code's text: on the object when expanded, else read by its id (null once deleted). */
  async function promotionCodeText(ref: PromotionCodeRef | null): Promise<string | null> {
    if (!ref) return null;
    if (typeof ref !== 'string') return ref.code;
    const code = await find(`promotion code ${ref} lookup`, () => stripe.promotionCodes.retrieve(ref));
    return code?.code ?? null;
  }

  /** All of a customer's subscriptions, ended ones included (`status: 'all'`), then filtered. */
  async function subscriptionIdsOf(customerId: string): Promise<string[]> {
    const all: Pick<Stripe.Subscription, 'id' | 'status'>[] = [];
    await call(`subscriptions of customer ${customerId}`, () =>
      stripe.subscriptions
        .list({ customer: customerId, status: 'all', limit: 100 })
        .autoPagingEach((sub) => void all.push(sub)),
    );
    return liveSubscriptionIds(all);
  }

  /** The charge's refunds: on it when the server included them all, else listed. */
  async function refundsOf(charge: Stripe.Charge): Promise<Stripe.Refund[]> {
    if (charge.refunds && !charge.refunds.has_more) return charge.refunds.data;
    const refunds: Stripe.Refund[] = [];
    await call(`refunds of charge ${charge.id}`, () =>
      stripe.refunds.list({ charge: charge.id, limit: 100 }).autoPagingEach((r) => void refunds.push(r)),
    );
    return refunds;
  }

  const processor: CouponBillingProcessor = {
    model: 'COUPONS',
    webhookEvents: STRIPE_WEBHOOK_EVENTS,

    async verifyCredentials() {
      let balance: Stripe.Balance;
      try {
        balance = await stripe.balance.retrieve();
      } catch (err) {
        const refused = classifyStripeError(err, 'key check', secretKey);
        if (refused instanceof ProcessorCredentialsRefusedError) {
          const message = redact(`Stripe refused the key: ${(err as Error).message}`, secretKey);
          throw new ProcessorCredentialsRefusedError(message, { cause: err });
        }
        throw refused;
      }
      let accountId: string | null = null;
      try {
        accountId = (await stripe.accounts.retrieve()).id || null;
      } catch (err) {
        // A restricted key may not read the account (403); a stand-in may not serve it (404).
        if (!isPermissionDenied(err) && !isNotFound(err)) {
          throw classifyStripeError(err, 'account lookup', secretKey);
        }
      }
      return { livemode: balance.livemode, accountId };
    },

    async registerWebhook(url, events) {
      let endpoint: Stripe.WebhookEndpoint;
      try {
        endpoint = await stripe.webhookEndpoints.create({
          url,
          enabled_events: [...events] as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
          api_version: STRIPE_API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
          description: 'Referral program events',
        });
      } catch (err) {
        if (isPermissionDenied(err)) return null; // a restricted key without webhook write access
        throw classifyStripeError(err, 'webhook endpoint creation', secretKey);
      }
      if (!endpoint.secret) {
        throw new ProcessorRejectedError(`Stripe webhook endpoint ${endpoint.id} came without its secret`);
      }
      return { endpointId: endpoint.id, secret: endpoint.secret };
    },

    async removeWebhook(endpointId) {
      await find(`removal of webhook endpoint ${endpointId}`, () => stripe.webhookEndpoints.del(endpointId));
    },

    parseEvent(signatureHeader, payload) {
      if (!webhookSecret) throw new InvalidSignatureError('Stripe webhook: no signing secret is known yet');
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(payload, signatureHeader, webhookSecret, tolerance);
      } catch (err) {
        throw classifySignatureError(err);
      }
      return mapEvent(event);
    },

    async findCustomer(id) {
      const customer = await find(`customer lookup ${id}`, () => stripe.customers.retrieve(id));
      if (!customer) return null;
      return mapCustomer(customer, customer.deleted ? [] : await subscriptionIdsOf(customer.id));
    },

    async findCheckoutSession(id) {
      const session = await find(`checkout session lookup ${id}`, () =>
        stripe.checkout.sessions.retrieve(id, { expand: ['total_details.breakdown'] }),
      );
      if (!session) return null;
      return mapCheckoutSession(session, await promotionCodeText(sessionPromotionCode(session)));
    },

    async findSubscriptionCheckout(subscriptionId) {
      const sessions = await call(`checkout sessions of subscription ${subscriptionId}`, () =>
        stripe.checkout.sessions.list({
          subscription: subscriptionId,
          limit: 10,
          expand: ['data.total_details.breakdown'],
        }),
      );
      const session = sessions.data.find((s) => s.status === 'complete');
      if (!session) return null;
      return mapCheckoutSession(session, await promotionCodeText(sessionPromotionCode(session)));
    },

    async findInvoice(id) {
      const invoice = await find(`invoice lookup ${id}`, () =>
        stripe.invoices.retrieve(id, { expand: ['discounts'] }),
      );
      if (!invoice) return null;
      return mapInvoice(invoice, await promotionCodeText(invoicePromotionCode(invoice)));
    },

    async findCharge(id) {
      const charge = await find(`charge lookup ${id}`, () => stripe.charges.retrieve(id));
      if (!charge) return null;
      return mapCharge(charge, await refundsOf(charge));
    },

    async findDispute(id) {
      const dispute = await find(`dispute lookup ${id}`, () => stripe.disputes.retrieve(id));
      return dispute ? mapDispute(dispute) : null;
    },

    async findSubscription(id) {
      const subscription = await find(`subscription lookup ${id}`, () =>
        stripe.subscriptions.retrieve(id, { expand: ['discounts'] }),
      );
      return subscription ? mapSubscription(subscription) : null;
    },

    ensureCoupon: (spec) => ensureCoupon(ctx, spec),
    ensurePromotionCode: (code, couponId, metadata) => ensurePromotionCode(ctx, code, couponId, metadata),
    deactivatePromotionCode: (code) => deactivatePromotionCode(ctx, code),
    setSubscriptionCoupons: (subscriptionId, ourPrefix, couponIds) =>
      setSubscriptionCoupons(ctx, subscriptionId, ourPrefix, couponIds),

    async createBalanceTransaction(input) {
      const { customerId, amountCents, currency, description, idempotencyKey, metadata } = input;
      if (!Number.isSafeInteger(amountCents) || amountCents === 0) {
        throw new RangeError(
          `balance transaction amount must be a non-zero integer of cents: ${amountCents}`,
        );
      }
      if (!idempotencyKey) throw new RangeError('a balance transaction needs an idempotency key');
      const created = await call(`balance transaction for customer ${customerId}`, () =>
        stripe.customers.createBalanceTransaction(
          customerId,
          { amount: amountCents, currency: currency.toLowerCase(), description, metadata },
          { idempotencyKey },
        ),
      );
      return { id: created.id };
    },
  };
  return processor;
};

const KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,247}$/;

/** Stripe in the registry (coupon-billing-registry.ts): its keys, signing secrets, events and adapter. */
export const stripeBilling: CouponBillingDescriptor = {
  name: 'STRIPE',
  slug: 'stripe',
  signatureHeader: 'stripe-signature',
  label: 'Stripe',
  keyMode: (secretKey) => {
    const match = KEY.exec(secretKey);
    return match ? (match[2] as 'live' | 'test') : null;
  },
  keyRule: 'must be a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_test_…, rk_live_…)',
  keyHint: (secretKey) => `${/^(sk|rk)_(test|live)_/.exec(secretKey)?.[0] ?? ''}…${secretKey.slice(-4)}`,
  webhookSecretPattern: /^whsec_[A-Za-z0-9+/=_-]{8,200}$/,
  webhookSecretRule: "must be the endpoint's signing secret (whsec_…)",
  webhookEvents: STRIPE_WEBHOOK_EVENTS,
  effectOf: eventEffect,
  create: createStripeProcessor,
};
