import type { ProcessorEnvironment } from '../types/processors';

/**
 * The second processor model, beside Braintree's amount-off modifications (payment-processor.ts): a
 * processor whose discounts are coupons (and promotion codes typed at its checkout), whose credit is a
 * customer balance, and whose webhooks are events with their own ids. Stripe is the first; Chargebee
 * (coupons, coupon codes, promotional credits) and Paddle Billing (discounts, credit balances) fit the
 * same shape, so each is one adapter file implementing this interface plus its tests.
 *
 * Money is in integer minor units of the named currency (ISO 4217, upper case), never floats. Every
 * write is idempotent: by the id we choose (coupons), by the code (promotion codes), or by the
 * idempotency key we pass, which the processor honours (balance transactions).
 */

export interface CouponBillingCredentials {
  /** The connection's processor (a registered descriptor's name); Stripe when absent. */
  processor?: string;
  environment: ProcessorEnvironment;
  /** A secret or restricted API key (Stripe: sk_test_…, rk_live_…). */
  secretKey: string;
  /** The signing secret of the endpoint that delivers our events, null before one is known. */
  webhookSecret: string | null;
}

export interface CouponBillingOptions {
  /** Base URL of a local stand-in (http://127.0.0.1:PORT) instead of the processor's host. */
  baseUrl?: string;
  timeoutMs: number;
  /** How old a signed delivery may be, in seconds (Stripe's default tolerance is 300). */
  signatureToleranceSeconds?: number;
}

/** What a processor event does here, decided by the adapter from its own event type. */
export type BillingEventEffect =
  /** A customer was created or changed: its tie to an account (metadata) may be new. */
  | 'CUSTOMER'
  /** A checkout finished: attribution by promotion code or client reference, and the customer's tie. */
  | 'CHECKOUT'
  /** An invoice was paid: the first converts the referral; each is a payment for PAYMENT rules. */
  | 'INVOICE_PAID'
  /** A subscription changed or ended: a cancellation cancels held rewards. */
  | 'SUBSCRIPTION'
  /** A charge was refunded, in part or in full. */
  | 'REFUND'
  /** A dispute was opened or closed (won, lost). */
  | 'DISPUTE'
  | 'IGNORE';

/** A verified webhook event. */
export interface BillingEvent {
  /** The processor's event id (Stripe evt_…): the idempotency key of its effect. */
  id: string;
  /** The processor's own type, e.g. invoice.paid. */
  type: string;
  effect: BillingEventEffect;
  createdAt: Date;
  /** The id of the object it is about (customer, session, invoice, subscription, charge, dispute). */
  objectId: string | null;
  /** The customer it concerns, when the payload names one. */
  customerId: string | null;
  livemode: boolean;
}

export interface BillingCustomer {
  id: string;
  /** The account the merchant tied it to (Stripe metadata `referral_account_id`), or null. */
  accountId: string | null;
  email: string | null;
  /** The customer's currency once it has one (upper case), else null. */
  currency: string | null;
  /** Its balance in minor units: negative is credit the customer has with the merchant. */
  balanceCents: number;
  /** Its subscriptions that are not ended. */
  subscriptionIds: string[];
  deleted: boolean;
}

export interface BillingCheckoutSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  customerId: string | null;
  clientReferenceId: string | null;
  /** The promotion code the buyer typed, as text (e.g. JANEDOE), null when none. */
  promotionCode: string | null;
  subscriptionId: string | null;
}

export interface BillingInvoice {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  paid: boolean;
  amountPaidCents: number;
  currency: string;
  /** The charge that paid it (refunds and disputes name it), null when none (e.g. paid by credit). */
  chargeId: string | null;
  /** When it was paid (status transitions), else its creation time. */
  paidAt: Date;
  /** The promotion code applied to it, as text, null when none. */
  promotionCode: string | null;
}

export interface BillingCharge {
  id: string;
  customerId: string | null;
  invoiceId: string | null;
  amountCents: number;
  currency: string;
  paid: boolean;
  /** The refunded total so far (never decreases). */
  refundedCents: number;
  /** The refunds, oldest first. */
  refunds: { id: string; amountCents: number }[];
  disputed: boolean;
  createdAt: Date;
}

export interface BillingDispute {
  id: string;
  chargeId: string;
  /** OPEN while undecided (Stripe: warning_*, needs_response, under_review); WON or LOST when closed. */
  state: 'OPEN' | 'WON' | 'LOST';
  amountCents: number;
  currency: string;
}

export interface BillingSubscription {
  id: string;
  customerId: string;
  /** The processor's status (e.g. active, trialing, past_due, canceled, unpaid, incomplete_expired). */
  status: string;
  /** Ended for good (canceled, incomplete_expired): a cancellation. */
  ended: boolean;
  /** The coupons applied to it, by id. */
  couponIds: string[];
  currency: string;
}

