import type { FrontContext } from './context';
import type { StripeObject } from './state';

/*
 * localstripe's objects brought closer to Stripe's (API 2024-09-30.acacia) where the front knows better:
 * a customer's `balance` (localstripe keeps the pre-2019 `account_balance` with the opposite sign), the
 * discounts the front applied to subscriptions and their invoices, and prices on subscription items.
 */

type Json = Record<string, unknown>;

function customer(object: Json) {
  if ('account_balance' in object) {
    object.balance = -Number(object.account_balance ?? 0);
    delete object.account_balance;
  }
}

/** Discounts as ids, or as the Discount objects when `expand` names them (subscription-discounts.ts). */
const discountsOf = (list: StripeObject[], expand: string[]) =>
  expand.includes('discounts') ? list : list.map((d) => d.id);

function subscription(ctx: FrontContext, object: Json, expand: string[]) {
  const list = ctx.discounts.get(String(object.id)) ?? [];
  object.discount = list[0] ?? null;
  object.discounts = discountsOf(list, expand);
  // localstripe's subscriptions have no currency: Stripe's is its prices'.
  object.currency ??= ((object.plan as Json | undefined)?.currency as string | undefined) ?? null;
  const items = (object.items as { data?: Json[] } | undefined)?.data ?? [];
  for (const item of items) {
    const plan = item.plan as Json | undefined;
    const price = plan && ctx.prices.get(String(plan.id));
    if (price) item.price = price;
  }
}

/** localstripe answers some references expanded that Stripe answers as ids unless asked (`expand`). */
function collapse(object: Json, field: string, expand: string[]) {
  const value = object[field] as Json | null | undefined;
  if (value && typeof value === 'object' && typeof value.id === 'string' && !expand.includes(field))
    object[field] = value.id;
}

function invoice(ctx: FrontContext, object: Json, expand: string[]) {
  const list = (object.subscription ? ctx.discounts.get(String(object.subscription)) : undefined) ?? [];
  object.discounts = discountsOf(list, expand);
  // Stripe leaves the single `discount` null when there are several.
  object.discount = list.length === 1 ? list[0] : null;
  object.amount_remaining ??= Math.max(0, Number(object.amount_due ?? 0) - Number(object.amount_paid ?? 0));
}

/** Patches an object localstripe answered (and everything inside it) in place; returns it. */
export function present<T>(ctx: FrontContext, value: T, expand: string[] = []): T {
  if (Array.isArray(value)) value.forEach((v) => present(ctx, v, expand));
  else if (value && typeof value === 'object') {
    const object = value as Json;
    const nested = (key: string) =>
      expand.filter((e) => e.startsWith(`${key}.`)).map((e) => e.slice(key.length + 1));
    for (const [key, child] of Object.entries(object))
      present(ctx, child, key === 'data' && object.object === 'list' ? expand : nested(key));
    if (object.object === 'invoice') collapse(object, 'charge', expand);
    if (object.object === 'payment_intent') collapse(object, 'latest_charge', expand);
    if (typeof object.id === 'string' && ctx.metadata.has(object.id))
      object.metadata = ctx.metadata.get(object.id);
    if (object.object === 'customer') customer(object);
    if (object.object === 'subscription') subscription(ctx, object, expand);
    if (object.object === 'invoice') invoice(ctx, object, expand);
    if (object.object === 'coupon')
      Object.assign(object, ctx.couponExtras.get(String(object.id)) ?? { name: null });
    if (object.object === 'charge') {
      object.disputed = ctx.disputedCharges.has(String(object.id));
      // Since API 2022-11-15 a charge's refunds are answered only when expanded.
      if (!expand.includes('refunds')) delete object.refunds;
    }
  }
  return value;
}

/** The ids of the objects an answer holds (a single object or a list's items). */
export function idsIn(body: unknown): StripeObject[] {
  const object = body as Json | null;
  if (!object || typeof object !== 'object') return [];
  if (object.object === 'list') return (object.data as StripeObject[]) ?? [];
  return typeof object.id === 'string' ? [object as StripeObject] : [];
}
