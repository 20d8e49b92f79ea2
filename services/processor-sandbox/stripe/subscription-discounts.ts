import type { FrontContext } from './context';
import { StripeApiError } from './errors';
import { encodeForm, list, parseForm, str, type Params } from './form';
import { proxy } from './proxy';
import type { Route, RouteRequest } from './routes';
import { discountObject, resolveDiscount } from './subscriptions';
import type { AccountState, StripeObject } from './state';

/*
 * POST /v1/subscriptions/{id} with `discounts` (or the older `coupon` / `promotion_code`): localstripe keeps
 * no discounts, so the front sets the subscription's Discounts itself, as Stripe does: `discounts[i][discount]`
 * keeps an applied one as it is, `discounts[i][coupon]` and `discounts[i][promotion_code]` apply a new one,
 * and `discounts=` (empty) removes them all. The other parameters go on to localstripe. The Discounts are
 * shown on the subscription (shapes.ts); the front does not bill them on later invoices.
 */

const DISCOUNT_PARAMS = ['discounts', 'coupon', 'promotion_code'];

async function nextDiscounts(
  ctx: FrontContext,
  account: AccountState,
  subscription: { id: string; customer: string },
  params: Params,
): Promise<StripeObject[]> {
  const current = ctx.discounts.get(subscription.id) ?? [];
  const applied = (coupon: string | undefined, promotionCode: string | undefined) =>
    resolveDiscount(ctx, account, { coupon, promotionCode }).then(({ coupon: c, promotionCode: pc }) => {
      if (!c) throw new StripeApiError(400, 'invalid_request_error', 'A discount needs a coupon.');
      if (pc) pc.times_redeemed = Number(pc.times_redeemed ?? 0) + 1;
      return discountObject(c, {
        customer: subscription.customer,
        subscription: subscription.id,
        promotionCode: pc?.id ?? null,
        checkoutSession: null,
      });
    });
  if (params.discounts === '' || params.coupon === '') return [];
  const entries = list(params, 'discounts');
  if (!entries) return [await applied(str(params, 'coupon'), str(params, 'promotion_code'))];
  const next: StripeObject[] = [];
  for (const [i, entry] of entries.entries()) {
    const e = entry as Params;
    const keep = str(e, 'discount');
    if (keep) {
      const found = current.find((d) => d.id === keep);
      if (!found)
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `No such discount: '${keep}'`,
          'resource_missing',
          `discounts[${i}][discount]`,
        );
      next.push(found);
    } else next.push(await applied(str(e, 'coupon'), str(e, 'promotion_code')));
  }
  const coupons = next.map((d) => (d.coupon as StripeObject).id);
  if (new Set(coupons).size !== coupons.length)
    throw new StripeApiError(400, 'invalid_request_error', 'A coupon can be applied once per subscription.');
  return next;
}

async function update(request: RouteRequest) {
  const { ctx, account, path } = request;
  const raw = encodeForm(request.params);
  if (!DISCOUNT_PARAMS.some((k) => k in request.params))
    return (await proxy(ctx, account, { method: 'POST', path, search: '', raw })).body;
  const id = request.match[1]!;
  const subscription = await ctx.fetchOwned(account, 'subscription', '/v1/subscriptions', id);
  const discounts = await nextDiscounts(
    ctx,
    account,
    { id, customer: String(subscription.customer) },
    request.params,
  );
  const rest = Object.fromEntries(
    Object.entries(parseForm(raw)).filter(([k]) => !DISCOUNT_PARAMS.includes(k)),
  );
  ctx.discounts.set(id, discounts);
  return (await proxy(ctx, account, { method: 'POST', path, search: '', raw: encodeForm(rest) })).body;
}

export const subscriptionDiscountRoutes: Route[] = [
  { method: 'POST', path: /^\/v1\/subscriptions\/([^/]+)$/, handle: update },
];
