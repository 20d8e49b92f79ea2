import type Stripe from 'stripe';
import type { CouponSpec } from './coupon-billing';
import { ProcessorRejectedError } from './payment-processor';
import {
  callStripe,
  classifyStripeError,
  findStripe,
  isAlreadyExists,
  isNotFound,
  statusOf,
} from './stripe-errors';
import { appliedDiscounts, idOf, type AppliedDiscount } from './stripe-mapping';

/**
 * Coupons, promotion codes and a subscription's discounts: each write is made idempotent by reading
 * first (or by the id we choose), and a create that loses to a concurrent one counts as done.
 */

export interface StripeContext {
  stripe: Stripe;
  secretKey: string;
}

const call = <T>(ctx: StripeContext, action: string, fn: () => Promise<T>) =>
  callStripe(action, ctx.secretKey, fn);

function couponParams(spec: CouponSpec): Stripe.CouponCreateParams {
  const base = { id: spec.id, name: spec.name, duration: spec.duration, metadata: spec.metadata };
  const percent = spec.percentOff !== undefined;
  const amount = spec.amountOffCents !== undefined;
  if (percent === amount)
    throw new RangeError(`coupon ${spec.id}: exactly one of percentOff and amountOffCents`);
  if (percent) {
    const p = spec.percentOff as number;
    if (!(p > 0 && p <= 100)) throw new RangeError(`coupon ${spec.id}: percentOff must be in (0, 100]: ${p}`);
    return { ...base, percent_off: p };
  }
  const cents = spec.amountOffCents as number;
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new RangeError(`coupon ${spec.id}: amountOffCents must be a positive integer: ${cents}`);
  }
  if (!spec.currency) throw new RangeError(`coupon ${spec.id}: amountOffCents needs a currency`);
  return { ...base, amount_off: cents, currency: spec.currency.toLowerCase() };
}

export async function ensureCoupon(ctx: StripeContext, spec: CouponSpec): Promise<void> {
  const params = couponParams(spec);
  const action = `coupon ${spec.id}`;
  const lookup = () =>
    findStripe(`${action} lookup`, ctx.secretKey, () => ctx.stripe.coupons.retrieve(spec.id));
  if (await lookup()) return;
  try {
    await ctx.stripe.coupons.create(params);
  } catch (err) {
    // A concurrent ensure created it first: Stripe answers 400 resource_already_exists (localstripe a 409).
    if (isAlreadyExists(err) || statusOf(err) === 409) {
      if (await lookup()) return;
    }
    throw classifyStripeError(err, `${action} creation`, ctx.secretKey);
  }
}

/** The active promotion codes of this text: Stripe matches `code` case-insensitively. */
async function activeCodes(ctx: StripeContext, code: string): Promise<Stripe.PromotionCode[]> {
  const page = await call(ctx, `promotion code ${code} lookup`, () =>
    ctx.stripe.promotionCodes.list({ code, active: true, limit: 100 }),
  );
  // Filtered again here: the answer must hold only what was asked for, whatever the server.
  return page.data.filter((pc) => pc.active && pc.code.toLowerCase() === code.toLowerCase());
}

async function deactivate(ctx: StripeContext, promotionCodeId: string): Promise<void> {
  try {
    await ctx.stripe.promotionCodes.update(promotionCodeId, { active: false });
  } catch (err) {
    if (isNotFound(err)) return;
    throw classifyStripeError(err, `deactivation of promotion code ${promotionCodeId}`, ctx.secretKey);
  }
}

export async function ensurePromotionCode(
  ctx: StripeContext,
  code: string,
  couponId: string,
  metadata: Record<string, string>,
): Promise<{ id: string }> {
  // The second round settles a create that lost to a concurrent one: the winner is then found.
  for (let round = 0; round < 2; round++) {
    const active = await activeCodes(ctx, code);
    const same = active.find((pc) => idOf(pc.coupon) === couponId);
    if (same) return { id: same.id };
    for (const other of active) await deactivate(ctx, other.id);
    try {
      const created = await ctx.stripe.promotionCodes.create({ coupon: couponId, code, metadata });
      return { id: created.id };
    } catch (err) {
      if (!isAlreadyExists(err)) {
        throw classifyStripeError(err, `promotion code ${code} creation`, ctx.secretKey);
      }
    }
  }
  throw new ProcessorRejectedError(`Stripe promotion code ${code} keeps changing concurrently`);
}

