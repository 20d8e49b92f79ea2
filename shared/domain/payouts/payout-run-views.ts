import { csvRecord } from '../../csv-cell';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { createPayoutsRepo, type PayoutStatus } from '../../repos/payouts.repo';
import { presentPayout, presentRun, type PayoutRunView, type PayoutView } from './payout-views';

/** A run's payouts counted and summed by status. */
export interface PayoutRunTotal {
  status: PayoutStatus;
  count: number;
  amountCents: number;
}

/** The tenant's runs, newest first. */
export async function listPayoutRuns(
  db: Db,
  tenant: { id: string; alias: string },
  limit: number,
): Promise<PayoutRunView[]> {
  return (await createPayoutsRepo(db).listRuns(tenant.id, limit)).map((r) => presentRun(r, tenant.alias));
}

/** One run of the tenant; another tenant's or an unknown id is NOT_FOUND. */
export async function getPayoutRun(
  db: Db,
  tenant: { id: string; alias: string },
  runId: string,
): Promise<PayoutRunView> {
  const run = await createPayoutsRepo(db).findRun(tenant.id, runId);
  if (!run) throw new AppError('NOT_FOUND', `No payout run ${runId}`);
  return presentRun(run, tenant.alias);
}

/** A run's payouts (of a run the caller found for this tenant). */
export async function payoutsOfRun(db: Db, tenantId: string, runId: string): Promise<PayoutView[]> {
  return (await createPayoutsRepo(db).runPayouts(tenantId, runId)).map(presentPayout);
}

export async function totalsOfRun(db: Db, runId: string): Promise<PayoutRunTotal[]> {
  const counts = await createPayoutsRepo(db).statusCounts(runId);
  return Object.entries(counts).map(([status, t]) => ({
    status: status as PayoutStatus,
    count: t.count,
    amountCents: t.cents,
  }));
}

const CSV_COLUMNS = [
  'payout_id',
  'account_id',
  'method',
  'amount_cents',
  'currency',
  'status',
  'provider_ref',
  'provider_message',
  'created_at',
  'sent_at',
  'settled_at',
];

/** A run's payouts as CSV (one row per payout, formula-like cells neutralised): the portal's download. */
export async function payoutRunCsv(
  db: Db,
  tenant: { id: string; alias: string },
  runId: string,
): Promise<string> {
  const run = await getPayoutRun(db, tenant, runId);
  const rows = (await payoutsOfRun(db, tenant.id, run.id)).map((p) =>
    csvRecord([
      p.id,
      p.accountId,
      p.method,
      String(p.amountCents),
      p.currency,
      p.status,
      p.providerRef ?? '',
      p.providerMessage ?? '',
      p.createdAt,
      p.sentAt ?? '',
      p.settledAt ?? '',
    ]),
  );
  return [csvRecord(CSV_COLUMNS), ...rows].join('');
}
