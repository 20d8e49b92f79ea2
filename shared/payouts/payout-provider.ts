/**
 * A payout provider: where a referrer's cash is sent (PayPal Payouts, Stripe Connect transfers, gift cards
 * by e-mail). The payout run (shared/domain/payouts) reserves the money in the ledger first, then asks a
 * provider to send it; every provider call carries the provider's own idempotency, derived from our
 * payout ids, so a retried or replayed activity never pays twice. Adding a provider is one adapter file
 * implementing this interface, its stand-in in services/processor-sandbox and its tests.
 */

export const PAYOUT_METHOD_TYPES = ['PAYPAL', 'STRIPE_CONNECT', 'GIFT_CARD'] as const;
export type PayoutMethodType = (typeof PAYOUT_METHOD_TYPES)[number];

/** Where one payout goes: the payee's method details, unsealed for the call. */
export type PayoutDestination =
  | { type: 'PAYPAL'; email: string }
  | { type: 'STRIPE_CONNECT'; accountId: string }
  | { type: 'GIFT_CARD'; email: string; name: string | null };

/** One payout to one payee. */
export interface PayoutOrder {
  /** Our payout's id (a uuid), stable across retries: the item's idempotency key at the provider. */
  payoutId: string;
  /** Minor units of `currency` (cents), > 0. */
  amountCents: number;
  /** ISO 4217, upper case. */
  currency: string;
  destination: PayoutDestination;
  /** A short line the payee sees with the money (e.g. "Referral rewards from Acme"). */
  note: string;
}

/** A batch of payouts sent together: PayPal's sender_batch_id; providers without batches send one by one. */
export interface PayoutBatch {
  /** Stable across retries (the run's id and the batch's number): the batch's idempotency key. */
  batchId: string;
  orders: PayoutOrder[];
}

/**
 * Where a payout stands at the provider. PENDING: accepted, not final (PayPal's PENDING/ONHOLD, a gift
 * card not delivered yet). PAID: delivered. FAILED: refused, nothing paid. RETURNED: paid, then returned
 * to us. UNCLAIMED: PayPal's unclaimed item, returned to us after 30 days (money back like RETURNED).
 */
export const PAYOUT_STATES = ['PENDING', 'PAID', 'FAILED', 'RETURNED', 'UNCLAIMED'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

export interface PayoutOutcome {
  payoutId: string;
  state: PayoutState;
  /** The provider's id for the item (PayPal payout_item_id, Stripe transfer id, gift-card order id). */
  providerRef: string | null;
  /** The provider's own words for a failure, return or hold; null when it said nothing. */
  message: string | null;
}

/** The provider credentials a tenant connected, unsealed for the call. */
export interface PayoutCredentials {
  /** PayPal: client id and secret; gift cards: the API key in `secret`; Stripe: the secret key in `secret`. */
  clientId: string | null;
  secret: string;
}

/** A verified provider webhook: the payouts it speaks of. */
export interface PayoutWebhook {
  /** The provider's event id (dedupe key). */
  eventId: string;
  outcomes: PayoutOutcome[];
}

export interface PayoutProvider {
  readonly method: PayoutMethodType;
  /**
   * Sends a batch once. A repeat with the same batchId and payout ids (after a timeout, a worker crash)
   * answers the payouts the first call made and sends nothing new. Answers one outcome per order.
   * Throws PayoutProviderError: `retryable` for timeouts, 5xx and 429; otherwise the batch was refused.
   */
  send(credentials: PayoutCredentials, batch: PayoutBatch): Promise<PayoutOutcome[]>;
  /**
   * Where sent payouts stand now (polling): one outcome per order of the batch. `refs` holds the
   * providerRef each payout's send answered, or null where that answer was lost (a timeout, a crash):
   * the adapter then finds the payout by our ids (replaying the send with the same idempotency key, which
   * the provider answers with the original and never pays again).
   */
  status(
    credentials: PayoutCredentials,
    batch: PayoutBatch,
    refs: ReadonlyMap<string, string | null>,
  ): Promise<PayoutOutcome[]>;
  /**
   * Verifies a webhook delivery (the raw body and its headers) and reads the payouts it names; throws
   * PayoutProviderError (not retryable) when it is not genuine. `webhookSecret` is what the tenant's
   * connection stored for this provider (PayPal: the webhook id; gift cards: the signing key).
   */
  parseWebhook(
    credentials: PayoutCredentials,
    webhookSecret: string,
    headers: Record<string, string | undefined>,
    rawBody: Buffer,
  ): Promise<PayoutWebhook>;
}

export class PayoutProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The provider's error code when it gave one. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'PayoutProviderError';
  }
}
