import type { Customer, Discount, Subscription, Transaction, WebhookNotification } from 'braintree';
import { decimalToCents } from './braintree-money';
import type {
  ProcessorCustomer,
  ProcessorDiscount,
  ProcessorNotification,
  ProcessorSubscription,
  ProcessorTransaction,
} from './payment-processor';

/** Braintree's datetimes are ISO 8601 strings (the SDK leaves type="datetime" unconverted). */
export function parseBraintreeDate(value: string | null | undefined): Date {
  const date = new Date(value ?? '');
  if (Number.isNaN(date.getTime())) throw new Error(`Braintree sent an unreadable date: ${String(value)}`);
  return date;
}

/** The SDK's camelCase of an API name (service_coupon → serviceCoupon) turned back. */
export function toApiName(camel: string): string {
  return camel
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

export function mapDiscount(discount: Discount): ProcessorDiscount {
  return { id: discount.id, amountCents: decimalToCents(discount.amount) };
}

export function mapTransaction(txn: Transaction): ProcessorTransaction {
  return {
    id: txn.id,
    status: txn.status,
    amountCents: decimalToCents(txn.amount),
    createdAt: parseBraintreeDate(txn.createdAt),
    customerId: txn.customer?.id || null,
    discountIds: (txn.discounts ?? []).map((d) => d.id),
    refundIds: [...(txn.refundIds ?? [])],
  };
}

/**
 * Oldest first. Braintree lists a subscription's transactions newest first and stamps them to the
 * second, so reversing before the (stable) sort keeps same-second charges in billing order.
 */
export function oldestFirst(transactions: ProcessorTransaction[]): ProcessorTransaction[] {
  return [...transactions].reverse().sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** `customerId` is left to the caller: Braintree subscriptions do not name their customer. */
export function mapSubscription(sub: Subscription): Omit<ProcessorSubscription, 'customerId'> {
  return {
    id: sub.id,
    status: sub.status,
    priceCents: decimalToCents(sub.price),
    paymentMethodToken: sub.paymentMethodToken || null,
    discounts: (sub.discounts ?? []).map(mapDiscount),
    transactions: oldestFirst((sub.transactions ?? []).map(mapTransaction)),
  };
}

export function mapCustomer(customer: Customer): ProcessorCustomer {
  const customFields: Record<string, string> = {};
  // A customer without custom fields comes back as an empty element, which the SDK turns into ''.
  if (customer.customFields && typeof customer.customFields === 'object') {
    for (const [name, value] of Object.entries(customer.customFields)) {
      if (typeof value === 'string') customFields[toApiName(name)] = value;
    }
  }
  const subscriptionIds = new Set<string>();
  for (const method of customer.paymentMethods ?? []) {
    for (const sub of method.subscriptions ?? []) subscriptionIds.add(sub.id);
  }
  return { id: customer.id, customFields, subscriptionIds: [...subscriptionIds] };
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

const idOf = (value: unknown): string | null =>
  isNode(value) && typeof value.id === 'string' && value.id ? value.id : null;

/** The subject's single element (transaction, dispute, ...), looking through an api-error-response wrapper. */
function subjectNode(notification: WebhookNotification): Node | null {
  let subject: unknown = notification.subject;
  if (isNode(subject) && isNode(subject.apiErrorResponse)) subject = subject.apiErrorResponse;
  if (!isNode(subject)) return null;
  return Object.values(subject).find(isNode) ?? null;
}

function customerOf(notification: WebhookNotification, subject: Node | null): string | null {
  const transactions = notification.subscription?.transactions ?? [];
  const txn = notification.transaction ?? transactions[0];
  const fromTransaction = idOf(txn?.customer);
  if (fromTransaction) return fromTransaction;
  const named = subject?.customerId;
  return typeof named === 'string' && named ? named : null;
}

/**
 * The subject's id as the service keys it: the subscription for subscription kinds; for dispute kinds
 * the disputed transaction (the SDK's `dispute.transaction`), whose customer is the one charged back
 * (Braintree's dispute payload carries the transaction's id, not its customer); otherwise the subject's own.
 */
function subjectIdOf(notification: WebhookNotification, subject: Node | null): string | null {
  if (notification.kind.startsWith('subscription_')) return notification.subscription?.id || null;
  if (notification.kind.startsWith('dispute_')) return idOf(notification.dispute?.transaction);
  return idOf(subject);
}

export function mapNotification(notification: WebhookNotification): ProcessorNotification {
  const subject = subjectNode(notification);
  const subscriptionId = notification.subscription?.id || null;
  return {
    kind: notification.kind,
    timestamp: parseBraintreeDate(notification.timestamp),
    subjectId: subjectIdOf(notification, subject),
    subscriptionId,
    customerId: customerOf(notification, subject),
  };
}
