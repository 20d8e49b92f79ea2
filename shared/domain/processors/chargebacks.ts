import type { DbOrTrx } from '../../db/knex';
import { createAccountsRepo, type AccountRow } from '../../repos/accounts.repo';
import { createReferralsRepo } from '../../repos/referrals.repo';
import { recordPaymentReversal } from '../programs/rule-occurrences';

/**
 * A charge-back of an account the transaction has locked, by either processor: recorded on the account
 * once (`charged_back_at`), and its referral marked lifecycle-pending in the same transaction, so the
 * lifecycle's reconcile cancels the rewards still held then (settleRewards). The disputed charge's
 * payment (`braintree:…`/`stripe:…`), when given, is reversed once, whatever the dispute's state.
 * Answers whether the account's charge-back was recorded by this call (a later dispute: false).
 */
export async function recordChargeback(
  trx: DbOrTrx,
  account: AccountRow,
  at: Date,
  payment: { paymentId: string; ref: string } | null,
): Promise<boolean> {
  const recorded = await createAccountsRepo(trx).recordChargeback(account.tenant_id, account.id, at, trx);
  if (payment) {
    await recordPaymentReversal(trx, account.tenant_id, payment.paymentId, {
      kind: 'CHARGEBACK',
      ref: payment.ref,
      at,
    });
  }
  const referrals = createReferralsRepo(trx);
  const referral = await referrals.findByReferredAccount(account.tenant_id, account.id, trx);
  // An ENDED referral's rewards were cancelled when it ended; its workflow has finished.
  if (recorded && referral && referral.status !== 'ENDED') {
    await referrals.markLifecyclePending(referral.id, trx);
  }
  return recorded !== undefined;
}
