import {
  customerPaymentMethods,
  formatAmount,
  subscriptionsOf,
  type AppliedDiscount,
  type MerchantState,
  type SandboxCustomer,
  type SandboxPaymentMethod,
  type SandboxSubscription,
  type SandboxTransaction,
  type ValidationIssue,
} from './store';
import { jsonToXmlValue, xmlArray, XmlDate, type XmlArray, type XmlObject, type XmlValue } from './xml';

/* The sandbox's objects in the element layout of Braintree's gateway responses. */

const MERCHANT_ACCOUNT = 'sandbox_usd';

function discountXml(discount: AppliedDiscount, currentBillingCycle: number | null): XmlObject {
  return {
    amount: formatAmount(discount.amountCents),
    currentBillingCycle,
    description: null,
    id: discount.id,
    kind: 'discount',
    merchantId: null,
    name: discount.name,
    neverExpires: true,
    numberOfBillingCycles: null,
    quantity: 1,
  };
}

/** GET /discounts: the merchant's catalog as Braintree lists it, <discounts type="array">. */
export function discountListXml(merchant: MerchantState): XmlArray {
  return xmlArray(
    'discount',
    [...merchant.discounts.values()].map((discount) => ({
      amount: formatAmount(discount.amountCents),
      description: null,
      id: discount.id,
      kind: 'discount',
      merchantId: merchant.id,
      name: discount.name,
      neverExpires: true,
      numberOfBillingCycles: null,
    })),
  );
}

function customerDetailsXml(customer: SandboxCustomer | undefined): XmlObject {
  return {
    id: customer?.id ?? null,
    firstName: customer?.firstName ?? null,
    lastName: customer?.lastName ?? null,
    company: null,
    email: customer?.email ?? null,
    website: null,
    phone: null,
    fax: null,
  };
}

function cardDetailsXml(method: SandboxPaymentMethod | undefined): XmlObject {
  return {
    token: method?.token ?? null,
    bin: method?.bin ?? null,
    last4: method?.last4 ?? null,
    cardType: method?.cardType ?? null,
    expirationMonth: method?.expirationMonth ?? null,
    expirationYear: method?.expirationYear ?? null,
    customerLocation: 'US',
    cardholderName: null,
  };
}

export function transactionXml(merchant: MerchantState, txn: SandboxTransaction): XmlObject {
  const method = txn.paymentMethodToken ? merchant.paymentMethods.get(txn.paymentMethodToken) : undefined;
  return {
    id: txn.id,
    status: txn.status,
    type: txn.type,
    currencyIsoCode: 'USD',
    amount: formatAmount(txn.amountCents),
    merchantAccountId: MERCHANT_ACCOUNT,
    orderId: null,
    createdAt: txn.createdAt,
    updatedAt: txn.updatedAt,
    customer: customerDetailsXml(txn.customerId ? merchant.customers.get(txn.customerId) : undefined),
    creditCard: cardDetailsXml(method),
    customFields: {},
    subscriptionId: txn.subscriptionId,
    planId: txn.planId,
    recurring: txn.subscriptionId !== null,
    refundIds: xmlArray('item', txn.refundIds),
    refundedTransactionId: txn.refundedTransactionId,
    addOns: xmlArray('add-on', []),
    discounts: xmlArray(
      'discount',
      txn.discounts.map((d) => discountXml(d, null)),
    ),
    paymentInstrumentType: 'credit_card',
    processorResponseCode: '1000',
    processorResponseText: 'Approved',
    statusHistory: xmlArray('status-event', [
      { timestamp: txn.createdAt, status: txn.status, amount: formatAmount(txn.amountCents) },
    ]),
  };
}

