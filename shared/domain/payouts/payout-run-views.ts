import { csvRecord } from '../../csv-cell';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { createPayoutsRepo, type PayoutStatus } from '../../repos/payouts.repo';
import { presentPayout, presentRun, type PayoutRunView, type PayoutView } from './payout-views';

/** A run with its payouts and the totals by status (the portal's run page, the run's CSV). */
export interface PayoutRunDetail extends PayoutRunView {
  payouts: PayoutView[];
  totals: { status: PayoutStatus; count: number; amountCents: number }[];
}

/** The tenant's runs, newest first. */
export async function listPayoutRuns(
  db: Db,
  tenant: { id: string; alias: string },
  limit: number,
): Promise<PayoutRunView[]> {
  return (await createPayoutsRepo(db).listRuns(tenant.id, limit)).map((r) => presentRun(r, tenant.alias));
}

/** One run of the tenant with its payouts; another tenant's or an unknown id is NOT_FOUND. */
export async function getPayoutRun(
  db: Db,
  tenant: { id: string; alias: string },
  runId: string,
): Promise<PayoutRunDetail> {
  const repo = createPayoutsRepo(db);
  const run = await repo.findRun(tenant.id, runId);
  if (!run) throw new AppError('NOT_FOUND', `No payout run ${runId}`);
  const counts = await repo.statusCounts(run.id);
  return {
    ...presentRun(run, tenant.alias),
    payouts: (await repo.runPayouts(tenant.id, run.id)).map(presentPayout),
    totals: Object.entries(counts).map(([status, t]) => ({
      status: status as PayoutStatus,
      count: t.count,
      amountCents: t.cents,
    })),
  };
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
  const rows = run.payouts.map((p) =>
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
