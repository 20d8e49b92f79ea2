import type { Config } from '../config';
import { secretBoxFor } from '../crypto/secret-box';
import type { Db } from '../db/knex';
import type { PayoutDeps } from '../domain/payouts/payout-deps';
import { payoutProviderFor, type PayoutProviderUrls } from '../payouts/payout-provider-registry';
import { connectAccountReady, createConnectAccount, createOnboardingLink } from '../payouts/stripe-connect';

/** The payout providers as configured (PAYPAL_BASE_URL, STRIPE_BASE_URL, GIFT_CARD_BASE_URL): gateway and worker. */
export function createPayoutDeps(db: Db, config: Config): PayoutDeps {
  const urls: PayoutProviderUrls = {
    paypal: config.PAYPAL_BASE_URL,
    stripe: config.STRIPE_BASE_URL,
    giftCards: config.GIFT_CARD_BASE_URL,
    timeoutMs: config.PROCESSOR_TIMEOUT_MS,
  };
  const stripe = { baseUrl: config.STRIPE_BASE_URL, timeoutMs: config.PROCESSOR_TIMEOUT_MS };
  return {
    db,
    secretBox: secretBoxFor(config.SECRET_KEY),
    provider: (method) => payoutProviderFor(method, urls),
    onboarding: {
      createAccount: (credentials, payee) => createConnectAccount(credentials, payee, stripe),
      createLink: (credentials, accountId, links) =>
        createOnboardingLink(credentials, accountId, links, stripe),
      accountReady: (credentials, accountId) => connectAccountReady(credentials, accountId, stripe),
    },
  };
}
