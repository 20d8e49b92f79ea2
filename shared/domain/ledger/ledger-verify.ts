import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { createLedgerRepo, type LedgerViolationRow } from '../../repos/ledger.repo';

/**
 * The ledger's invariants, our published guarantee (docs/payouts.md):
 *
 * - BALANCED: every transaction's entries sum to zero;
 * - REWARDS_MATCH: every reward's entries add up to the reward as it stands, book by book, and a removed
 *   reward's entries to nothing;
 * - NO_OVERDRAWN_PAYOUT: no payout reserved more than the referrer had available just before it;
 * - REVERSALS_POINT: every reversal points at what it reverses, which the ledger holds before it.
 */
export const LEDGER_INVARIANTS = [
  'BALANCED',
  'REWARDS_MATCH',
  'NO_OVERDRAWN_PAYOUT',
  'REVERSALS_POINT',
] as const;
export type LedgerInvariant = (typeof LEDGER_INVARIANTS)[number];

export interface LedgerViolation {
  invariant: LedgerInvariant;
  transactionId: string | null;
  rewardId: string | null;
  accountId: string | null;
  detail: string;
}

export interface LedgerReport {
  tenantAlias: string;
  transactions: number;
  entries: number;
  violations: LedgerViolation[];
}

function violations(invariant: LedgerInvariant, rows: LedgerViolationRow[]): LedgerViolation[] {
  return rows.map((r) => ({
    invariant,
    transactionId: r.transaction_id,
    rewardId: r.reward_id,
    accountId: r.account_id,
    detail: r.detail,
  }));
}

/**
 * Checks one tenant's ledger against every invariant, in one repeatable-read snapshot so that changes
 * committed meanwhile cannot make a consistent ledger look broken. Unknown alias: NOT_FOUND.
 */
export async function verifyLedger(db: Db, alias: string): Promise<LedgerReport> {
  return db.transaction(
    async (trx) => {
      const tenant = await trx('tenants').where({ alias }).first('id');
      if (!tenant) throw new AppError('NOT_FOUND', `No tenant "${alias}"`);
      const ledger = createLedgerRepo(trx);
      const counts = await trx.raw(
        `select (select count(*) from ledger_transactions where tenant_id = ?)::int as transactions,
                (select count(*) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
                 where t.tenant_id = ?)::int as entries`,
        [tenant.id, tenant.id],
      );
      return {
        tenantAlias: alias,
        transactions: counts.rows[0].transactions,
        entries: counts.rows[0].entries,
        violations: [
          ...violations('BALANCED', await ledger.unbalanced(tenant.id)),
          ...violations('REWARDS_MATCH', await ledger.rewardsOffLedger(tenant.id)),
          ...violations('NO_OVERDRAWN_PAYOUT', await ledger.overdrawnPayouts(tenant.id)),
          ...violations('REVERSALS_POINT', await ledger.danglingReversals(tenant.id)),
        ],
      };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/** The report as lines for a terminal: a summary, then one line per violation. */
export function formatLedgerReport(report: LedgerReport): string[] {
  const summary = `ledger of ${report.tenantAlias}: ${report.transactions} transactions, ${report.entries} entries, ${report.violations.length === 0 ? 'every invariant holds' : `${report.violations.length} violation(s)`}`;
  return [
    summary,
    ...report.violations.map(
      (v) =>
        `${v.invariant}\ttransaction=${v.transactionId ?? '-'}\treward=${v.rewardId ?? '-'}\taccount=${v.accountId ?? '-'}\t${v.detail}`,
    ),
  ];
}
