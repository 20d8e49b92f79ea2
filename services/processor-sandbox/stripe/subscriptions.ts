import { noSuchObject, type FrontContext } from './context';
import { StripeApiError, missingParam, noSuch } from './errors';
import { list, obj, str, type FormValue, type Params } from './form';
import { couponOf } from './promotion-codes';
import { priceOf } from './prices';
import type { Route, RouteRequest } from './routes';
import { present } from './shapes';
import { newId, now, type AccountState, type StripeObject } from './state';

/*
 * POST /v1/subscriptions: localstripe takes plans only and no coupon. The front names a price's plan and
 * applies a coupon (`discounts[0][coupon]`, `discounts[0][promotion_code]`, or the older `coupon` /
 * `promotion_code`) as a negative invoice item on the first invoice, and shows the Discount on the
 * subscription and its invoices.
 */

export interface DiscountChoice {
  coupon?: string;
  promotionCode?: string;
  checkoutSession?: string;
}

function discountChoice(params: Params): DiscountChoice {
  const first = (list(params, 'discounts')?.[0] ?? {}) as Params;
  return {
    coupon: str(first, 'coupon') ?? str(params, 'coupon'),
    promotionCode: str(first, 'promotion_code') ?? str(params, 'promotion_code'),
  };
}

/** The coupon and promotion code a choice names, both checked. */
export async function resolveDiscount(ctx: FrontContext, account: AccountState, choice: DiscountChoice) {
  let promotionCode: StripeObject | undefined;
  if (choice.promotionCode) {
    promotionCode = account.objects.get(choice.promotionCode);
    if (promotionCode?.object !== 'promotion_code')
      throw noSuch('promotion code', choice.promotionCode, 'discounts[0][promotion_code]');
    if (promotionCode.active !== true)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'This promotion code is inactive.',
        'promotion_code_inactive',
      );
  }
  const couponId = promotionCode ? (promotionCode.coupon as StripeObject).id : choice.coupon;
  const coupon = couponId ? await couponOf({ ctx, account }, couponId, 'discounts[0][coupon]') : undefined;
  return { coupon, promotionCode };
}

export interface SubscribeInput {
  customer: string;
  items: { price?: string; plan?: string; quantity?: number }[];
  discount: DiscountChoice;
  metadata?: Record<string, unknown>;
  /** Other parameters, passed to localstripe as they are. */
  rest?: Params;
}

/** What a coupon takes off a total (in the smallest currency unit). */
export function amountOff(coupon: StripeObject, total: number): number {
  return coupon.percent_off != null
    ? Math.round((total * Number(coupon.percent_off)) / 100)
    : Math.min(Number(coupon.amount_off ?? 0), total);
}

export async function subscribe(ctx: FrontContext, account: AccountState, input: SubscribeInput) {
  await ctx.fetchOwned(account, 'customer', '/v1/customers', input.customer).catch(() => {
    throw noSuchObject('customer', input.customer, 'customer');
  });
  const items = input.items.map((item, i) => {
    const plan = item.price ?? item.plan;
    if (!plan) throw missingParam(`items[${i}][price]`);
    if (item.price) priceOf(ctx, account, item.price, `items[${i}][price]`);
    return { plan, quantity: item.quantity ?? 1 };
  });
  const { coupon, promotionCode } = await resolveDiscount(ctx, account, input.discount);
  if (coupon) {
    const plan = (await ctx.localstripe('GET', `/v1/plans/${items[0]!.plan}`)).body as StripeObject;
    const total = Number(plan.amount ?? 0) * items[0]!.quantity;
    const off = amountOff(coupon, total);
    if (off > 0)
      await ctx.write(
        account,
        '/v1/invoiceitems',
        {
          customer: input.customer,
          amount: -off,
          currency: plan.currency,
          description: `Discount (${coupon.id})`,
        },
        true,
      );
  }
  const subscription = await ctx.write(account, '/v1/subscriptions', {
    ...input.rest,
    customer: input.customer,
    items,
    ...(input.metadata ? { metadata: input.metadata } : {}),
  });
  if (coupon) {
    ctx.discounts.set(subscription.id, [
      {
        id: newId('di_'),
        object: 'discount',
        checkout_session: input.discount.checkoutSession ?? null,
        coupon,
        customer: input.customer,
        end: null,
        invoice: null,
        invoice_item: null,
        promotion_code: promotionCode?.id ?? null,
        start: now(),
        subscription: subscription.id,
        subscription_item: null,
      },
    ]);
    if (promotionCode) promotionCode.times_redeemed = Number(promotionCode.times_redeemed ?? 0) + 1;
  }
  return present(ctx, subscription);
}

const CONSUMED = ['customer', 'items', 'discounts', 'coupon', 'promotion_code', 'metadata'];

export const subscriptionRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/subscriptions$/,
    handle({ ctx, account, params }: RouteRequest) {
      const customer = str(params, 'customer');
      if (!customer) throw missingParam('customer');
      const items = (list(params, 'items') ?? []).map((item: FormValue) => {
        const p = item as Params;
        return { price: str(p, 'price'), plan: str(p, 'plan'), quantity: Number(str(p, 'quantity') ?? 1) };
      });
      if (items.length === 0) throw missingParam('items');
      const rest = Object.fromEntries(Object.entries(params).filter(([k]) => !CONSUMED.includes(k)));
      return subscribe(ctx, account, {
        customer,
        items,
        discount: discountChoice(params),
        metadata: obj(params, 'metadata'),
        rest,
      });
    },
  },
];
