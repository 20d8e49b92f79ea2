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
