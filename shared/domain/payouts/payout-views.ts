import { payoutRunWorkflowId } from '../../ids';
import type { PayoutRow, PayoutRunRow } from '../../repos/payouts.repo';

/** A payout run as the API, the portal and the CSV show it. */
export interface PayoutRunView {
  id: string;
  programId: string;
  status: PayoutRunRow['status'];
  trigger: PayoutRunRow['trigger'];
  requestedBy: string;
  approvedBy: string | null;
  payees: number;
  createdAt: string;
  approvedAt: string | null;
  finishedAt: string | null;
  /** The run's workflow (Temporal's UI shows it under this id). */
  workflowId: string;
}

export interface PayoutView {
  id: string;
  runId: string;
  accountId: string;
  programId: string;
  method: PayoutRow['method_type'];
  amountCents: number;
  currency: string;
  status: PayoutRow['status'];
  /** The provider's id of the payment (PayPal item, Stripe transfer, gift-card order). */
  providerRef: string | null;
  /** The provider's own words on a failure, return or unclaimed payout. */
  providerMessage: string | null;
  createdAt: string;
  sentAt: string | null;
  settledAt: string | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentRun(row: PayoutRunRow, tenantAlias: string): PayoutRunView {
  return {
    id: row.id,
    programId: row.program_id,
    status: row.status,
    trigger: row.trigger,
    requestedBy: row.requested_by,
    approvedBy: row.approved_by,
    payees: row.payees,
    createdAt: row.created_at.toISOString(),
    approvedAt: iso(row.approved_at),
    finishedAt: iso(row.finished_at),
    workflowId: payoutRunWorkflowId(tenantAlias, row.id),
  };
}

export function presentPayout(row: PayoutRow): PayoutView {
  return {
    id: row.id,
    runId: row.run_id,
    accountId: row.account_id,
    programId: row.program_id,
    method: row.method_type,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    status: row.status,
    providerRef: row.provider_ref,
    providerMessage: row.provider_message,
    createdAt: row.created_at.toISOString(),
    sentAt: iso(row.sent_at),
    settledAt: iso(row.settled_at),
  };
}
