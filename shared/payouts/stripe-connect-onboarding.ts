import { callConnect, connectClient, type StripeConnectOptions } from './stripe-connect-client';
import type { PayoutCredentials } from './payout-provider';

/*
 * Stripe Connect onboarding for the payee flow: an Express account for the payee, the Stripe-hosted
 * onboarding link, and whether the account can receive our transfers yet.
 */

/**
 * Creates an Express connected account for a payee (transfers capability requested) and answers its id
 * (acct_…). `idempotencyKey`, when given, makes a retried creation answer the same account.
 */
export async function createConnectAccount(
  credentials: PayoutCredentials,
  payee: { email: string; country: string; idempotencyKey?: string },
  options: StripeConnectOptions = {},
): Promise<string> {
  const stripe = connectClient(credentials, options);
  const account = await callConnect('account creation', credentials, () =>
    stripe.accounts.create(
      {
        type: 'express',
        email: payee.email,
        country: payee.country.toUpperCase(),
        capabilities: { transfers: { requested: true } },
      },
      payee.idempotencyKey ? { idempotencyKey: payee.idempotencyKey } : undefined,
    ),
  );
  return account.id;
}

/** A Stripe-hosted onboarding link (type account_onboarding) for the account; it expires in minutes. */
export async function createOnboardingLink(
  credentials: PayoutCredentials,
  accountId: string,
  urls: { refreshUrl: string; returnUrl: string },
  options: StripeConnectOptions = {},
): Promise<string> {
  const stripe = connectClient(credentials, options);
  const link = await callConnect('onboarding link', credentials, () =>
    stripe.accountLinks.create({
      account: accountId,
      refresh_url: urls.refreshUrl,
      return_url: urls.returnUrl,
      type: 'account_onboarding',
    }),
  );
  return link.url;
}

/**
 * Whether the account can receive transfers and pay them out: its transfers capability is active and
 * payouts are enabled (onboarding finished and verified).
 */
export async function connectAccountReady(
  credentials: PayoutCredentials,
  accountId: string,
  options: StripeConnectOptions = {},
): Promise<boolean> {
  const stripe = connectClient(credentials, options);
  const account = await callConnect('account read', credentials, () => stripe.accounts.retrieve(accountId));
  return account.capabilities?.transfers === 'active' && account.payouts_enabled === true;
}
