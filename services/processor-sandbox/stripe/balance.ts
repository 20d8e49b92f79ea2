import type { Route } from './routes';

/*
 * GET /v1/balance: localstripe answers one currency as objects and no `object`; Stripe answers lists of
 * amounts per currency. The front reshapes it.
 */

type Amount = { amount: number; currency: string; source_types?: Record<string, number> };

const asList = (value: Amount | Amount[] | undefined): Amount[] =>
  Array.isArray(value) ? value : value ? [value] : [];

export const balanceRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/balance$/,
    async handle({ ctx, account }) {
      const body = (await ctx.localstripe('GET', '/v1/balance')).body as Record<string, Amount | undefined>;
      return {
        object: 'balance',
        available: asList(body.available),
        connect_reserved: [],
        livemode: account.livemode,
        pending: asList(body.pending),
      };
    },
  },
];
