import type { DbOrTrx } from '../../db/knex';
import type { ProcessorSubscription } from '../../processors/payment-processor';
import type { AccountRow } from '../../repos/accounts.repo';
import { createProcessorRefundsRepo } from '../../repos/processor-refunds.repo';
import type { ReferralRow } from '../../repos/referrals.repo';
import { processorPayment } from './payment-reports';
import { recordPaymentRefunded, recordPaymentReversal, recordRuleOccurrences } from './rule-occurrences';

/** Braintree statuses of a charge that went through (or is going through) settlement. */
const PAID_STATUSES = new Set(['submitted_for_settlement', 'settling', 'settlement_pending', 'settled']);

/**
 * What a processor notification about a subscription tells the rules: each charge of the subscription
 * that went through is a payment (`braintree:<transaction id>`, recorded once however many notifications
 * list it), and each charge with refunds of the merchant's is reversed by them (a refund the discount sync
 * issued is not the merchant's): refunded in full (the merchant's refunds with the service's own), the
 * whole of what it gave; in part, the share the merchant's refunded total is of the charge
 * (`refundAmounts`: each refund's amount, as the processor answered it; a refund missing there counts as
 * nothing yet). Inside the notification's transaction, under the account's lock; answers the new
 * payments' ids.
 */
export async function recordSubscriptionPayments(
  trx: DbOrTrx,
  referral: ReferralRow | null,
  account: AccountRow,
  subscription: ProcessorSubscription | null,
  refundAmounts: ReadonlyMap<string, number>,
): Promise<string[]> {
  if (!subscription || !referral || referral.rule_version === null || referral.rule_version === undefined) {
    return [];
  }
  const charges = subscription.transactions.filter((t) => PAID_STATUSES.has(t.status) && t.amountCents > 0);
  const recorded = await recordRuleOccurrences(
    trx,
    referral,
    charges.map((t) =>
      processorPayment(
        'braintree',
        { id: t.id, amountCents: t.amountCents, at: t.createdAt },
        account.currency,
      ),
    ),
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
    const merchants = charge.refundIds.filter((id) => !ours.has(id));
    const ref = merchants.at(-1);
    if (ref === undefined) continue;
    const paymentId = `braintree:${charge.id}`;
    const sum = (ids: string[]) => ids.reduce((total, id) => total + (refundAmounts.get(id) ?? 0), 0);
    const refundedCents = sum(merchants);
    // Refunded in full at the processor (the merchant's refunds with ours): the whole payment is reversed.
    if (refundedCents + sum(charge.refundIds.filter((id) => ours.has(id))) >= charge.amountCents) {
      await recordPaymentReversal(trx, account.tenant_id, paymentId, { kind: 'REFUND', ref, at: new Date() });
    } else if (refundedCents > 0) {
      await recordPaymentRefunded(trx, account.tenant_id, paymentId, { refundedCents, ref });
    }
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
