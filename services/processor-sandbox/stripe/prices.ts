import { noSuchObject, type FrontContext } from './context';
import { missingParam, noSuch } from './errors';
import { metadataOf, obj, str } from './form';
import { pageQuery, type Route, type RouteRequest } from './routes';
import { listOf, newId, now, objectsOf, type AccountState, type StripeObject } from './state';

/*
 * /v1/prices: localstripe has plans only. A recurring price is carried at localstripe by a plan of the
 * same id, so subscriptions bill it; subscription items show the price (shapes.ts).
 */

export function priceOf(ctx: FrontContext, account: AccountState, id: string, param = 'price'): StripeObject {
  const price = account.objects.get(id);
  if (price?.object !== 'price' || !ctx.prices.has(id)) throw noSuchObject('price', id, param);
  return price;
}

async function productFor({ ctx, account, params }: RouteRequest): Promise<string> {
  const data = obj(params, 'product_data');
  if (data) {
    if (!str(data, 'name')) throw missingParam('product_data[name]');
    return (
      await ctx.write(account, '/v1/products', { name: str(data, 'name'), metadata: obj(data, 'metadata') })
    ).id;
  }
  const product = str(params, 'product');
  if (!product) throw missingParam('product');
  await ctx.fetchOwned(account, 'product', '/v1/products', product).catch(() => {
    throw noSuchObject('product', product, 'product');
  });
  return product;
}

async function create(request: RouteRequest) {
  const { ctx, account, params } = request;
  const currency = str(params, 'currency')?.toLowerCase();
  if (!currency) throw missingParam('currency');
  const unitAmount = str(params, 'unit_amount');
  if (unitAmount === undefined || !/^\d+$/.test(unitAmount)) throw missingParam('unit_amount');
  const product = await productFor(request);
  const recurring = obj(params, 'recurring');
  const id = newId('price_');
  if (recurring) {
    const interval = str(recurring, 'interval');
    if (!interval) throw missingParam('recurring[interval]');
    await ctx.write(
      account,
      '/v1/plans',
      {
        id,
        amount: Number(unitAmount),
        currency,
        interval,
        interval_count: Number(str(recurring, 'interval_count') ?? 1),
        product,
      },
      true,
    );
  }
  const price: StripeObject = {
    id,
    object: 'price',
    active: str(params, 'active') !== 'false',
    billing_scheme: 'per_unit',
    created: now(),
    currency,
    custom_unit_amount: null,
    livemode: account.livemode,
    lookup_key: str(params, 'lookup_key') ?? null,
    metadata: metadataOf(params),
    nickname: str(params, 'nickname') ?? null,
    product,
    recurring: recurring
      ? {
          aggregate_usage: null,
          interval: str(recurring, 'interval'),
          interval_count: Number(str(recurring, 'interval_count') ?? 1),
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: Number(unitAmount),
    unit_amount_decimal: unitAmount,
  };
  account.objects.set(id, price);
  ctx.prices.set(id, price);
  return price;
}

export const priceRoutes: Route[] = [
  { method: 'POST', path: /^\/v1\/prices$/, handle: create },
  {
    method: 'GET',
    path: /^\/v1\/prices\/([^/]+)$/,
    handle: ({ ctx, account, match }) => priceOf(ctx, account, match[1]!, 'id'),
  },
  {
    method: 'POST',
    path: /^\/v1\/prices\/([^/]+)$/,
    handle({ account, match, params }) {
      const price = account.objects.get(match[1]!);
      if (price?.object !== 'price') throw noSuch('price', match[1]!);
      if (params.active !== undefined) price.active = params.active === 'true';
      if (params.nickname !== undefined) price.nickname = str(params, 'nickname') || null;
      price.metadata = metadataOf(params, price.metadata as Record<string, string>);
      return price;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/prices$/,
    handle: ({ account, params }) =>
      listOf(
        '/v1/prices',
        objectsOf(account, 'price').filter(
          (p) =>
            (params.active === undefined || p.active === (params.active === 'true')) &&
            (params.product === undefined || p.product === params.product),
        ),
        pageQuery(params),
      ),
  },
];
