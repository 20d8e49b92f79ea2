import type { Db } from '../../db/knex';
import { createLedgerRepo } from '../../repos/ledger.repo';
import { createPayeesRepo } from '../../repos/payees.repo';
import { createPayoutsRepo } from '../../repos/payouts.repo';
import { presentPayee, requireAccount, type PayeeView } from './payout-methods';
import { presentPayout, type PayoutView } from './payout-views';

/** A referrer's cash in one currency, from the ledger. */
export interface CashBalance {
  currency: string;
  /** What they hold now; below zero, a clawback they owe back from later earnings. */
  availableCents: number;
  /** Earned, not released yet (held or under review). */
  pendingCents: number;
  /** Reserved by a run or sent, not final yet. */
  inFlightCents: number;
  paidOutCents: number;
}

export interface ReferrerPayouts {
  payee: PayeeView;
  balances: CashBalance[];
  /** The most recent payouts, newest first. */
  payouts: PayoutView[];
}

/** What the referrer (widget, API) sees of their payouts: method, cash balances, recent payouts. */
export async function getReferrerPayouts(
  db: Db,
  tenantId: string,
  accountId: string,
): Promise<ReferrerPayouts> {
  await requireAccount(db, tenantId, accountId);
  const books = await createLedgerRepo(db).balances(tenantId, accountId, 'CASH');
  return {
    payee: presentPayee(accountId, await createPayeesRepo(db).find(tenantId, accountId)),
    balances: books.map((b) => ({
      currency: b.unit,
      availableCents: Number(b.available),
      pendingCents: Number(b.pending),
      inFlightCents: Number(b.payout_reserved) + Number(b.payout_sent),
      paidOutCents: Number(b.paid_out),
    })),
    payouts: (await createPayoutsRepo(db).accountPayouts(tenantId, accountId, 20)).map(presentPayout),
  };
}
