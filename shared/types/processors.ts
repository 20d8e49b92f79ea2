/**
 * A processor connection's environment (stored by the repos, used by the adapters), and the arguments
 * and results of the payment-processor workflows (imported as types by workflows/).
 */
export type ProcessorEnvironment = 'SANDBOX' | 'PRODUCTION';

export interface NotificationWorkflowInput {
  tenantId: string;
  tenantAlias: string;
  notificationId: string;
}

/** What one notification did; stored on its row and returned by its workflow. */
export interface NotificationOutcome {
  status: 'PROCESSED' | 'FAILED';
  /** The account it applied to (null when no account matches the processor customer). */
  accountId: string | null;
  customerId: string | null;
  /**
   * APPLIED: the status was set; UNCHANGED: already so; STALE: a newer notification had set it; NO_ACCOUNT;
   * WAITING: no account is tied to its customer yet (it is applied when one is); CUSTOMER_IN_USE: the
   * account the processor names for its customer is not the account the customer is tied to here.
   */
  result:
    | 'APPLIED'
    | 'UNCHANGED'
    | 'STALE'
    | 'NO_ACCOUNT'
    | 'NO_CUSTOMER'
    | 'DISCONNECTED'
    | 'WAITING'
    | 'CUSTOMER_IN_USE';
  accountStatus: 'PAID' | 'CANCELLED' | null;
  /** The code of the customer's `service_coupon` field when it attributed the account. */
  attributedBy: string | null;
  /** Whether the account's discount at the processor should be brought up to date. */
  syncDiscount: boolean;
  message?: string;
}

export interface DiscountSyncInput {
  tenantId: string;
  tenantAlias: string;
  accountId: string;
  /** How long the workflow waits for another request before it completes (a new request starts it again). */
  idleMs?: number;
  /** How long to wait before trying again a refund whose charge had not settled. */
  refundRetryMs?: number;
  /**
   * Set by the run that continued as new when a request had arrived during its last sync, or a refund was
   * waiting for its charge to settle: the new run syncs at once instead of waiting for a request.
   */
  syncAtStart?: boolean;
}

/** Why a sync was asked for (shown in the Temporal UI); requests that arrive during a sync coalesce. */
export interface DiscountSyncRequest {
  reason: string;
}

export interface SubscriptionSync {
  subscriptionId: string;
  priceCents: number;
  discountPercent: number;
  discountCents: number;
  /** SET: the discount was written; UNCHANGED: it already had this amount; REMOVED. */
  discount: 'SET' | 'UNCHANGED' | 'REMOVED' | 'NONE';
  /** The refund of a first charge made without the discount, if this sync issued or found one. */
  refund: {
    transactionId: string;
    amountCents: number;
    refundId: string | null;
    /** Issued by this sync (false: found issued before, or pending). */
    issued: boolean;
    /** The charge has not settled yet, so it cannot be refunded; the workflow syncs again later. */
    pending: boolean;
  } | null;
}

export interface DiscountSyncResult {
  accountId: string;
  /** Why nothing was done, when nothing was. */
  skipped: 'NO_CONNECTION' | 'NO_ACCOUNT' | 'NO_CUSTOMER' | null;
  referredPercent: number;
  referrerPercent: number;
  /** Amounts off in the account's currency (FIXED_DISCOUNT rewards), in cents. */
  referredFixedCents: number;
  referrerFixedCents: number;
  subscriptions: SubscriptionSync[];
  /** A coupon-and-balance processor's sync (Stripe): its coupons, promotion code and credit. */
  billing?: BillingSync;
}

/** One reward row's credit at a coupon-and-balance processor (a customer balance transaction). */
export interface BillingCreditSync {
  rewardId: string;
  unit: string;
  /** What the transaction moved: negative credits the customer, positive takes credit back. */
  amountCents: number;
  transactionId: string | null;
  /**
   * APPLIED: by this sync; FOUND: applied before; SETTLED: a debt covered by shares taken back before
   * (no transaction); OTHER_CURRENCY: left, not in the customer's currency; NOT_GIVEN_HERE: a reversal
   * of credit the processor was not given, left as a debt in our balance; GONE: it changed meanwhile.
   */
  outcome: 'APPLIED' | 'FOUND' | 'SETTLED' | 'OTHER_CURRENCY' | 'NOT_GIVEN_HERE' | 'GONE';
}

/** The account's share code as a promotion code at the processor. */
export interface PromotionCodeSync {
  code: string | null;
  couponId: string | null;
  promotionCodeId: string | null;
  outcome: 'CREATED' | 'REPLACED' | 'UNCHANGED' | 'REMOVED' | 'NONE';
}

export interface BillingSync {
  /** The connection's processor, e.g. STRIPE. */
  processor: string;
  customerId: string | null;
  /** The customer's currency (upper case), or the account's while the customer has none. */
  currency: string | null;
  /** The ids of our coupons due to the account now. */
  couponIds: string[];
  /** Our coupons set on each live subscription (the merchant's own are kept). */
  subscriptions: { subscriptionId: string; couponIds: string[] }[];
  promotionCode: PromotionCodeSync;
  credits: BillingCreditSync[];
}

export interface DispatchInput {
  graceMs: number;
  batchSize: number;
  concurrency: number;
}

/** A stored notification whose workflow is to be started (what the dispatchers read). */
export interface NotificationToDispatch {
  id: string;
  tenant_id: string;
  tenant_alias: string;
  processor: string;
  notification_key: string;
  kind: string;
  subject_id: string | null;
}