export function subscriptionXml(merchant: MerchantState, sub: SandboxSubscription): XmlObject {
  const discountCents = sub.discounts.reduce((sum, d) => sum + d.amountCents, 0);
  const nextAmount = formatAmount(Math.max(0, sub.priceCents - discountCents));
  const transactions = [...sub.transactionIds]
    .reverse()
    .map((id) => merchant.transactions.get(id))
    .filter((t): t is SandboxTransaction => t !== undefined);
  return {
    addOns: xmlArray('add-on', []),
    balance: '0.00',
    billingDayOfMonth: sub.firstBillingDate.getUTCDate(),
    billingPeriodStartDate: new XmlDate(sub.firstBillingDate),
    createdAt: sub.createdAt,
    updatedAt: sub.updatedAt,
    currentBillingCycle: sub.currentBillingCycle,
    daysPastDue: null,
    discounts: xmlArray(
      'discount',
      sub.discounts.map((d) => discountXml(d, sub.currentBillingCycle)),
    ),
    failureCount: 0,
    firstBillingDate: new XmlDate(sub.firstBillingDate),
    id: sub.id,
    merchantAccountId: MERCHANT_ACCOUNT,
    neverExpires: true,
    nextBillAmount: nextAmount,
    nextBillingPeriodAmount: nextAmount,
    nextBillingDate: new XmlDate(sub.nextBillingDate),
    numberOfBillingCycles: null,
    paidThroughDate: new XmlDate(sub.nextBillingDate),
    paymentMethodToken: sub.paymentMethodToken,
    planId: sub.planId,
    price: formatAmount(sub.priceCents),
    status: sub.status,
    statusHistory: xmlArray('status-event', [{ timestamp: sub.updatedAt, status: sub.status }]),
    transactions: xmlArray(
      'transaction',
      transactions.map((t) => transactionXml(merchant, t)),
    ),
    trialPeriod: false,
  };
}

export function paymentMethodXml(merchant: MerchantState, method: SandboxPaymentMethod): XmlObject {
  return {
    ...cardDetailsXml(method),
    customerId: method.customerId,
    default: method.isDefault,
    expired: false,
    uniqueNumberIdentifier: `${method.bin}${method.last4}`,
    createdAt: method.createdAt,
    updatedAt: method.updatedAt,
    subscriptions: xmlArray(
      'subscription',
      subscriptionsOf(merchant, method.token).map((s) => subscriptionXml(merchant, s)),
    ),
    verifications: xmlArray('verification', []),
  };
}

export function customerXml(merchant: MerchantState, customer: SandboxCustomer): XmlObject {
  return {
    id: customer.id,
    merchantId: merchant.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    company: null,
    email: customer.email,
    phone: null,
    fax: null,
    website: null,
    createdAt: customer.createdAt,
    updatedAt: customer.updatedAt,
    // Element names are the dasherized API names; the SDK camelCases them (service-coupon → serviceCoupon).
    customFields: { ...customer.customFields },
    creditCards: xmlArray(
      'credit-card',
      customerPaymentMethods(merchant, customer.id).map((pm) => paymentMethodXml(merchant, pm)),
    ),
    addresses: xmlArray('address', []),
    paypalAccounts: xmlArray('paypal-account', []),
    applePayCards: xmlArray('apple-pay-card', []),
    androidPayCards: xmlArray('android-pay-card', []),
    venmoAccounts: xmlArray('venmo-account', []),
    usBankAccounts: xmlArray('us-bank-account', []),
  };
}

/** Braintree's 422 body: errors nested by object, each level with its own <errors type="array">. */
export function errorResponseXml(issues: ValidationIssue[], params: unknown): XmlObject {
  type Level = { errors: XmlObject[]; children: Map<string, Level> };
  const root: Level = { errors: [], children: new Map() };
  for (const issue of issues) {
    let level = root;
    for (const key of issue.path) {
      let child = level.children.get(key);
      if (!child) level.children.set(key, (child = { errors: [], children: new Map() }));
      level = child;
    }
    level.errors.push({ code: issue.code, attribute: issue.attribute, message: issue.message });
  }
  const render = (level: Level): XmlObject => {
    const out: Record<string, XmlValue> = { errors: xmlArray('error', level.errors) };
    for (const [key, child] of level.children) out[key] = render(child);
    return out;
  };
  return {
    errors: render(root),
    params: jsonToXmlValue(params ?? {}),
    message: issues.map((i) => i.message).join('\n'),
  };
}