export interface CouponSpec {
  /** Our deterministic id, e.g. `ref-<program>-p20` (a coupon's terms never change, so new terms are a new id). */
  id: string;
  name: string;
  /** Exactly one of percentOff or amountOffCents (with currency). */
  percentOff?: number;
  amountOffCents?: number;
  currency?: string;
  duration: 'forever' | 'once';
  metadata: Record<string, string>;
}

export interface BalanceTransactionInput {
  customerId: string;
  /** Negative credits the customer (what the merchant owes it); positive debits it back. */
  amountCents: number;
  currency: string;
  description: string;
  /** Stable per effect (a reward id, a reversal id): the processor applies one request per key. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface CouponBillingProcessor {
  readonly model: 'COUPONS';
  /** One cheap authenticated read; the key's own mode. Throws ProcessorCredentialsRefusedError or ProcessorUnavailableError. */
  verifyCredentials(): Promise<{ livemode: boolean; accountId: string | null }>;
  /**
   * Creates our webhook endpoint for `events` (pinned to the API version the adapter parses). Null when
   * the key may not create endpoints: the merchant registers the URL by hand and gives us its secret.
   */
  registerWebhook(
    url: string,
    events: readonly string[],
  ): Promise<{ endpointId: string; secret: string } | null>;
  /** Removes the endpoint; one already gone is fine. */
  removeWebhook(endpointId: string): Promise<void>;
  /** The events registerWebhook asks for. */
  readonly webhookEvents: readonly string[];
  /** Verifies the signature (with its timestamp tolerance) and parses; InvalidSignatureError when not authentic. */
  parseEvent(signatureHeader: string, payload: string): BillingEvent;

  findCustomer(id: string): Promise<BillingCustomer | null>;
  findCheckoutSession(id: string): Promise<BillingCheckoutSession | null>;
  /**
   * The completed checkout session that created this subscription, null when none did (created through
   * the API): a paid invoice delivered before its checkout.session.completed still finds the buyer's
   * client reference and promotion code.
   */
  findSubscriptionCheckout(subscriptionId: string): Promise<BillingCheckoutSession | null>;
  findInvoice(id: string): Promise<BillingInvoice | null>;
  findCharge(id: string): Promise<BillingCharge | null>;
  findDispute(id: string): Promise<BillingDispute | null>;
  findSubscription(id: string): Promise<BillingSubscription | null>;

  /** Creates the coupon of this id unless it exists (its terms are the id's). */
  ensureCoupon(spec: CouponSpec): Promise<void>;
  /**
   * The active promotion code `code` for `couponId`: found (case-insensitively) or created. One of the
   * same code for another coupon is deactivated first. Answers its id.
   */
  ensurePromotionCode(
    code: string,
    couponId: string,
    metadata: Record<string, string>,
  ): Promise<{ id: string }>;
  /** Deactivates a promotion code; one already inactive or gone is fine. */
  deactivatePromotionCode(code: string): Promise<void>;
  /**
   * Makes `couponIds` the subscription's discounts among those whose id starts with `ourPrefix`, leaving
   * the merchant's own discounts as they are. Idempotent.
   */
  setSubscriptionCoupons(subscriptionId: string, ourPrefix: string, couponIds: string[]): Promise<void>;
  /** Creates a customer balance transaction once per idempotency key; answers its id. */
  createBalanceTransaction(input: BalanceTransactionInput): Promise<{ id: string }>;
}

export type CouponBillingFactory = (
  credentials: CouponBillingCredentials,
  options: CouponBillingOptions,
) => CouponBillingProcessor;

/**
 * What the service needs to know of a coupon-billing processor besides its adapter: its name in the
 * closed lists, its webhook path, what its keys and signing secrets look like. One per adapter file,
 * listed in coupon-billing-registry.ts; the connection, the webhook route and the portal read it.
 */
export interface CouponBillingDescriptor {
  /** `processor_connections.processor` and GraphQL `PaymentProcessorKind`, e.g. STRIPE. */
  readonly name: string;
  /** The webhook path segment: `/processor/<slug>/webhook`. */
  readonly slug: string;
  /** The request header carrying the delivery's signature (Stripe: stripe-signature). */
  readonly signatureHeader: string;
  readonly label: string;
  /** The mode a key belongs to by its text; null when it is not one of this processor's keys. */
  keyMode(secretKey: string): 'live' | 'test' | null;
  /** What a key looks like, for the error naming the field, e.g. "a Stripe secret key (sk_…) or …". */
  readonly keyRule: string;
  /** Which key it is (kind, mode, last characters), never enough to use it. */
  keyHint(secretKey: string): string;
  readonly webhookSecretPattern: RegExp;
  readonly webhookSecretRule: string;
  /** The event types our endpoint subscribes to. */
  readonly webhookEvents: readonly string[];
  /** What an event type does here (the same table parseEvent uses). */
  effectOf(type: string): BillingEventEffect;
  readonly create: CouponBillingFactory;
}
