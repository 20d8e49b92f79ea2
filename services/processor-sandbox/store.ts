import crypto from 'node:crypto';

/*
 * One merchant's objects in the sandbox, with the parts of Braintree's behaviour that merchants' code
 * and the adapter depend on. Money is kept in integer cents and only turned into "x.yy" when rendered.
 */

export interface AppliedDiscount {
  id: string;
  name: string;
  amountCents: number;
}

export interface SandboxCustomer {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  customFields: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
}

export interface SandboxPaymentMethod {
  token: string;
  customerId: string;
  cardType: string;
  bin: string;
  last4: string;
  expirationMonth: string;
  expirationYear: string;
  isDefault: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface SandboxSubscription {
  id: string;
  planId: string;
  paymentMethodToken: string;
  priceCents: number;
  status: 'Active' | 'Canceled';
  discounts: AppliedDiscount[];
  /** Oldest first here; rendered newest first as Braintree does. */
  transactionIds: string[];
  currentBillingCycle: number;
  firstBillingDate: Date;
  nextBillingDate: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface SandboxTransaction {
  id: string;
  type: 'sale' | 'credit';
  status: string;
  amountCents: number;
  customerId: string | null;
  paymentMethodToken: string | null;
  subscriptionId: string | null;
  planId: string | null;
  discounts: AppliedDiscount[];
  refundIds: string[];
  refundedTransactionId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface CatalogDiscount {
  id: string;
  name: string;
  amountCents: number;
}

export interface MerchantState {
  id: string;
  /** Bound by the first authenticated gateway call. */
  keys: { publicKey: string; privateKey: string } | null;
  customers: Map<string, SandboxCustomer>;
  paymentMethods: Map<string, SandboxPaymentMethod>;
  subscriptions: Map<string, SandboxSubscription>;
  transactions: Map<string, SandboxTransaction>;
  discounts: Map<string, CatalogDiscount>;
  plans: Map<string, { id: string; priceCents: number }>;
}

/** The discount every merchant has, as if set up in its control panel. */
export const SERVICE_DISCOUNT: CatalogDiscount = {
  id: 'service_discount',
  name: 'Service discount',
  amountCents: 0,
};

export function newMerchant(id: string): MerchantState {
  return {
    id,
    keys: null,
    customers: new Map(),
    paymentMethods: new Map(),
    subscriptions: new Map(),
    transactions: new Map(),
    discounts: new Map([[SERVICE_DISCOUNT.id, { ...SERVICE_DISCOUNT }]]),
    plans: new Map(),
  };
}

/** One validation error; `path` is where it nests in <errors> (e.g. ['subscription', 'modification']). */
export interface ValidationIssue {
  path: string[];
  attribute: string;
  code: string;
  message: string;
}

/** Answered as a 422 api-error-response, which the SDK turns into `success: false`. */
export class ValidationFailure extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((i) => i.message).join('\n'));
  }
}

export class NotFoundFailure extends Error {}

export type Json = Record<string, unknown>;
export const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
export const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

export function found<T>(value: T | undefined): T {
  if (value === undefined) throw new NotFoundFailure();
  return value;
}

