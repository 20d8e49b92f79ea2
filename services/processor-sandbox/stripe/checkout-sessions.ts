import { StripeApiError, missingParam, noSuch } from './errors';
import { list, metadataOf, obj, str, type FormValue, type Params } from './form';
import { priceOf } from './prices';
import { pageQuery, type Route, type RouteRequest } from './routes';
import { listOf, newId, now, objectsOf, type AccountState, type StripeObject } from './state';
import { resolveDiscount } from './subscriptions';

/*
 * /v1/checkout/sessions: localstripe has none. A session stays open until a test completes it as a buyer
 * would (checkout-completion.ts).
 */

export interface LineItem {
  price: StripeObject;
  quantity: number;
}

/** The line items of each session (Stripe answers them at /v1/checkout/sessions/{id}/line_items). */
export const sessionItems = new WeakMap<StripeObject, LineItem[]>();
/** `subscription_data[metadata]` of each session: the subscription's metadata (not the session's). */
export const sessionSubscriptionMetadata = new WeakMap<StripeObject, Record<string, string>>();

/** A session as answered: `total_details.breakdown` only when expanded (Stripe's includable field). */
export function presentSession(session: StripeObject, expand: unknown = []): StripeObject {
  const copy = structuredClone(session);
  if (!(Array.isArray(expand) && expand.includes('total_details.breakdown')))
    delete (copy.total_details as Record<string, unknown>).breakdown;
  return copy;
}

export function sessionOf(account: AccountState, id: string): StripeObject {
  const session = account.objects.get(id);
  if (session?.object !== 'checkout.session') throw noSuch('checkout.session', id);
  return session;
}

function lineItems(request: RouteRequest, mode: string): LineItem[] {
  const given = list(request.params, 'line_items') ?? [];
  if (given.length === 0) throw missingParam('line_items');
  const items = given.map((value: FormValue, i) => {
    const item = value as Params;
    const priceId = str(item, 'price');
    if (!priceId) throw missingParam(`line_items[${i}][price]`);
    const price = priceOf(request.ctx, request.account, priceId, `line_items[${i}][price]`);
    return { price, quantity: Number(str(item, 'quantity') ?? 1) };
  });
  const recurring = items.some((i) => i.price.type === 'recurring');
  if (mode === 'subscription' && !recurring)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      undefined,
      'line_items',
    );
  if (mode === 'payment' && recurring)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      undefined,
      'line_items',
    );
  return items;
}

async function create(request: RouteRequest, frontUrl: string) {
  const { ctx, account, params } = request;
  const mode = str(params, 'mode');
  if (!mode) throw missingParam('mode');
  if (!['payment', 'subscription'].includes(mode))
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid mode: ${mode}`,
      'parameter_invalid',
      'mode',
    );
  if (params.allow_promotion_codes !== undefined && params.discounts !== undefined)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'You may only specify one of these parameters: allow_promotion_codes, discounts.',
    );
  const customer = str(params, 'customer');
  if (customer && params.customer_email !== undefined)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'You may only specify one of these parameters: customer, customer_email.',
    );
  if (customer)
    await ctx.fetchOwned(account, 'customer', '/v1/customers', customer).catch(() => {
      throw noSuch('customer', customer, 'customer');
    });
  const items = lineItems(request, mode);
  const first = (list(params, 'discounts')?.[0] ?? {}) as Params;
  const { coupon, promotionCode } = await resolveDiscount(ctx, account, {
    coupon: str(first, 'coupon'),
    promotionCode: str(first, 'promotion_code'),
  });
  const subtotal = items.reduce((sum, i) => sum + Number(i.price.unit_amount) * i.quantity, 0);
  const id = newId('cs_test_', 58);
  const session: StripeObject = {
    id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes:
      params.allow_promotion_codes === undefined ? null : params.allow_promotion_codes === 'true',
    amount_subtotal: subtotal,
    amount_total: subtotal,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: null,
    cancel_url: str(params, 'cancel_url') ?? null,
    client_reference_id: str(params, 'client_reference_id') ?? null,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created: now(),
    currency: items[0]!.price.currency,
    custom_fields: [],
    customer: customer ?? null,
    customer_creation: customer ? null : mode === 'payment' ? 'if_required' : 'always',
    customer_details: null,
    customer_email: str(params, 'customer_email') ?? null,
    discounts: coupon ? [{ coupon: coupon.id, promotion_code: promotionCode?.id ?? null }] : [],
    expires_at: now() + 24 * 3600,
    invoice: null,
    livemode: account.livemode,
    locale: null,
    metadata: metadataOf(params),
    mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_details: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: str(params, 'success_url') ?? null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `${frontUrl}/_sandbox/checkout/sessions/${id}`,
  };
  account.objects.set(id, session);
  sessionItems.set(session, items);
  const subscriptionData = obj(params, 'subscription_data');
  if (subscriptionData) sessionSubscriptionMetadata.set(session, metadataOf(subscriptionData));
  return presentSession(session, params.expand);
}

export function checkoutSessionRoutes(frontUrl: () => string): Route[] {
  return [
    { method: 'POST', path: /^\/v1\/checkout\/sessions$/, handle: (request) => create(request, frontUrl()) },
    {
      method: 'GET',
      path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      handle: ({ account, match, params }) => presentSession(sessionOf(account, match[1]!), params.expand),
    },
    {
      method: 'GET',
      path: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
      handle({ account, match, params }) {
        const session = sessionOf(account, match[1]!);
        const items = (sessionItems.get(session) ?? []).map(({ price, quantity }, i) => ({
          id: `li_${session.id.slice(8, 30)}${i}`,
          object: 'item',
          amount_discount: 0,
          amount_subtotal: Number(price.unit_amount) * quantity,
          amount_tax: 0,
          amount_total: Number(price.unit_amount) * quantity,
          currency: price.currency,
          description: price.nickname ?? '',
          price,
          quantity,
        }));
        return listOf(`/v1/checkout/sessions/${session.id}/line_items`, items.reverse(), pageQuery(params));
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/checkout\/sessions$/,
      handle: ({ account, params }) =>
        listOf(
          '/v1/checkout/sessions',
          objectsOf(account, 'checkout.session')
            .map((s) => presentSession(s))
            .filter(
              (s) =>
                (params.customer === undefined || s.customer === params.customer) &&
                (params.status === undefined || s.status === params.status) &&
                (params.subscription === undefined || s.subscription === params.subscription),
            ),
          pageQuery(params),
        ),
    },
  ];
}
