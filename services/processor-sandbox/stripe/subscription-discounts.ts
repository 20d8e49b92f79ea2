import type { FrontContext } from './context';
import { StripeApiError } from './errors';
import { encodeForm, parseForm, str, type Params } from './form';
import { resolveDiscount } from './subscriptions';
import { newId, now, type AccountState, type StripeObject } from './state';

/*
 * A subscription's discounts after it was created: localstripe has none (its subscription update takes no
 * coupon), so the front keeps them (ctx.discounts) and serves what Stripe's API 2024-09-30 has:
 * - `POST /v1/subscriptions/:id` with `discounts` (a list of `{coupon}`, `{promotion_code}` or
 *   `{discount}`, the last keeping one already applied as it is; '' clears them) or the older `coupon`
 *   ('' removes), taken out before the rest goes to localstripe;
 * - `expand[]=discounts` on a subscription or invoice (localstripe refuses that expand: the front takes it
 *   out of the query and answers the Discount objects itself, shapes.ts).
 * Only the discounts are recorded: later invoices are not discounted by the stand-in.
 */

const DISCOUNT_PARAMS = ['discounts', 'coupon', 'promotion_code'];

function newDiscount(subscription: StripeObject, coupon: StripeObject, promotionCode?: StripeObject) {
  return {
    id: newId('di_'),
    object: 'discount',
    checkout_session: null,
    coupon,
    customer: subscription.customer,
    end: null,
    invoice: null,
    invoice_item: null,
    promotion_code: promotionCode?.id ?? null,
    start: now(),
    subscription: subscription.id,
    subscription_item: null,
  } as StripeObject;
}

async function listed(
  ctx: FrontContext,
  account: AccountState,
  subscription: StripeObject,
  entries: Params[],
): Promise<StripeObject[]> {
  const current = ctx.discounts.get(subscription.id) ?? [];
  const next: StripeObject[] = [];
  for (const [i, entry] of entries.entries()) {
    const kept = str(entry, 'discount');
    if (kept) {
      const discount = current.find((d) => d.id === kept);
      if (!discount)
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `No such discount: '${kept}'`,
          'resource_missing',
          `discounts[${i}][discount]`,
        );
      next.push(discount);
      continue;
    }
    const choice = { coupon: str(entry, 'coupon'), promotionCode: str(entry, 'promotion_code') };
    const { coupon, promotionCode } = await resolveDiscount(ctx, account, choice);
    if (!coupon)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'A discount needs a coupon, promotion code or discount.',
        'parameter_missing',
        `discounts[${i}]`,
      );
    if (next.some((d) => (d.coupon as StripeObject).id === coupon.id))
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Coupon ${coupon.id} is applied twice.`,
        'parameter_invalid_empty',
        `discounts[${i}][coupon]`,
      );
    next.push(newDiscount(subscription, coupon, promotionCode));
  }
  return next;
}

/**
 * Applies the discount parameters of a subscription update (`before` is the subscription as it was) and
 * answers the form without them, for localstripe.
 */
export async function takeDiscountParams(
  ctx: FrontContext,
  account: AccountState,
  before: StripeObject,
  raw: string,
): Promise<string> {
  const params = parseForm(raw);
  if (!DISCOUNT_PARAMS.some((p) => p in params)) return raw;
  let next: StripeObject[];
  if ('discounts' in params) {
    const value = params.discounts;
    next =
      value === '' ? [] : await listed(ctx, account, before, Array.isArray(value) ? (value as Params[]) : []);
  } else {
    const coupon = str(params, 'coupon');
    const promotionCode = str(params, 'promotion_code');
    if (!coupon && !promotionCode) next = [];
    else {
      const resolved = await resolveDiscount(ctx, account, { coupon: coupon || undefined, promotionCode });
      next = resolved.coupon ? [newDiscount(before, resolved.coupon, resolved.promotionCode)] : [];
    }
  }
  ctx.discounts.set(before.id, next);
  const rest = Object.fromEntries(Object.entries(params).filter(([k]) => !DISCOUNT_PARAMS.includes(k)));
  return encodeForm(rest);
}

/** The query without `expand` entries naming discounts (localstripe refuses them), re-indexed. */
export function withoutDiscountExpand(search: string): string {
  if (!search.includes('discounts')) return search;
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const expand: string[] = [];
  const rest: [string, string][] = [];
  for (const [name, value] of query) {
    if (/^expand(\[\d*\])?$/.test(name)) {
      if (value !== 'discounts' && !value.startsWith('discounts.')) expand.push(value);
    } else rest.push([name, value]);
  }
  const out = new URLSearchParams(rest);
  expand.forEach((value, i) => out.append(`expand[${i}]`, value));
  const text = out.toString();
  return text ? `?${text}` : '';
}
