import type { Route } from './routes';

/* GET /v1/account: the key's own account (localstripe has none), as Stripe answers a standard account. */

export const accountRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/account$/,
    handle: ({ account }) => ({
      id: account.id,
      object: 'account',
      business_profile: { name: null, support_email: null, url: null },
      business_type: null,
      capabilities: { card_payments: 'active', transfers: 'active' },
      charges_enabled: true,
      country: 'US',
      created: 1700000000,
      default_currency: 'usd',
      details_submitted: true,
      email: null,
      metadata: {},
      payouts_enabled: true,
      settings: { dashboard: { display_name: null, timezone: 'Etc/UTC' } },
      type: 'standard',
    }),
  },
];
