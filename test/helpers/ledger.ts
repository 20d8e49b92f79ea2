import type { Db } from '../../shared/db/knex';
import { isAppError } from '../../shared/errors';
import { verifyLedger, type LedgerViolation } from '../../shared/domain/ledger/ledger-verify';

/** Every invariant of the tenant's ledger (by id or alias): the violations, none when it is consistent. */
export async function ledgerViolations(
  db: Db,
  tenant: { id: string } | { alias: string },
): Promise<LedgerViolation[]> {
  const alias =
    'alias' in tenant ? tenant.alias : (await db('tenants').where({ id: tenant.id }).first('alias')).alias;
  return (await verifyLedger(db, alias)).violations;
}

/** The database's clock now: tenants created from then on are those `ledgerViolationsSince` checks. */
export async function databaseNow(db: Db): Promise<Date> {
  return (await db.raw('select clock_timestamp() as now')).rows[0].now;
}

/**
 * The violations in the ledgers of every tenant created since `since` (each with its tenant's alias): a
 * scenario's end check. A tenant deleted meanwhile is skipped.
 */
export async function ledgerViolationsSince(
  db: Db,
  since: Date,
): Promise<(LedgerViolation & { tenantAlias: string })[]> {
  // Only tenants with money in them: one with neither a ledger row nor a reward cannot break anything.
  const tenants: { alias: string }[] = await db('tenants as t')
    .where('t.created_at', '>=', since)
    .where((q) =>
      q
        .whereExists(db('ledger_transactions as l').whereRaw('l.tenant_id = t.id'))
        .orWhereExists(db('rewards as r').whereRaw('r.tenant_id = t.id')),
    )
    .select('t.alias');
  const found: (LedgerViolation & { tenantAlias: string })[] = [];
  for (const { alias } of tenants) {
    try {
      const report = await verifyLedger(db, alias);
      found.push(...report.violations.map((v) => ({ ...v, tenantAlias: alias })));
    } catch (err) {
      if (!(isAppError(err) && err.apiErrorCode === 'NOT_FOUND')) throw err;
    }
  }
  return found;
}
