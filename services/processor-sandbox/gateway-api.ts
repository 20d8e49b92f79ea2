import {
  customerXml,
  discountListXml,
  errorResponseXml,
  paymentMethodXml,
  subscriptionXml,
  transactionXml,
} from './render';
import {
  found,
  invalid,
  newId,
  NotFoundFailure,
  obj,
  text,
  VALID_ID,
  ValidationFailure,
  vaultCard,
  type Json,
  type MerchantState,
  type SandboxCustomer,
  type SandboxSubscription,
  type SandboxTransaction,
} from './store';
import { cancelSubscription, createSubscription, updateSubscription } from './subscriptions';
import { refund, SETTLEMENT_OPERATIONS, simulateSettlement } from './transactions';
import type { XmlArray, XmlObject } from './xml';

/*
 * Braintree's REST gateway under /merchants/{id}, as the official SDK calls it: JSON requests with
 * snake_case keys (http.js runs Util.convertObjectKeysToUnderscores over every body), XML answers.
 */

export interface GatewayAnswer {
  status: number;
  /** Root element name and content; no body for 401 and 404. */
  xml?: { root: string; body: XmlObject | XmlArray };
}

function customFieldsOf(value: unknown, current: Record<string, string>): Record<string, string> {
  const fields = { ...current };
  for (const [name, raw] of Object.entries(obj(value))) {
    if (!/^[A-Za-z0-9_]+$/.test(name)) {
      throw invalid(['customer'], 'custom_fields', '91602', `Custom field is invalid: ${name}.`);
    }
    // Blank clears a field, as in Braintree.
    if (raw === null || raw === '') delete fields[name];
    else fields[name] = String(raw);
  }
  return fields;
}

function saveCustomer(merchant: MerchantState, req: Json, existing?: SandboxCustomer): SandboxCustomer {
  const now = new Date();
  const pick = (key: string, fallback: string | null) => (key in req ? text(req[key]) : fallback);
  let id = existing?.id;
  if (!id) {
    if (req.id !== undefined && (typeof req.id !== 'string' || !VALID_ID.test(req.id))) {
      throw invalid(['customer'], 'id', '91610', 'Customer ID is invalid.');
    }
    if (typeof req.id === 'string' && merchant.customers.has(req.id)) {
      throw invalid(['customer'], 'id', '91609', 'Customer ID has already been taken.');
    }
    id = typeof req.id === 'string' ? req.id : newId(merchant.customers, 9, '0123456789');
  }
  const customer: SandboxCustomer = {
    id,
    firstName: pick('first_name', existing?.firstName ?? null),
    lastName: pick('last_name', existing?.lastName ?? null),
    email: pick('email', existing?.email ?? null),
    customFields: customFieldsOf(req.custom_fields, existing?.customFields ?? {}),
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  const card = obj(req.credit_card);
  const nonce = req.payment_method_nonce ?? card.payment_method_nonce;
  merchant.customers.set(id, customer);
  if (nonce !== undefined) {
    try {
      vaultCard(merchant, id, nonce, card.token, ['customer', 'credit_card']);
    } catch (err) {
      if (existing) merchant.customers.set(id, existing);
      else merchant.customers.delete(id);
      throw err;
    }
  }
  return customer;
}

type Route = [
  method: string,
  pattern: RegExp,
  handle: (m: MerchantState, params: string[], body: Json) => GatewayAnswer,
];

const ok = (root: string, body: XmlObject, status = 200): GatewayAnswer => ({ status, xml: { root, body } });
const customerAnswer = (m: MerchantState, c: SandboxCustomer, status?: number) =>
  ok('customer', customerXml(m, c), status);
const subAnswer = (m: MerchantState, s: SandboxSubscription, status?: number) =>
  ok('subscription', subscriptionXml(m, s), status);
const txnAnswer = (m: MerchantState, t: SandboxTransaction, status?: number) =>
  ok('transaction', transactionXml(m, t), status);

const ROUTES: Route[] = [
  // The cheapest authenticated read: the service calls it to check a merchant's keys when they connect.
  ['GET', /^\/discounts\/?$/, (m) => ({ status: 200, xml: { root: 'discounts', body: discountListXml(m) } })],
  ['POST', /^\/customers$/, (m, _, b) => customerAnswer(m, saveCustomer(m, obj(b.customer)), 201)],
  ['GET', /^\/customers\/([^/]+)$/, (m, [id]) => customerAnswer(m, found(m.customers.get(id)))],
  [
    'PUT',
    /^\/customers\/([^/]+)$/,
    (m, [id], b) => customerAnswer(m, saveCustomer(m, obj(b.customer), found(m.customers.get(id)))),
  ],
  [
    'POST',
    /^\/payment_methods$/,
    (m, _, b) => {
      const req = obj(b.payment_method);
      const customerId = text(req.customer_id);
      if (!customerId || !m.customers.has(customerId)) {
        throw invalid(['payment_method'], 'customer_id', '93105', 'Customer ID is invalid.');
      }
      const method = vaultCard(m, customerId, req.payment_method_nonce, req.token, ['payment_method']);
      return ok('credit-card', paymentMethodXml(m, method), 201);
    },
  ],
  [
    'GET',
    /^\/payment_methods\/any\/([^/]+)$/,
    (m, [token]) => ok('credit-card', paymentMethodXml(m, found(m.paymentMethods.get(token)))),
  ],
  ['POST', /^\/subscriptions$/, (m, _, b) => subAnswer(m, createSubscription(m, obj(b.subscription)), 201)],
  ['GET', /^\/subscriptions\/([^/]+)$/, (m, [id]) => subAnswer(m, found(m.subscriptions.get(id)))],
  [
    'PUT',
    /^\/subscriptions\/([^/]+)$/,
    (m, [id], b) => subAnswer(m, updateSubscription(m, found(m.subscriptions.get(id)), obj(b.subscription))),
  ],
  [
    'PUT',
    /^\/subscriptions\/([^/]+)\/cancel$/,
    (m, [id]) => subAnswer(m, cancelSubscription(found(m.subscriptions.get(id)))),
  ],
  ['GET', /^\/transactions\/([^/]+)$/, (m, [id]) => txnAnswer(m, found(m.transactions.get(id)))],
  [
    'POST',
    /^\/transactions\/([^/]+)\/refund$/,
    (m, [id], b) => txnAnswer(m, refund(m, found(m.transactions.get(id)), obj(b.transaction)), 201),
  ],
  [
    'PUT',
    new RegExp(`^/transactions/([^/]+)/(${SETTLEMENT_OPERATIONS.join('|')})$`),
    (m, [id, operation]) => txnAnswer(m, simulateSettlement(found(m.transactions.get(id)), operation)),
  ],
];

/** Runs one gateway call against a merchant's state; `path` is what follows /merchants/{id}. */
export function handleGatewayCall(
  merchant: MerchantState,
  method: string,
  path: string,
  body: unknown,
): GatewayAnswer {
  for (const [routeMethod, pattern, handle] of ROUTES) {
    const match = routeMethod === method ? pattern.exec(path) : null;
    if (!match) continue;
    try {
      return handle(merchant, match.slice(1), obj(body));
    } catch (err) {
      if (err instanceof NotFoundFailure) return { status: 404 };
      if (err instanceof ValidationFailure) {
        return { status: 422, xml: { root: 'api-error-response', body: errorResponseXml(err.issues, body) } };
      }
      throw err;
    }
  }
  return { status: 404 };
}
