import type { DbOrTrx } from '../../db/knex';
import type { ProcessorSubscription } from '../../processors/payment-processor';
import type { AccountRow } from '../../repos/accounts.repo';
import { createProcessorRefundsRepo } from '../../repos/processor-refunds.repo';
import type { ReferralRow } from '../../repos/referrals.repo';
import { processorPayment } from './payment-reports';
import { recordPaymentReversal, recordRuleOccurrences } from './rule-occurrences';

/** Braintree statuses of a charge that went through (or is going through) settlement. */
const PAID_STATUSES = new Set(['submitted_for_settlement', 'settling', 'settlement_pending', 'settled']);

/**
 * What a processor notification about a subscription tells the rules: each charge of the subscription
 * that went through is a payment (`braintree:<transaction id>`, recorded once however many notifications
 * list it), and each charge with a refund of the merchant's is reversed by the first one (a refund the
 * discount sync issued is not the merchant's). Inside the notification's
 * transaction, under the account's lock; answers the new payments' ids.
 */
export async function recordSubscriptionPayments(
  trx: DbOrTrx,
  referral: ReferralRow | null,
  account: AccountRow,
  subscription: ProcessorSubscription | null,
): Promise<string[]> {
  if (!subscription || !referral || referral.rule_version === null || referral.rule_version === undefined) {
    return [];
  }
  const charges = subscription.transactions.filter((t) => PAID_STATUSES.has(t.status) && t.amountCents > 0);
  const recorded = await recordRuleOccurrences(
    trx,
    referral,
    charges.map((t) => processorPayment(t, account.currency)),
  );
  const refunded = charges.filter((t) => t.refundIds.length > 0);
  if (refunded.length === 0) return recorded;
  // The friend's discount that the discount sync refunded on a first charge made without it is ours,
  // not the merchant's: it reverses nothing.
  const ours = new Set(
    (await createProcessorRefundsRepo(trx).listByAccount(account.tenant_id, account.id, trx)).map(
      (r) => r.refund_id,
    ),
  );
  for (const charge of refunded) {
    const merchants = charge.refundIds.find((id) => !ours.has(id));
    if (merchants === undefined) continue;
    await recordPaymentReversal(trx, account.tenant_id, `braintree:${charge.id}`, {
      kind: 'REFUND',
      ref: merchants,
      at: new Date(),
    });
  }
  return recorded;
}

/** A dispute of a charge (its transaction id) reverses the rewards the charge gave, once. */
export async function recordDisputedPayment(
  trx: DbOrTrx,
  tenantId: string,
  transactionId: string,
  at: Date,
): Promise<boolean> {
  return recordPaymentReversal(trx, tenantId, `braintree:${transactionId}`, {
    kind: 'CHARGEBACK',
    ref: transactionId,
    at,
  });
}
