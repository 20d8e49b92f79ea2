import crypto from 'node:crypto';
import type { Route } from './routes';
import { obj, str } from './form';
import { present } from './shapes';

/*
 * POST /v1/coupons: localstripe requires an id and knows no `name`, `max_redemptions` or `redeem_by`.
 * The front makes the id when none is given (as Stripe does) and keeps the rest itself (shapes.ts).
 */

const EXTRAS = ['name', 'max_redemptions', 'redeem_by'] as const;

export const couponRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/coupons$/,
    async handle({ ctx, account, params }) {
      const rest = Object.fromEntries(
        Object.entries(params).filter(([k]) => !(EXTRAS as readonly string[]).includes(k) && k !== 'expand'),
      );
      const id =
        str(params, 'id') ??
        [...crypto.randomBytes(8)]
          .map((b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[b % 36])
          .join('')
          .slice(0, 8);
      const coupon = await ctx.write(account, '/v1/coupons', {
        ...rest,
        id,
        metadata: obj(params, 'metadata'),
      });
      ctx.couponExtras.set(coupon.id, {
        name: str(params, 'name') ?? null,
        max_redemptions: str(params, 'max_redemptions') ? Number(str(params, 'max_redemptions')) : null,
        redeem_by: str(params, 'redeem_by') ? Number(str(params, 'redeem_by')) : null,
      });
      return present(ctx, coupon);
    },
  },
];
