import { invalid, newId, parseAmount, type Json, type MerchantState, type SandboxTransaction } from './store';

/* Refunds, and the settlement steps that Braintree's sandbox lets tests drive (gateway.testing.*). */

/** Braintree refunds only what has settled (or is settling); before that a sale can only be voided. */
const REFUNDABLE = new Set(['settled', 'settling']);

export function refund(merchant: MerchantState, original: SandboxTransaction, req: Json): SandboxTransaction {
  const path = ['transaction'];
  if (original.type === 'credit') throw invalid(path, 'base', '91505', 'Cannot refund credit.');
  if (!REFUNDABLE.has(original.status)) {
    throw invalid(path, 'base', '91506', 'Cannot refund transaction unless it is settled.');
  }
  const refunded = original.refundIds.reduce(
    (sum, id) => sum + (merchant.transactions.get(id)?.amountCents ?? 0),
    0,
  );
  const remaining = original.amountCents - refunded;
  const amountCents = req.amount === undefined || req.amount === null ? remaining : parseAmount(req.amount);
  if (amountCents === null) throw invalid(path, 'amount', '81503', 'Amount is an invalid format.');
  if (remaining <= 0) throw invalid(path, 'base', '91512', 'Transaction has already been fully refunded.');
  if (amountCents <= 0) throw invalid(path, 'amount', '81531', 'Amount must be greater than zero.');
  if (amountCents > remaining) throw invalid(path, 'amount', '91521', 'Refund amount is too large.');
  const now = new Date();
  const credit: SandboxTransaction = {
    ...original,
    id: newId(merchant.transactions),
    type: 'credit',
    status: 'submitted_for_settlement',
    amountCents,
    discounts: [],
    refundIds: [],
    refundedTransactionId: original.id,
    createdAt: now,
    updatedAt: now,
  };
  merchant.transactions.set(credit.id, credit);
  original.refundIds.push(credit.id);
  original.updatedAt = now;
  return credit;
}

const SETTLEMENT_STEPS: Record<string, { from: string[]; to: string }> = {
  settle: { from: ['submitted_for_settlement', 'settling', 'settlement_pending'], to: 'settled' },
  settlement_pending: { from: ['submitted_for_settlement'], to: 'settlement_pending' },
  settlement_confirm: { from: ['submitted_for_settlement', 'settlement_pending'], to: 'settled' },
  settlement_decline: { from: ['submitted_for_settlement', 'settlement_pending'], to: 'settlement_declined' },
};

export const SETTLEMENT_OPERATIONS = Object.keys(SETTLEMENT_STEPS);

/** PUT /transactions/{id}/{operation}, the sandbox-only calls behind the SDK's gateway.testing. */
export function simulateSettlement(txn: SandboxTransaction, operation: string): SandboxTransaction {
  const step = SETTLEMENT_STEPS[operation];
  if (!step || !step.from.includes(txn.status)) {
    throw invalid(
      ['transaction'],
      'base',
      '91575',
      'Cannot transition transaction to settled, settlement_confirmed, or settlement_declined',
    );
  }
  Object.assign(txn, { status: step.to, updatedAt: new Date() });
  return txn;
}