export function invalid(path: string[], attribute: string, code: string, message: string): ValidationFailure {
  return new ValidationFailure([{ path, attribute, code, message }]);
}

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Braintree-like ids: short lower-case alphanumerics (digits only for customers). */
export function newId(taken: { has(id: string): boolean }, length = 8, alphabet = ID_CHARS): string {
  for (;;) {
    const id = Array.from(crypto.randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
    if (!taken.has(id)) return id;
  }
}

export const VALID_ID = /^[A-Za-z0-9_-]{1,36}$/;

/** "10", "10.5", "10.00" or a JSON number → cents; null when it is not a plain non-negative amount. */
export function parseAmount(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function formatAmount(cents: number): string {
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export const addMonths = (date: Date, months: number) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

/** Test nonces name a card brand the way Braintree's fake nonces do (fake-valid-mastercard-nonce, ...). */
export function cardForNonce(nonce: string): Pick<SandboxPaymentMethod, 'cardType' | 'bin' | 'last4'> {
  if (/mastercard/i.test(nonce)) return { cardType: 'MasterCard', bin: '555555', last4: '4444' };
  if (/amex/i.test(nonce)) return { cardType: 'American Express', bin: '378282', last4: '0005' };
  if (/discover/i.test(nonce)) return { cardType: 'Discover', bin: '601111', last4: '1117' };
  return { cardType: 'Visa', bin: '411111', last4: '1111' };
}

export function vaultCard(
  merchant: MerchantState,
  customerId: string,
  nonce: unknown,
  token: unknown,
  path: string[],
): SandboxPaymentMethod {
  if (typeof nonce !== 'string' || !nonce.trim()) {
    throw invalid(path, 'payment_method_nonce', '91565', 'Unknown payment_method_nonce.');
  }
  if (token !== undefined && (typeof token !== 'string' || !VALID_ID.test(token))) {
    throw invalid(path, 'token', '91718', 'Token is invalid.');
  }
  if (typeof token === 'string' && merchant.paymentMethods.has(token)) {
    throw invalid(path, 'token', '91719', 'Token is already in use.');
  }
  const now = new Date();
  const isDefault = ![...merchant.paymentMethods.values()].some((pm) => pm.customerId === customerId);
  const method: SandboxPaymentMethod = {
    token: typeof token === 'string' ? token : newId(merchant.paymentMethods, 7),
    customerId,
    ...cardForNonce(nonce),
    expirationMonth: '12',
    expirationYear: String(now.getUTCFullYear() + 3),
    isDefault,
    createdAt: now,
    updatedAt: now,
  };
  merchant.paymentMethods.set(method.token, method);
  return method;
}

export function customerPaymentMethods(merchant: MerchantState, customerId: string): SandboxPaymentMethod[] {
  return [...merchant.paymentMethods.values()].filter((pm) => pm.customerId === customerId);
}

export function subscriptionsOf(merchant: MerchantState, token: string): SandboxSubscription[] {
  return [...merchant.subscriptions.values()].filter((s) => s.paymentMethodToken === token);
}

/** Bills one cycle: price less discounts, floored at zero. Braintree creates no transaction for $0. */
export function billCycle(merchant: MerchantState, sub: SandboxSubscription): SandboxTransaction | null {
  const amountCents = Math.max(0, sub.priceCents - sub.discounts.reduce((sum, d) => sum + d.amountCents, 0));
  if (amountCents === 0) return null;
  const method = merchant.paymentMethods.get(sub.paymentMethodToken);
  const now = new Date();
  const txn: SandboxTransaction = {
    id: newId(merchant.transactions),
    type: 'sale',
    status: 'submitted_for_settlement',
    amountCents,
    customerId: method?.customerId ?? null,
    paymentMethodToken: sub.paymentMethodToken,
    subscriptionId: sub.id,
    planId: sub.planId,
    discounts: sub.discounts.map((d) => ({ ...d })),
    refundIds: [],
    refundedTransactionId: null,
    createdAt: now,
    updatedAt: now,
  };
  merchant.transactions.set(txn.id, txn);
  sub.transactionIds.push(txn.id);
  return txn;
}

/** The next cycle's charge, for the control API (the sandbox has no clock-driven billing). */
export function chargeNextCycle(
  merchant: MerchantState,
  sub: SandboxSubscription,
): SandboxTransaction | null {
  if (sub.status !== 'Active') throw new Error(`subscription ${sub.id} is ${sub.status}`);
  const txn = billCycle(merchant, sub);
  sub.currentBillingCycle += 1;
  sub.nextBillingDate = addMonths(sub.nextBillingDate, 1);
  sub.updatedAt = new Date();
  return txn;
}
