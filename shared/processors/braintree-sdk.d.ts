/**
 * The part of the official `braintree` SDK (3.40) that the adapter, the sandbox tests and merchant demos
 * call. Written here because @types/braintree 3.4 lacks webhookNotification.verify, errorTypes and the
 * `timeout` option, and types webhookTesting.sampleNotification as a Promise although it is synchronous.
 * Response objects are what Util.convertNodeToObject makes of the gateway's XML: camelCased keys, strings
 * for untyped elements (money and dates included), numbers and booleans only where the XML says so.
 */
declare module 'braintree' {
  export class Environment {
    constructor(
      server: string,
      port: string,
      authUrl: string,
      ssl: boolean,
      graphQLServer?: string,
      graphQLPort?: string,
    );
    readonly server: string;
    readonly port: string;
    readonly ssl: boolean;
    static readonly Sandbox: Environment;
    static readonly Production: Environment;
  }

  export interface GatewayConfig {
    environment: Environment;
    merchantId: string;
    publicKey: string;
    privateKey: string;
    /** Milliseconds; note that Config 3.40 does not read it (see braintree.processor.ts). */
    timeout?: number;
  }

  /** Errors the SDK throws carry one of these as both `type` and `name`. */
  export const errorTypes: {
    readonly authenticationError: 'authenticationError';
    readonly authorizationError: 'authorizationError';
    readonly gatewayTimeoutError: 'gatewayTimeoutError';
    readonly invalidChallengeError: 'invalidChallengeError';
    readonly invalidKeysError: 'invalidKeysError';
    readonly invalidSignatureError: 'invalidSignatureError';
    readonly notFoundError: 'notFoundError';
    readonly requestTimeoutError: 'requestTimeoutError';
    readonly serverError: 'serverError';
    readonly serviceUnavailableError: 'serviceUnavailableError';
    readonly testOperationPerformedInProductionError: 'testOperationPerformedInProductionError';
    readonly tooManyRequestsError: 'tooManyRequestsError';
    readonly unexpectedError: 'unexpectedError';
    readonly upgradeRequired: 'upgradeRequired';
  };

  export interface Discount {
    id: string;
    amount: string;
    name?: string | null;
    quantity?: number | null;
    neverExpires?: boolean | null;
    numberOfBillingCycles?: number | null;
    currentBillingCycle?: number | null;
  }

  export interface Transaction {
    id: string;
    type: string;
    status: string;
    amount: string;
    createdAt: string;
    updatedAt?: string;
    subscriptionId?: string | null;
    customer?: { id?: string | null; firstName?: string | null; lastName?: string | null } | null;
    discounts?: Discount[];
    refundIds?: string[];
    refundedTransactionId?: string | null;
  }

  export interface Subscription {
    id: string;
    status: string;
    price: string;
    planId: string;
    paymentMethodToken?: string | null;
    discounts?: Discount[];
    transactions: Transaction[];
    currentBillingCycle?: number | null;
    nextBillingDate?: string | null;
    nextBillingPeriodAmount?: string | null;
    createdAt?: string;
  }

  export interface PaymentMethod {
    token: string;
    customerId?: string | null;
    default?: boolean;
    bin?: string;
    last4?: string;
    cardType?: string;
    subscriptions?: Subscription[];
  }

  export interface Customer {
    id: string;
    firstName?: string | null;
    lastName?: string | null;
    email?: string | null;
    /** camelCased field names; an empty string when the customer has none. */
    customFields?: Record<string, unknown> | string | null;
    creditCards?: PaymentMethod[];
    paymentMethods: PaymentMethod[];
  }

  export interface ValidationError {
    attribute: string;
    code: string;
    message: string;
  }

  export interface ErrorResult {
    success: false;
    message: string;
    errors: { deepErrors(): ValidationError[] };
    params?: unknown;
  }

  export type Result<K extends string, T> = ({ success: true } & { [key in K]: T }) | ErrorResult;

  export interface SettlementResponse {
    transaction?: Transaction;
    apiErrorResponse?: { message: string };
  }

  export interface ModificationsRequest {
    add?: { inheritedFromId: string; amount?: string; neverExpires?: boolean; quantity?: number }[];
    update?: { existingId: string; amount?: string; quantity?: number }[];
    remove?: string[];
  }

  export interface SubscriptionRequest {
    id?: string;
    paymentMethodToken?: string;
    planId?: string;
    price?: string;
    discounts?: ModificationsRequest;
  }

  export interface CustomerRequest {
    id?: string;
    firstName?: string;
    lastName?: string;
    email?: string;
    paymentMethodNonce?: string;
    customFields?: Record<string, string>;
  }

  export interface WebhookNotification {
    kind: string;
    /** ISO 8601, second precision. */
    timestamp: string;
    /** The raw subject: one element named after what it is about (subscription, transaction, dispute, ...). */
    subject: Record<string, unknown>;
    subscription?: Subscription;
    transaction?: Transaction;
    /** For dispute kinds; `transaction` is the disputed charge (its id and amount). */
    dispute?: Dispute;
  }

  export interface Dispute {
    id: string;
    /** chargeback, pre_arbitration, retrieval. */
    kind: string;
    /** open, lost, won, accepted, ... */
    status: string;
    transaction?: { id: string; amount: string };
  }

  export class BraintreeGateway {
    constructor(config: GatewayConfig);
    /** The SDK's Config: http.js reads `timeout` from it on every request. */
    readonly config: { timeout: number; merchantId: string; environment: Environment };
    customer: {
      create(request: CustomerRequest): Promise<Result<'customer', Customer>>;
      find(id: string): Promise<Customer>;
      update(id: string, request: CustomerRequest): Promise<Result<'customer', Customer>>;
    };
    /** GET /discounts: the merchant's discount catalog (Plans > Discounts in the control panel). */
    discount: {
      all(): Promise<Discount[]>;
    };
    paymentMethod: {
      create(request: {
        customerId: string;
        paymentMethodNonce: string;
        token?: string;
      }): Promise<Result<'paymentMethod', PaymentMethod>>;
      find(token: string): Promise<PaymentMethod>;
    };
    subscription: {
      create(request: SubscriptionRequest): Promise<Result<'subscription', Subscription>>;
      find(id: string): Promise<Subscription>;
      update(id: string, request: SubscriptionRequest): Promise<Result<'subscription', Subscription>>;
      cancel(id: string): Promise<Result<'subscription', Subscription>>;
    };
    transaction: {
      find(id: string): Promise<Transaction>;
      refund(id: string, amount?: string): Promise<Result<'transaction', Transaction>>;
    };
    /**
     * Sandbox-only settlement steps (PUT /transactions/{id}/settle, ...). Unlike the other calls these
     * resolve with the raw parsed body, not a `success` result: { transaction } or { apiErrorResponse }.
     */
    testing: {
      settle(transactionId: string): Promise<SettlementResponse>;
      settlementPending(transactionId: string): Promise<SettlementResponse>;
      settlementConfirm(transactionId: string): Promise<SettlementResponse>;
      settlementDecline(transactionId: string): Promise<SettlementResponse>;
    };
    webhookNotification: {
      parse(signature: string, payload: string): Promise<WebhookNotification>;
      /** Throws an invalidChallengeError unless the challenge is 20 to 32 lower-case hex digits. */
      verify(challenge: string): string;
    };
    webhookTesting: {
      sampleNotification(
        kind: string,
        id: string,
        sourceMerchantId?: string,
      ): { bt_signature: string; bt_payload: string };
    };
  }
}
