import type { DbOrTrx } from '../../db/knex';
import { createAccountsRepo, type AccountRow } from '../../repos/accounts.repo';
import { createProcessorNotificationsRepo } from '../../repos/processor-notifications.repo';
import type { BillingFacts } from './billing-event-facts';

/** Which account a billing event is about, decided under the locks of its transaction. */
export type ResolvedAccount =
  /** Locked; `tie` is the customer to tie it to (null: leave its tie as it is). */
  | { kind: 'ACCOUNT'; account: AccountRow; tie: string | null }
  /** The merchant named an account, but the customer is tied to another one here. */
  | { kind: 'IN_USE'; namedAccountId: string; holderId: string }
  | { kind: 'NONE' };

/**
 * The account of a billing event, in this order:
 *
 * 1. the account the merchant named (a checkout's client reference, else the customer's metadata
 *    `referral_account_id`), created if absent, as identification does; tied to the customer (its
 *    earlier customer, if any, replaced, as POST /discount does) unless the customer is tied to another
 *    account here (IN_USE);
 * 2. the account the customer is tied to;
 * 3. with `codeAccount` and a referral code typed at the processor: the account whose id is the
 *    customer's id (created if absent, as Braintree's `service_coupon` path does), to be attributed.
 *
 * NONE otherwise. With `waitsForTie` (the event is kept WAITING when NONE), the decision is taken under
 * the customer's lock that tying it takes too (processor-notifications.repo.ts lockCustomer), so a tie
 * committed meanwhile is seen, or releases this event once it is parked.
 */
export async function resolveAccount(
  trx: DbOrTrx,
  tenantId: string,
  facts: BillingFacts,
  options: { codeAccount: boolean; waitsForTie: boolean },
): Promise<ResolvedAccount> {
  const accounts = createAccountsRepo(trx);
  const { customerId, namedAccountId } = facts;
  const holderOf = async () =>
    customerId ? await accounts.findByPaymentProviderId(tenantId, customerId, trx) : undefined;
  const known = await holderOf();
  if (namedAccountId) {
    if (known && known.id !== namedAccountId) {
      return { kind: 'IN_USE', namedAccountId, holderId: known.id };
    }
    const { account } = await accounts.ensureLocked(tenantId, namedAccountId, trx);
    return { kind: 'ACCOUNT', account, tie: customerId };
  }
  const tied = async (holder: AccountRow | undefined): Promise<ResolvedAccount | null> => {
    const account = holder && (await accounts.lock(tenantId, holder.id, trx));
    return account ? { kind: 'ACCOUNT', account, tie: null } : null;
  };
  const found = await tied(known);
  if (found) return found;
  if (options.codeAccount && facts.code && customerId) {
    const { account } = await accounts.ensureLocked(tenantId, customerId, trx);
    return { kind: 'ACCOUNT', account, tie: account.payment_provider_id ? null : customerId };
  }
  if (!options.waitsForTie || !customerId) return { kind: 'NONE' };
  await createProcessorNotificationsRepo(trx).lockCustomer(tenantId, customerId, trx);
  return (await tied(await holderOf())) ?? { kind: 'NONE' };
}
