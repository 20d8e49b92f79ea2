import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { idempotencyKeySchema } from '../../idempotency';
import { createLedgerRepo } from '../../repos/ledger.repo';
import { createPayeesRepo } from '../../repos/payees.repo';
import { createPayoutsRepo, type PayoutRunRow } from '../../repos/payouts.repo';
import type { PayoutRunRef } from '../../types/payouts';
import { programIdSchema } from '../programs/program-state';
import { getProgramView } from '../programs/programs';
import { payableAmount, payoutBlocker, yearStart } from './payout-eligibility';
import { getPayoutPolicy } from './payout-setup';
import { presentRun, type PayoutRunView } from './payout-views';

export const createPayoutRunSchema = z.strictObject({
  programId: programIdSchema.optional(),
  idempotencyKey: idempotencyKeySchema.optional(),
});

/** A run's id from the tenant and the request's idempotency key: a retried request names the same run. */
export function payoutRunId(tenantId: string, key: string | undefined): string {
  if (!key) return crypto.randomUUID();
  const hex = crypto.createHash('sha256').update(`payout-run:${tenantId}:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const OPEN: PayoutRunRow['status'][] = ['RESERVING', 'AWAITING_APPROVAL', 'SENDING'];

/**
 * Records a payout run of a program (RESERVING); the caller starts its workflow. The same key answers
 * the same run (created: false); a program with a run still reserving, awaiting approval or sending has
 * CONFLICT, naming it.
 */
export async function createPayoutRun(
  db: Db,
  tenant: { id: string; alias: string },
  input: z.output<typeof createPayoutRunSchema>,
  who: { requestedBy: string; trigger: 'MANUAL' | 'SCHEDULE' },
): Promise<{ run: PayoutRunView; created: boolean }> {
  const tenantId = tenant.id;
  const program = await getProgramView(db, tenantId, input.programId);
  const id = payoutRunId(tenantId, input.idempotencyKey);
  return db.transaction(async (trx) => {
    // One open run per program at a time: the program's runs are decided one after another.
    await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 37))', [`${tenantId}:${program.id}`]);
    const repo = createPayoutsRepo(trx);
    const existing = await repo.findRun(tenantId, id, trx);
    if (existing) return { run: presentRun(existing, tenant.alias), created: false };
    const open = await trx('payout_runs')
      .where({ tenant_id: tenantId, program_id: program.id })
      .whereIn('status', OPEN)
      .first('id');
    if (open) {
      throw new AppError('CONFLICT', `Payout run ${open.id} of this program is not finished yet`, {
        fields: { runId: open.id },
      });
    }
    const { run, created } = await repo.insertRun(
      {
        id,
        tenant_id: tenantId,
        program_id: program.id,
        status: 'RESERVING',
        trigger: who.trigger,
        requested_by: who.requestedBy,
      },
      trx,
    );
    return { run: presentRun(run, tenant.alias), created };
  });
}

/** Referrers reserved per page (one transaction each). */
export const RESERVE_PAGE = 200;

/**
 * Reserves one page of a run's payouts, after `after` in account order: for each referrer with cash of
 * the program at or above the minimum and nothing blocking them (payoutBlocker), under their ledger lock,
 * a payout of what they hold and its PAYOUT_RESERVED transaction (available → payout_reserved). A page
 * reserved before (a retried activity) reserves nothing again. Answers where the next page starts.
 */
export async function reservePayoutPage(
  db: Db,
  ref: PayoutRunRef,
  after: string,
): Promise<{ next: string | null; reserved: number }> {
  const run = await createPayoutsRepo(db).findRun(ref.tenantId, ref.runId);
  if (!run || run.status !== 'RESERVING') return { next: null, reserved: 0 };
  const policy = await getPayoutPolicy(db, ref.tenantId, run.program_id);
  const threshold = await createPayeesRepo(db).taxThreshold(ref.tenantId);
  return db.transaction(async (trx) => {
    const payouts = createPayoutsRepo(trx);
    const page = await payouts.payables(
      ref.tenantId,
      run.program_id,
      policy.minimumCents,
      after,
      RESERVE_PAGE,
      trx,
    );
    const payees = new Map(
      (
        await createPayeesRepo(trx).findMany(ref.tenantId, [...new Set(page.map((p) => p.account_id))], trx)
      ).map((p) => [p.account_id, p]),
    );
    const ledger = createLedgerRepo(trx);
    let reserved = 0;
    for (const row of page) {
      await ledger.lockReferrer(ref.tenantId, row.account_id, trx);
      const now = await payouts.payable(ref.tenantId, row.account_id, run.program_id, row.unit, trx);
      const payee = payees.get(row.account_id);
      const candidate = {
        payee,
        programAvailable: now.program_available,
        available: now.available,
        minimumCents: policy.minimumCents,
        taxThresholdCents: threshold,
        paidThisYear:
          threshold === null
            ? 0
            : await payouts.paidSince(ref.tenantId, row.account_id, row.unit, yearStart(new Date()), trx),
      };
      if (payoutBlocker(candidate) !== null) continue;
      const amount = payableAmount(candidate);
      const payout = await payouts.insertPayout(
        {
          id: crypto.randomUUID(),
          tenant_id: ref.tenantId,
          run_id: run.id,
          account_id: row.account_id,
          program_id: run.program_id,
          method_type: payee!.method_type!,
          amount_cents: amount,
          currency: row.unit,
          batch_no: 0,
          status: 'RESERVED',
        },
        trx,
      );
      if (!payout) continue;
      await ledger.postPayout(
        payout,
        'PAYOUT_RESERVED',
        { available: -amount, payout_reserved: amount },
        trx,
      );
      reserved += 1;
    }
    if (reserved > 0) await trx('payout_runs').where({ id: run.id }).increment('payees', reserved);
    return { next: page.length < RESERVE_PAGE ? null : page[page.length - 1]!.account_id, reserved };
  });
}

/**
 * Ends a run's reservation: its payouts numbered into batches, and the run AWAITING_APPROVAL when the
 * program asks for it, SENDING otherwise (COMPLETED when there is nothing to pay). A repeat answers the
 * same.
 */
export async function closeReservation(
  db: Db,
  ref: PayoutRunRef,
): Promise<{ batches: number; status: PayoutRunRow['status'] }> {
  return db.transaction(async (trx) => {
    const repo = createPayoutsRepo(trx);
    const run = await repo.lockRun(ref.tenantId, ref.runId, trx);
    if (!run) throw new AppError('NOT_FOUND', `No payout run ${ref.runId}`);
    if (run.status !== 'RESERVING') {
      const max = await trx('payouts').where({ run_id: run.id }).max({ n: 'batch_no' }).first();
      return { batches: Number(max?.n ?? 0), status: run.status };
    }
    const batches = await repo.assignBatches(run.id, trx);
    const policy = await getPayoutPolicy(trx, ref.tenantId, run.program_id);
    const status = batches === 0 ? 'COMPLETED' : policy.requireApproval ? 'AWAITING_APPROVAL' : 'SENDING';
    await repo.updateRun(
      run.id,
      { status, ...(status === 'COMPLETED' ? { finished_at: trx.raw('clock_timestamp()') } : {}) },
      trx,
    );
    return { batches, status };
  });
}

export type { PayoutRunRef };
