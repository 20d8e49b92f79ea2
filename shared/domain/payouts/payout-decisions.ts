import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { createLedgerRepo } from '../../repos/ledger.repo';
import { createPayoutsRepo, type PayoutRunRow } from '../../repos/payouts.repo';
import type { PayoutRunRef } from './payout-runs';
import { cancelTransition } from './payout-transitions';
import { presentPayout, presentRun, type PayoutRunView, type PayoutView } from './payout-views';

/** Where a run waiting for an operator stands: approved (send it), cancelled, or still waiting. */
export type PayoutRunDecision = 'APPROVED' | 'CANCELLED' | 'WAITING';

export async function payoutRunDecision(db: Db, ref: PayoutRunRef): Promise<PayoutRunDecision> {
  const run = await createPayoutsRepo(db).findRun(ref.tenantId, ref.runId);
  if (!run || run.status === 'CANCELLED') return 'CANCELLED';
  return run.status === 'AWAITING_APPROVAL' || run.status === 'RESERVING' ? 'WAITING' : 'APPROVED';
}

/** Marks a run as sending (after its reservation without approval, or its approval). */
export async function markRunSending(db: Db, ref: PayoutRunRef): Promise<void> {
  await db('payout_runs')
    .where({ tenant_id: ref.tenantId, id: ref.runId })
    .whereIn('status', ['RESERVING', 'AWAITING_APPROVAL', 'SENDING'])
    .update({ status: 'SENDING' });
}

export async function markRunSettling(db: Db, ref: PayoutRunRef): Promise<void> {
  await db('payout_runs')
    .where({ tenant_id: ref.tenantId, id: ref.runId, status: 'SENDING' })
    .update({ status: 'SETTLING' });
}

function notFound(id: string) {
  return new AppError('NOT_FOUND', `No payout run ${id}`);
}

/**
 * An operator approves a run awaiting approval: it is sent (the caller tells its workflow). A run
 * approved before answers as it is; a run in another state is CONFLICT.
 */
export async function approvePayoutRun(
  db: Db,
  tenant: { id: string; alias: string },
  runId: string,
  approvedBy: string,
): Promise<PayoutRunView> {
  return db.transaction(async (trx) => {
    const repo = createPayoutsRepo(trx);
    const run = await repo.lockRun(tenant.id, runId, trx);
    if (!run) throw notFound(runId);
    if (run.approved_by !== null) return presentRun(run, tenant.alias);
    if (run.status !== 'AWAITING_APPROVAL') {
      throw new AppError('CONFLICT', `Payout run ${runId} is ${run.status}, not awaiting approval`);
    }
    const approved = await repo.updateRun(
      run.id,
      { status: 'SENDING', approved_by: approvedBy, approved_at: trx.raw('clock_timestamp()') },
      trx,
    );
    return presentRun(approved, tenant.alias);
  });
}

const CANCELLABLE: PayoutRunRow['status'][] = ['RESERVING', 'AWAITING_APPROVAL'];

/**
 * Cancels what has not been sent: a whole run still reserving or awaiting approval (its reserved
 * payouts go back to the payees' balances), or one payout of it. A run already sending is CONFLICT.
 */
export async function cancelPayoutRun(
  db: Db,
  tenant: { id: string; alias: string },
  runId: string,
): Promise<PayoutRunView> {
  return db.transaction(async (trx) => {
    const repo = createPayoutsRepo(trx);
    const run = await repo.lockRun(tenant.id, runId, trx);
    if (!run) throw notFound(runId);
    if (run.status === 'CANCELLED') return presentRun(run, tenant.alias);
    if (!CANCELLABLE.includes(run.status)) {
      throw new AppError(
        'CONFLICT',
        `Payout run ${runId} is ${run.status}: what was sent cannot be cancelled`,
      );
    }
    const ledger = createLedgerRepo(trx);
    for (const payout of await repo.runPayouts(tenant.id, run.id, trx)) {
      const change = cancelTransition(payout.status, Number(payout.amount_cents));
      if (!change) continue;
      for (const p of change.postings) await ledger.postPayout(payout, p.kind, p.moves, trx, p.reverses);
      await repo.updatePayout(
        payout.id,
        { status: change.status, settled_at: trx.raw('clock_timestamp()') },
        trx,
      );
    }
    const cancelled = await repo.updateRun(
      run.id,
      { status: 'CANCELLED', finished_at: trx.raw('clock_timestamp()') },
      trx,
    );
    return presentRun(cancelled, tenant.alias);
  });
}

/** Cancels one payout of a run not sent yet (the operator holds that payee for this run). */
export async function cancelPayout(db: Db, tenantId: string, payoutId: string): Promise<PayoutView> {
  return db.transaction(async (trx) => {
    const repo = createPayoutsRepo(trx);
    // The run first, then the payout: the order cancelPayoutRun locks them in.
    const found = await trx('payouts').where({ tenant_id: tenantId, id: payoutId }).first('run_id');
    if (!found) throw new AppError('NOT_FOUND', `No payout ${payoutId}`);
    const run = await repo.lockRun(tenantId, found.run_id, trx);
    const payout = (await repo.lockPayout(tenantId, payoutId, trx))!;
    if (payout.status === 'CANCELLED') return presentPayout(payout);
    if (!CANCELLABLE.includes(run!.status) || payout.status !== 'RESERVED') {
      throw new AppError('CONFLICT', `Payout ${payoutId} was sent: it can no longer be cancelled`);
    }
    const change = cancelTransition(payout.status, Number(payout.amount_cents))!;
    const ledger = createLedgerRepo(trx);
    for (const p of change.postings) await ledger.postPayout(payout, p.kind, p.moves, trx, p.reverses);
    // The run pays one payee fewer.
    await trx('payout_runs').where({ id: payout.run_id }).decrement('payees', 1);
    return presentPayout(
      await repo.updatePayout(
        payout.id,
        { status: 'CANCELLED', settled_at: trx.raw('clock_timestamp()') },
        trx,
      ),
    );
  });
}
