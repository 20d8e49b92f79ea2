import {
  addMonths,
  billCycle,
  invalid,
  newId,
  obj,
  parseAmount,
  text,
  VALID_ID,
  type AppliedDiscount,
  type Json,
  type MerchantState,
  type SandboxSubscription,
} from './store';

/* Subscriptions and their discounts (Braintree "modifications": add / update / remove). */

const MODIFICATION = ['subscription', 'discounts', 'modification'];

/** Applies discounts.add / update / remove (Braintree's modification requests) to a copy of `current`. */
function modifyDiscounts(
  merchant: MerchantState,
  current: AppliedDiscount[],
  request: unknown,
): AppliedDiscount[] {
  const { add, update, remove } = obj(request);
  const discounts = current.map((d) => ({ ...d }));
  const amountOf = (value: unknown, fallback: number) => {
    if (value === undefined || value === null) return fallback;
    const cents = parseAmount(value);
    if (cents === null) throw invalid(MODIFICATION, 'amount', '92002', 'Amount is an invalid format.');
    return cents;
  };
  const removals = Array.isArray(remove) ? remove : [];
  for (const id of removals) {
    if (typeof id !== 'string' || !merchant.discounts.has(id)) {
      throw invalid(MODIFICATION, 'id_to_remove', '92025', 'ID to remove is invalid.');
    }
    const index = discounts.findIndex((d) => d.id === id);
    if (index < 0)
      throw invalid(
        MODIFICATION,
        'id_to_remove',
        '92016',
        'ID to remove is not present on the subscription.',
      );
    discounts.splice(index, 1);
  }
  for (const entry of Array.isArray(update) ? update.map(obj) : []) {
    const target = discounts.find((d) => d.id === entry.existing_id);
    if (removals.includes(entry.existing_id)) {
      throw invalid(MODIFICATION, 'existing_id', '92015', 'Cannot update and remove the same modification.');
    }
    if (!target) throw invalid(MODIFICATION, 'existing_id', '92011', 'Existing ID is invalid.');
    target.amountCents = amountOf(entry.amount, target.amountCents);
  }
  for (const entry of Array.isArray(add) ? add.map(obj) : []) {
    const definition =
      typeof entry.inherited_from_id === 'string'
        ? merchant.discounts.get(entry.inherited_from_id)
        : undefined;
    if (!definition)
      throw invalid(MODIFICATION, 'inherited_from_id', '92013', 'Inherited From ID is invalid.');
    if (discounts.some((d) => d.id === definition.id)) {
      throw invalid(['subscription'], 'discounts', '91911', 'Cannot add duplicate add-on or discount.');
    }
    discounts.push({
      id: definition.id,
      name: definition.name,
      amountCents: amountOf(entry.amount, definition.amountCents),
    });
  }
  return discounts;
}

function priceOf(value: unknown, fallback: number | undefined): number {
  if (value === undefined || value === null || value === '') {
    if (fallback === undefined) throw invalid(['subscription'], 'price', '81903', 'Price cannot be blank.');
    return fallback;
  }
  const cents = parseAmount(value);
  if (cents === null) throw invalid(['subscription'], 'price', '81904', 'Price is an invalid format.');
  return cents;
}

export function createSubscription(merchant: MerchantState, req: Json): SandboxSubscription {
  const token = text(req.payment_method_token);
  if (!token || !merchant.paymentMethods.has(token)) {
    throw invalid(['subscription'], 'payment_method_token', '91903', 'Payment method token is invalid.');
  }
  const planId = text(req.plan_id);
  if (!planId) throw invalid(['subscription'], 'plan_id', '91904', 'Plan ID is invalid.');
  if (req.id !== undefined && (typeof req.id !== 'string' || !VALID_ID.test(req.id))) {
    throw invalid(['subscription'], 'id', '81906', 'ID is invalid.');
  }
  if (typeof req.id === 'string' && merchant.subscriptions.has(req.id)) {
    throw invalid(['subscription'], 'id', '81902', 'ID has already been taken.');
  }
  const now = new Date();
  const sub: SandboxSubscription = {
    id: typeof req.id === 'string' ? req.id : newId(merchant.subscriptions, 6),
    planId,
    paymentMethodToken: token,
    priceCents: priceOf(req.price, merchant.plans.get(planId)?.priceCents),
    status: 'Active',
    discounts: modifyDiscounts(merchant, [], req.discounts),
    transactionIds: [],
    currentBillingCycle: 1,
    firstBillingDate: now,
    nextBillingDate: addMonths(now, 1),
    createdAt: now,
    updatedAt: now,
  };
  merchant.subscriptions.set(sub.id, sub);
  billCycle(merchant, sub);
  return sub;
}

export function updateSubscription(
  merchant: MerchantState,
  sub: SandboxSubscription,
  req: Json,
): SandboxSubscription {
  if (sub.status === 'Canceled') {
    throw invalid(['subscription'], 'status', '81901', 'Cannot edit a canceled subscription.');
  }
  const token =
    req.payment_method_token === undefined ? sub.paymentMethodToken : text(req.payment_method_token);
  if (!token || !merchant.paymentMethods.has(token)) {
    throw invalid(['subscription'], 'payment_method_token', '91903', 'Payment method token is invalid.');
  }
  const priceCents = priceOf(req.price, sub.priceCents);
  const discounts = modifyDiscounts(merchant, sub.discounts, req.discounts);
  Object.assign(sub, { paymentMethodToken: token, priceCents, discounts, updatedAt: new Date() });
  if (text(req.plan_id)) sub.planId = text(req.plan_id)!;
  return sub;
}

export function cancelSubscription(sub: SandboxSubscription): SandboxSubscription {
  if (sub.status === 'Canceled') {
    throw invalid(['subscription'], 'status', '81905', 'Subscription has already been canceled.');
  }
  Object.assign(sub, { status: 'Canceled', updatedAt: new Date() });
  return sub;
}
