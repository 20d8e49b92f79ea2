import crypto from 'node:crypto';
import { noSuchObject } from './context';
import { StripeApiError, missingParam, noSuch } from './errors';
import { metadataOf, str, type Params } from './form';
import { pageQuery, type Route, type RouteRequest } from './routes';
import { listOf, newId, now, objectsOf, type AccountState, type StripeObject } from './state';

/*
 * /v1/promotion_codes: localstripe has none. The coupon is read from localstripe (it must exist); a code
 * is unique among the account's active promotion codes, case-insensitively (Stripe's rule).
 */

const CODE = /^[A-Za-z0-9_-]{3,200}$/;

const bool = (value: unknown) => (value === undefined ? undefined : value === 'true');

function promotionCodeOf(account: AccountState, id: string): StripeObject {
  const code = account.objects.get(id);
  if (code?.object !== 'promotion_code') throw noSuch('promotion code', id);
  return code;
}

function assertCodeFree(account: AccountState, code: string, except?: string) {
  const taken = objectsOf(account, 'promotion_code').some(
    (p) => p.active === true && p.id !== except && String(p.code).toLowerCase() === code.toLowerCase(),
  );
  if (taken)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'An active promotion code with `code` already exists.',
      'promotion_code_already_exists',
      'code',
    );
}

/** A random code as Stripe makes them when none is given. */
const randomCode = () =>
  [...crypto.randomBytes(8)].map((b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');

export async function couponOf(request: Pick<RouteRequest, 'ctx' | 'account'>, id: string, param = 'coupon') {
  try {
    return await request.ctx.fetchOwned(request.account, 'coupon', '/v1/coupons', id);
  } catch {
    throw noSuchObject('coupon', id, param);
  }
}

async function create({ ctx, account, params }: RouteRequest) {
  const couponId = str(params, 'coupon');
  if (!couponId) throw missingParam('coupon');
  const coupon = await couponOf({ ctx, account }, couponId);
  const code = str(params, 'code') ?? randomCode();
  if (!CODE.test(code))
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Invalid code: only letters, digits, - and _.',
      'parameter_invalid_string',
      'code',
    );
  const active = bool(params.active) ?? true;
  if (active) assertCodeFree(account, code);
  const maxRedemptions = str(params, 'max_redemptions');
  const promotionCode: StripeObject = {
    id: newId('promo_'),
    object: 'promotion_code',
    active,
    code,
    coupon,
    created: now(),
    customer: str(params, 'customer') ?? null,
    expires_at: str(params, 'expires_at') ? Number(str(params, 'expires_at')) : null,
    livemode: account.livemode,
    max_redemptions: maxRedemptions ? Number(maxRedemptions) : null,
    metadata: metadataOf(params),
    restrictions: {
      first_time_transaction: false,
      minimum_amount: null,
      minimum_amount_currency: null,
    },
    times_redeemed: 0,
  };
  account.objects.set(promotionCode.id, promotionCode);
  return promotionCode;
}

function matches(params: Params) {
  const code = str(params, 'code');
  const coupon = str(params, 'coupon');
  const active = bool(params.active);
  return (p: StripeObject) =>
    (code === undefined || String(p.code).toLowerCase() === code.toLowerCase()) &&
    (coupon === undefined || (p.coupon as StripeObject).id === coupon) &&
    (active === undefined || p.active === active);
}

export const promotionCodeRoutes: Route[] = [
  { method: 'POST', path: /^\/v1\/promotion_codes$/, handle: create },
  {
    method: 'GET',
    path: /^\/v1\/promotion_codes\/([^/]+)$/,
    handle: ({ account, match }) => promotionCodeOf(account, match[1]!),
  },
  {
    method: 'POST',
    path: /^\/v1\/promotion_codes\/([^/]+)$/,
    handle({ account, match, params }) {
      const promotionCode = promotionCodeOf(account, match[1]!);
      const active = bool(params.active);
      if (active === true && promotionCode.active !== true)
        assertCodeFree(account, String(promotionCode.code));
      if (active !== undefined) promotionCode.active = active;
      promotionCode.metadata = metadataOf(params, promotionCode.metadata as Record<string, string>);
      return promotionCode;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/promotion_codes$/,
    handle: ({ account, params }) =>
      listOf(
        '/v1/promotion_codes',
        objectsOf(account, 'promotion_code').filter(matches(params)),
        pageQuery(params),
      ),
  },
];

/** The account's active promotion code with this code (case-insensitive), as a buyer types it. */
export function activePromotionCode(account: AccountState, code: string): StripeObject | undefined {
  return objectsOf(account, 'promotion_code').find(
    (p) => p.active === true && String(p.code).toLowerCase() === code.toLowerCase(),
  );
}
