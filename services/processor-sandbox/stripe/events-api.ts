import { StripeApiError, noSuch } from './errors';
import { API_VERSION } from './events';
import { list, obj, str } from './form';
import type { FrontContext } from './context';
import { pageQuery, type Route } from './routes';
import { present } from './shapes';
import { listOf, type AccountState, type StripeObject } from './state';

/*
 * /v1/events: the account's events, the front's own and localstripe's (relayed to the front as they
 * happen and kept in Stripe's shape); an event localstripe has not relayed yet is read from it.
 */

/** The account a localstripe object belongs to: its own id's, or its customer's. */
export function ownerOf(ctx: FrontContext, object: Record<string, unknown>): string | undefined {
  return (
    ctx.owners.get(String(object.id)) ??
    (object.customer ? ctx.owners.get(String(object.customer)) : undefined)
  );
}

/** A localstripe event in Stripe's shape (api_version, request, pending_webhooks; patched object). */
export function stripeEvent(ctx: FrontContext, event: StripeObject): StripeObject {
  const data = event.data as { object: Record<string, unknown> };
  return {
    id: event.id,
    object: 'event',
    api_version: API_VERSION,
    created: event.created,
    data: { object: present(ctx, data.object) },
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    type: event.type,
  };
}

async function retrieve(ctx: FrontContext, account: AccountState, id: string) {
  const own = account.events.get(id);
  if (own) return own;
  const answer = await ctx.localstripe('GET', `/v1/events/${encodeURIComponent(id)}`);
  const event = answer.body as StripeObject;
  if (answer.status !== 200 || ownerOf(ctx, (event.data as { object: StripeObject }).object) !== account.id)
    throw noSuch('event', id);
  return stripeEvent(ctx, event);
}

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/events\/([^/]+)$/,
    handle: ({ ctx, account, match }) => retrieve(ctx, account, match[1]!),
  },
  {
    method: 'GET',
    path: /^\/v1\/events$/,
    handle({ account, params }) {
      const type = str(params, 'type');
      const types = list(params, 'types') as string[] | undefined;
      if (type && types)
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'You may only specify one of these parameters: type, types.',
        );
      const created = obj(params, 'created');
      const bound = (k: string) => (created && str(created, k) ? Number(str(created, k)) : undefined);
      const [gt, gte, lt, lte] = ['gt', 'gte', 'lt', 'lte'].map(bound);
      const matchesType = (t: string) =>
        (!type || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type)) &&
        (!types || types.includes(t));
      const events = [...account.events.values()].filter((e) => {
        const at = Number(e.created);
        return (
          matchesType(String(e.type)) &&
          (gt === undefined || at > gt) &&
          (gte === undefined || at >= gte) &&
          (lt === undefined || at < lt) &&
          (lte === undefined || at <= lte)
        );
      });
      return listOf('/v1/events', events, pageQuery(params));
    },
  },
];
