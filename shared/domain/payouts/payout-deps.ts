import type { Db } from '../../db/knex';
import type { SecretBox } from '../../crypto/secret-box';
import type { PayoutCredentials, PayoutMethodType, PayoutProvider } from '../../payouts/payout-provider';

/** Stripe Connect's onboarding, as the payee flow needs it (shared/payouts/stripe-connect.ts). */
export interface ConnectOnboarding {
  createAccount(
    credentials: PayoutCredentials,
    payee: { email: string; country: string; idempotencyKey?: string },
  ): Promise<string>;
  createLink(
    credentials: PayoutCredentials,
    accountId: string,
    urls: { refreshUrl: string; returnUrl: string },
  ): Promise<string>;
  accountReady(credentials: PayoutCredentials, accountId: string): Promise<boolean>;
}

/** What the payout use cases need: the database, the key that seals method details, the providers. */
export interface PayoutDeps {
  db: Db;
  secretBox: SecretBox | undefined;
  provider(method: PayoutMethodType): PayoutProvider;
  onboarding: ConnectOnboarding;
}
