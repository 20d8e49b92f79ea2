import type { Db } from '../../db/knex';
import { createPayeesRepo } from '../../repos/payees.repo';
import { createPayoutsRepo } from '../../repos/payouts.repo';
import { getProgramView } from '../programs/programs';
import { payableAmount, payoutBlocker, yearStart, type PayoutBlocker } from './payout-eligibility';
import { presentPayee, type PayeeView } from './payout-methods';
import { getPayoutPolicy } from './payout-setup';

/** A reward behind what a referrer is owed: the rule that gave it and why. */
export interface PayoutReason {
  rewardId: string;
  amountCents: number;
  currency: string;
  ruleId: string | null;
  explanation: string | null;
  dateGiven: string;
}

/** One referrer's cash in a program: what a run would pay them, or why it would not. */
export interface DuePayee {
  accountId: string;
  currency: string;
  /** Available in the program, and in all programs (below zero: a clawback owed). */
  programAvailableCents: number;
  availableCents: number;
  /** What a run would pay now (0 when blocked). */
  payableCents: number;
  blocker: PayoutBlocker | null;
  payee: PayeeView;
  /** The most recent rewards behind the balance (at most five). */
  reasons: PayoutReason[];
}

/** Referrers listed per page of the due list. */
export const DUE_PAGE_MAX = 200;

/**
 * What is due in a program, by payee (account order, after `after`): every referrer holding cash there
 * (or owing it back), with the amount a run would pay, what blocks it, the payee's method and hold, and
 * the rewards behind it with their rules.
 */
export async function listPayoutsDue(
  db: Db,
  tenantId: string,
  options: { programId?: string; after?: string; limit: number },
): Promise<{ payees: DuePayee[]; next: string | null }> {
  const program = await getProgramView(db, tenantId, options.programId);
  const policy = await getPayoutPolicy(db, tenantId, program.id);
  const payees = createPayeesRepo(db);
  const threshold = await payees.taxThreshold(tenantId);
  const limit = Math.min(options.limit, DUE_PAGE_MAX);
  const { rows } = await db.raw(
    `select t.account_id, t.unit, sum(e.amount) as program_available,
            (select coalesce(sum(e2.amount), 0) from ledger_transactions t2
             join ledger_entries e2 on e2.transaction_id = t2.id and e2.book = 'available'
             where t2.tenant_id = t.tenant_id and t2.reward_type = 'CASH' and t2.account_id = t.account_id
               and t2.unit = t.unit) as available
     from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.book = 'available'
     where t.tenant_id = ? and t.reward_type = 'CASH' and t.program_id = ? and t.account_id > ?
     group by t.tenant_id, t.account_id, t.unit
     having sum(e.amount) <> 0
     order by t.account_id, t.unit
     limit ?`,
    [tenantId, program.id, options.after ?? '', limit + 1],
  );
  const page = (
    rows as { account_id: string; unit: string; program_available: string; available: string }[]
  ).slice(0, limit);
  const ids = [...new Set(page.map((r) => r.account_id))];
  const payeeRows = new Map((await payees.findMany(tenantId, ids)).map((p) => [p.account_id, p]));
  const reasons = await recentCashRewards(db, tenantId, program.id, ids);
  const repo = createPayoutsRepo(db);
  const due: DuePayee[] = [];
  for (const row of page) {
    const payee = payeeRows.get(row.account_id);
    const candidate = {
      payee,
      programAvailable: Number(row.program_available),
      available: Number(row.available),
      minimumCents: policy.minimumCents,
      taxThresholdCents: threshold,
      paidThisYear:
        threshold === null
          ? 0
          : await db.transaction((trx) =>
              repo.paidSince(tenantId, row.account_id, row.unit, yearStart(new Date()), trx),
            ),
    };
    const blocker = payoutBlocker(candidate);
    due.push({
      accountId: row.account_id,
      currency: row.unit,
      programAvailableCents: candidate.programAvailable,
      availableCents: candidate.available,
      payableCents: blocker ? 0 : payableAmount(candidate),
      blocker,
      payee: presentPayee(row.account_id, payee),
      reasons: (reasons.get(row.account_id) ?? []).filter((r) => r.currency === row.unit).slice(0, 5),
    });
  }
  return { payees: due, next: rows.length > limit ? page[page.length - 1]!.account_id : null };
}

async function recentCashRewards(
  db: Db,
  tenantId: string,
  programId: string,
  accountIds: string[],
): Promise<Map<string, PayoutReason[]>> {
  const byAccount = new Map<string, PayoutReason[]>();
  if (accountIds.length === 0) return byAccount;
  const rows = await db('rewards as r')
    .leftJoin('referrals as f', 'f.id', 'r.referral_id')
    .where({ 'r.tenant_id': tenantId, 'r.type': 'CASH', 'r.status': 'AVAILABLE' })
    .whereIn('r.account_id', accountIds)
    .where(db.raw("coalesce(f.program_id, 'default') = ?", [programId]))
    .orderBy([{ column: 'r.date_given', order: 'desc' }, { column: 'r.id' }])
    .select('r.id', 'r.account_id', 'r.amount_cents', 'r.unit', 'r.rule_id', 'r.explanation', 'r.date_given');
  for (const r of rows) {
    const list = byAccount.get(r.account_id) ?? [];
    list.push({
      rewardId: r.id,
      amountCents: Number(r.amount_cents),
      currency: r.unit,
      ruleId: r.rule_id,
      explanation: r.explanation,
      dateGiven: r.date_given.toISOString(),
    });
    byAccount.set(r.account_id, list);
  }
  return byAccount;
}
