import { fromLocalstripe, noSuchObject, type Answer, type FrontContext } from './context';
import { unknownRoute } from './errors';
import { ownerOf } from './events-api';
import { metadataOf, parseForm } from './form';
import { present } from './shapes';
import { takeDiscountParams, withoutDiscountExpand } from './subscription-discounts';
import type { AccountState, StripeObject } from './state';

/*
 * Everything the front does not serve goes to localstripe as it came, with localstripe's own key. The
 * answer is kept to the caller's account (another account's object is Stripe's 404), patched to Stripe's
 * shape (shapes.ts), and the events Stripe sends but localstripe does not are made here.
 */

type Json = Record<string, unknown>;

const singular = (resource: string) =>
  resource
    .replace(/_/g, ' ')
    .replace(/ies$/, 'y')
    .replace(/s$/, '')
    .replace(/^invoiceitem$/, 'invoice item');

function notFound(method: string, path: string, answer: Answer) {
  const message = ((answer.body as Json).error as Json | undefined)?.message;
  if (answer.status === 405 || message === '404: Not Found') return unknownRoute(method, path);
  const [, resource, id] = /^\/v1\/([^/]+)\/([^/?]+)/.exec(path) ?? [];
  return resource && id ? noSuchObject(singular(resource), id) : fromLocalstripe(answer);
}

function visible(ctx: FrontContext, account: AccountState, object: Json): boolean {
  const owner = ownerOf(ctx, object);
  return !owner || owner === account.id;
}

/** Events Stripe sends for these writes that localstripe does not emit. */
async function afterWrite(
  ctx: FrontContext,
  account: AccountState,
  path: string,
  before: Json | null,
  after: Json,
) {
  if (path === '/v1/refunds') {
    const charge = await ctx.localstripe('GET', `/v1/charges/${String(after.charge)}`);
    ctx.events.emit(account, 'charge.refunded', present(ctx, charge.body as StripeObject));
    ctx.events.emit(account, 'refund.created', after as StripeObject);
  }
  if (/^\/v1\/subscriptions\/[^/]+$/.test(path) && before) {
    const previous = Object.fromEntries(
      Object.keys(after)
        .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
        .map((k) => [k, before[k] ?? null]),
    );
    ctx.events.emit(account, 'customer.subscription.updated', after as StripeObject, {
      previousAttributes: previous,
    });
  }
}

export async function proxy(
  ctx: FrontContext,
  account: AccountState,
  request: { method: string; path: string; search: string; raw: string; contentType?: string },
): Promise<Answer> {
  const { method, path } = request;
  const single = /^\/v1\/[^/]+\/([^/]+)/.exec(path)?.[1];
  const owner = single ? ctx.owners.get(single) : undefined;
  if (owner && owner !== account.id)
    throw notFound(method, path, { status: 404, body: { error: { message: 'Not Found' } } });
  const before =
    method === 'POST' && /^\/v1\/subscriptions\/[^/]+$/.test(path)
      ? present(ctx, (await ctx.localstripe('GET', path)).body as Json)
      : null;
  // A subscription's discounts are the front's (subscription-discounts.ts): taken out of what localstripe gets.
  const form =
    before?.object === 'subscription'
      ? await takeDiscountParams(ctx, account, before as StripeObject, request.raw)
      : request.raw;
  // An update of nothing but discounts leaves localstripe's object as it is (it refuses an empty update).
  const answer =
    form === '' && before?.object === 'subscription'
      ? await ctx.localstripe('GET', path)
      : await ctx.localstripe(
          method,
          `${path}${withoutDiscountExpand(request.search)}`,
          method === 'POST' ? { form } : undefined,
          request.contentType,
        );
  if (answer.status === 404 || answer.status === 405) throw notFound(method, path, answer);
  if (answer.status >= 300) throw fromLocalstripe(answer);
  const body = answer.body as Json;
  if (before && typeof body.id === 'string') {
    // localstripe ignores `metadata` when a subscription is updated: the front keeps it.
    const current = (before.metadata ?? {}) as Record<string, string>;
    ctx.metadata.set(body.id, metadataOf(parseForm(request.raw), current));
  }
  if (body.object === 'list') {
    body.data = (body.data as Json[]).filter((o) => visible(ctx, account, o));
    delete body.total_count;
  } else if (typeof body.id === 'string') {
    if (!visible(ctx, account, body)) throw notFound(method, path, { status: 404, body: { error: {} } });
    if (method === 'POST' && !ctx.owners.has(body.id)) ctx.owners.set(body.id, account.id);
  }
  const expand = (parseForm(method === 'POST' ? request.raw : request.search.slice(1)).expand ??
    []) as string[];
  present(ctx, body, Array.isArray(expand) ? expand.map(String) : []);
  if (method === 'POST') await afterWrite(ctx, account, path, before, body);
  return { status: 200, body };
}