export async function deactivatePromotionCode(ctx: StripeContext, code: string): Promise<void> {
  for (const pc of await activeCodes(ctx, code)) await deactivate(ctx, pc.id);
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set(a).size === a.length && b.every((id) => a.includes(id));

/** Keeps a discount as it is (its start and end) by naming it; without an id, by its coupon. */
const keep = (d: AppliedDiscount): Stripe.SubscriptionUpdateParams.Discount =>
  d.discountId ? { discount: d.discountId } : { coupon: d.couponId };

/**
 * The update that makes `wanted` our coupons on the subscription, null when they already are. Our
 * discounts that stay are named by id, so a `once` or repeating coupon does not start over.
 */
export function subscriptionDiscountUpdate(
  applied: readonly AppliedDiscount[],
  ourPrefix: string,
  wanted: readonly string[],
): Stripe.SubscriptionUpdateParams['discounts'] | null {
  const merchant = applied.filter((d) => !d.couponId.startsWith(ourPrefix));
  const ours = applied.filter((d) => d.couponId.startsWith(ourPrefix));
  if (
    sameSet(
      ours.map((d) => d.couponId),
      wanted,
    )
  )
    return null;
  const discounts = [
    ...merchant.map(keep),
    ...wanted.map((couponId) => {
      const current = ours.find((d) => d.couponId === couponId);
      return current ? keep(current) : { coupon: couponId };
    }),
  ];
  // An empty list is sent as '' (Stripe's way to clear a list parameter).
  return discounts.length ? discounts : '';
}

/**
 * The older single-coupon shape (`discount` on the subscription, `coupon` in the update), for a server
 * without `discounts`: one coupon only, so ours can only replace nothing or ours.
 */
export function singleCouponUpdate(
  subscriptionId: string,
  applied: readonly AppliedDiscount[],
  ourPrefix: string,
  wanted: readonly string[],
): Stripe.SubscriptionUpdateParams | null {
  const current = applied[0]?.couponId ?? null;
  const merchant = current !== null && !current.startsWith(ourPrefix);
  if (wanted.length === 0) return current === null || merchant ? null : { coupon: '' };
  if (wanted.length > 1 || merchant) {
    throw new ProcessorRejectedError(
      `Stripe subscription ${subscriptionId}: this server keeps one coupon per subscription`,
    );
  }
  return current === wanted[0] ? null : { coupon: wanted[0] };
}

export async function setSubscriptionCoupons(
  ctx: StripeContext,
  subscriptionId: string,
  ourPrefix: string,
  couponIds: string[],
): Promise<void> {
  if (!ourPrefix) throw new RangeError('ourPrefix cannot be empty');
  const wanted = [...new Set(couponIds)];
  const foreign = wanted.find((id) => !id.startsWith(ourPrefix));
  if (foreign) throw new RangeError(`coupon ${foreign} does not start with ${ourPrefix}`);
  const action = `discounts of subscription ${subscriptionId}`;
  const subscription = await findStripe(`${action} lookup`, ctx.secretKey, () =>
    ctx.stripe.subscriptions.retrieve(subscriptionId, { expand: ['discounts'] }),
  );
  if (!subscription) throw new ProcessorRejectedError(`Stripe subscription ${subscriptionId} not found`);
  const applied = appliedDiscounts(subscription);
  if (!applied) throw new ProcessorRejectedError(`Stripe ${action}: discounts were not expanded`);
  let params: Stripe.SubscriptionUpdateParams | null;
  if (Array.isArray((subscription as { discounts?: unknown }).discounts)) {
    const discounts = subscriptionDiscountUpdate(applied, ourPrefix, wanted);
    params = discounts === null ? null : { discounts };
  } else {
    params = singleCouponUpdate(subscriptionId, applied, ourPrefix, wanted);
  }
  if (!params) return;
  const update = params;
  await call(ctx, `update of the ${action}`, () => ctx.stripe.subscriptions.update(subscriptionId, update));
}
