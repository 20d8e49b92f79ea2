import {
  BraintreeGateway,
  Environment,
  errorTypes,
  type ModificationsRequest,
  type Subscription,
} from 'braintree';
import {
  callSdk,
  classifySdkError,
  isNotFound,
  redact,
  rejectedResult,
  sdkErrorType,
} from './braintree-errors';
import { mapCustomer, mapNotification, mapSubscription, mapTransaction } from './braintree-mapping';
import { centsToDecimal, decimalToCents } from './braintree-money';
import {
  InvalidSignatureError,
  ProcessorCredentialsRefusedError,
  ProcessorRejectedError,
  type PaymentProcessor,
  type PaymentProcessorFactory,
} from './payment-processor';
import type { ProcessorEnvironment } from '../types/processors';

/**
 * What Braintree answers for keys it does not accept: 401 (unknown or revoked key pair), 403 (keys of
 * another merchant, or of a user without API access) and 404 (no such merchant id).
 */
const REFUSED_KEYS = new Set<string>([
  errorTypes.authenticationError,
  errorTypes.authorizationError,
  errorTypes.notFoundError,
]);

/** Braintree's "Cannot add duplicate add-on or discount": a concurrent writer added it first. */
const DUPLICATE_MODIFICATION = '91911';

/**
 * The SDK's http.js connects to environment.server:port over http(s) per environment.ssl and puts
 * `/merchants/{id}/...` after it, so a stand-in can only be a bare origin.
 */
export function braintreeEnvironment(environment: ProcessorEnvironment, baseUrl?: string): Environment {
  if (!baseUrl) return environment === 'PRODUCTION' ? Environment.Production : Environment.Sandbox;
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`processor baseUrl must be http(s): ${url.protocol}`);
  }
  if (url.pathname !== '/' || url.search) throw new Error('processor baseUrl cannot have a path or query');
  const ssl = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port || (ssl ? '443' : '80');
  return new Environment(host, port, url.origin, ssl, host, port);
}

