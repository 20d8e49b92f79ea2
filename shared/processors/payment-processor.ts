import type { ProcessorEnvironment } from '../types/processors';

/**
 * What the service needs from a payment processor, independent of its SDK. Money is in integer minor
 * units (cents); the processor's decimal strings are converted at the adapter's edge, never through floats.
 * One adapter instance serves one merchant connection (one tenant's keys and environment).
 */

export interface ProcessorCredentials {
  environment: ProcessorEnvironment;
  merchantId: string;
  publicKey: string;
  privateKey: string;
}

export interface ProcessorOptions {
  /**
   * Base URL of a stand-in gateway (e.g. http://127.0.0.1:4010) used instead of the processor's real
   * host for both environments: tests and demos point the official SDK at the local sandbox.
   */
  baseUrl?: string;
  /** Per-request timeout; a timed-out call is a ProcessorUnavailableError. */
  timeoutMs: number;
}

export interface ProcessorDiscount {
  /** The processor discount it inherits from (e.g. `service_discount`). */
  id: string;
  amountCents: number;
}

export interface ProcessorTransaction {
  id: string;
  /** e.g. submitted_for_settlement, settled, failed; the processor's own spelling. */
  status: string;
  amountCents: number;
  createdAt: Date;
  customerId: string | null;
  /** Ids of the discounts applied to this charge. */
  discountIds: string[];
  /** Ids of refunds already issued against this transaction. */
  refundIds: string[];
}

export interface ProcessorSubscription {
  id: string;
  /** e.g. Active, Pending, Past Due, Canceled, Expired. */
  status: string;
  priceCents: number;
  paymentMethodToken: string | null;
  /** The owning customer, resolved through the payment method when the processor does not name it. */
  customerId: string | null;
  discounts: ProcessorDiscount[];
  /** Oldest first. */
  transactions: ProcessorTransaction[];
}

export interface ProcessorCustomer {
  id: string;
  /** Custom fields by API name, e.g. { service_coupon: 'JANEDOE' }. */
  customFields: Record<string, string>;
  /** Subscriptions across all the customer's payment methods. */
  subscriptionIds: string[];
}

/** A verified webhook notification. */
export interface ProcessorNotification {
  kind: string;
  /** When the processor produced it (second precision for Braintree). */
  timestamp: Date;
  /**
   * The id of what it is about, null when it has none: a subscription id for subscription kinds, the
   * disputed charge's transaction id for dispute kinds (the transaction names the customer).
   */
  subjectId: string | null;
  /** The subscription carried in the payload, for subscription kinds. */
  subscriptionId: string | null;
  /** The customer, when the payload names one (Braintree subscription payloads usually do not). */
  customerId: string | null;
}

export interface PaymentProcessor {
  /**
   * One cheap authenticated read that proves the keys work for this merchant. Throws
   * ProcessorCredentialsRefusedError when the processor refuses them, ProcessorUnavailableError when it
   * cannot be reached (network, timeout, 429, 5xx).
   */
  verifyCredentials(): Promise<void>;
  /** Verifies and parses a webhook delivery; throws InvalidSignatureError when it is not authentic. */
  parseWebhook(signature: string, payload: string): Promise<ProcessorNotification>;
  /** The answer to the processor's webhook verification challenge. Throws InvalidSignatureError on a malformed challenge. */
  answerChallenge(challenge: string): string;
  findSubscription(id: string): Promise<ProcessorSubscription | null>;
  findCustomer(id: string): Promise<ProcessorCustomer | null>;
  /** A transaction (a charge, or a refund), null when there is none of this id. */
  findTransaction(id: string): Promise<ProcessorTransaction | null>;
  /**
   * Sets the amount of the subscription's discount `discountId` (adds it, inheriting from the
   * processor's discount of that id, when absent); null removes it. Idempotent.
   */
  setSubscriptionDiscount(
    subscriptionId: string,
    discountId: string,
    amountCents: number | null,
  ): Promise<void>;
  /** Refunds part of a transaction; returns the refund's id. */
  refundTransaction(transactionId: string, amountCents: number): Promise<{ refundId: string }>;
}

/** Network failure, timeout, 429 or 5xx: worth retrying with backoff. */
export class ProcessorUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessorUnavailableError';
  }
}

/** The processor refused the call for good (bad keys, validation errors): retrying cannot help. */
export class ProcessorRejectedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessorRejectedError';
  }
}

/** The processor refused the keys themselves (authentication or authorization failed, unknown merchant). */
export class ProcessorCredentialsRefusedError extends ProcessorRejectedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessorCredentialsRefusedError';
  }
}

/** A webhook whose signature does not verify with the connection's keys, or a malformed challenge. */
export class InvalidSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSignatureError';
  }
}

/** Builds the adapter for one connection. */
export type PaymentProcessorFactory = (
  credentials: ProcessorCredentials,
  options: ProcessorOptions,
) => PaymentProcessor;