export const createBraintreeProcessor: PaymentProcessorFactory = (credentials, options) => {
  const { merchantId, publicKey, privateKey } = credentials;
  const gateway = new BraintreeGateway({
    environment: braintreeEnvironment(credentials.environment, options.baseUrl),
    merchantId,
    publicKey,
    privateKey,
    timeout: options.timeoutMs,
  });
  // Config 3.40 ignores the `timeout` it is given and keeps 60 s; http.js reads this field per request.
  gateway.config.timeout = options.timeoutMs;

  const call = <T>(action: string, fn: () => Promise<T>) => callSdk(action, privateKey, fn);

  /** The customer owning a payment method, null when the method no longer exists. */
  async function customerOfPaymentMethod(token: string): Promise<string | null> {
    try {
      const method = await gateway.paymentMethod.find(token);
      return method.customerId || null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw classifySdkError(err, `payment method lookup`, privateKey);
    }
  }

  async function findRawSubscription(id: string): Promise<Subscription | null> {
    try {
      return await gateway.subscription.find(id);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw classifySdkError(err, `subscription lookup ${id}`, privateKey);
    }
  }

  /** One read-then-write attempt; 'raced' when another writer added the discount in between. */
  async function applyDiscount(
    subscriptionId: string,
    discountId: string,
    amountCents: number | null,
  ): Promise<'done' | 'raced'> {
    const sub = await findRawSubscription(subscriptionId);
    if (!sub) throw new ProcessorRejectedError(`Braintree subscription ${subscriptionId} not found`);
    const existing = (sub.discounts ?? []).find((d) => d.id === discountId);
    let discounts: ModificationsRequest;
    if (amountCents === null) {
      if (!existing) return 'done';
      discounts = { remove: [discountId] };
    } else if (existing) {
      if (decimalToCents(existing.amount) === amountCents) return 'done';
      discounts = { update: [{ existingId: discountId, amount: centsToDecimal(amountCents) }] };
    } else {
      discounts = { add: [{ inheritedFromId: discountId, amount: centsToDecimal(amountCents) }] };
    }
    const action = `discount update on subscription ${subscriptionId}`;
    const result = await call(action, () => gateway.subscription.update(subscriptionId, { discounts }));
    if (result.success) return 'done';
    if (discounts.add && result.errors.deepErrors().some((e) => e.code === DUPLICATE_MODIFICATION)) {
      return 'raced';
    }
    throw rejectedResult(result, action);
  }

  const processor: PaymentProcessor = {
    async verifyCredentials() {
      // Listing the discount catalog is an authenticated read with no side effect and a small answer.
      try {
        await gateway.discount.all();
      } catch (err) {
        const type = sdkErrorType(err);
        if (type && REFUSED_KEYS.has(type)) {
          const message = redact(`Braintree refused the keys: ${(err as Error).message}`, privateKey);
          throw new ProcessorCredentialsRefusedError(message, { cause: err });
        }
        throw classifySdkError(err, 'key check', privateKey);
      }
    },

    async parseWebhook(signature, payload) {
      let notification;
      try {
        notification = await gateway.webhookNotification.parse(signature, payload);
      } catch (err) {
        if (sdkErrorType(err) === errorTypes.invalidSignatureError) {
          throw new InvalidSignatureError(`Braintree webhook: ${(err as Error).message}`);
        }
        // Authentic (the signature matched) but unreadable: retrying the same delivery cannot help.
        throw new ProcessorRejectedError('Braintree webhook payload could not be parsed', { cause: err });
      }
      return mapNotification(notification);
    },

    answerChallenge(challenge) {
      try {
        return gateway.webhookNotification.verify(challenge);
      } catch (err) {
        throw new InvalidSignatureError(`Braintree webhook challenge: ${(err as Error).message}`);
      }
    },

    async findSubscription(id) {
      const sub = await findRawSubscription(id);
      if (!sub) return null;
      const mapped = mapSubscription(sub);
      const newest = mapped.transactions.at(-1);
      const customerId =
        newest?.customerId ??
        (mapped.paymentMethodToken ? await customerOfPaymentMethod(mapped.paymentMethodToken) : null);
      return { ...mapped, customerId };
    },

    async findCustomer(id) {
      try {
        return mapCustomer(await gateway.customer.find(id));
      } catch (err) {
        if (isNotFound(err)) return null;
        throw classifySdkError(err, `customer lookup ${id}`, privateKey);
      }
    },

    async findTransaction(id) {
      try {
        return mapTransaction(await gateway.transaction.find(id));
      } catch (err) {
        if (isNotFound(err)) return null;
        throw classifySdkError(err, `transaction lookup ${id}`, privateKey);
      }
    },

    async setSubscriptionDiscount(subscriptionId, discountId, amountCents) {
      if (amountCents !== null && (!Number.isSafeInteger(amountCents) || amountCents < 0)) {
        throw new RangeError(`discount amount must be a non-negative integer of cents: ${amountCents}`);
      }
      // A lost race is settled by reading again: the other writer's discount is then updated or kept.
      if ((await applyDiscount(subscriptionId, discountId, amountCents)) === 'raced') {
        if ((await applyDiscount(subscriptionId, discountId, amountCents)) === 'raced') {
          throw new ProcessorRejectedError(`Braintree discount ${discountId} keeps changing concurrently`);
        }
      }
    },

    async refundTransaction(transactionId, amountCents) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
        throw new RangeError(`refund amount must be a positive integer of cents: ${amountCents}`);
      }
      const action = `refund of transaction ${transactionId}`;
      const result = await call(action, () =>
        gateway.transaction.refund(transactionId, centsToDecimal(amountCents)),
      );
      if (!result.success) throw rejectedResult(result, action);
      return { refundId: result.transaction.id };
    },
  };
  return processor;
};
