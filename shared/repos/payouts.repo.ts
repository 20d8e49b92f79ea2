import type { DbOrTrx } from '../db/knex';
import type { PayoutMethodName } from './payees.repo';

export type PayoutRunStatus =
  'RESERVING' | 'AWAITING_APPROVAL' | 'SENDING' | 'SETTLING' | 'COMPLETED' | 'CANCELLED';
export type PayoutStatus = 'RESERVED' | 'SENT' | 'PAID' | 'FAILED' | 'RETURNED' | 'UNCLAIMED' | 'CANCELLED';

export interface PayoutRunRow {
  id: string;
  tenant_id: string;
  program_id: string;
  status: PayoutRunStatus;
  trigger: 'MANUAL' | 'SCHEDULE';
  requested_by: string;
  approved_by: string | null;
  payees: number;
  created_at: Date;
  approved_at: Date | null;
  finished_at: Date | null;
}

export interface PayoutRow {
  id: string;
  tenant_id: string;
  run_id: string;
  account_id: string;
  program_id: string;
  method_type: PayoutMethodName;
  amount_cents: string;
  currency: string;
  batch_no: number;
  status: PayoutStatus;
  provider_ref: string | null;
  provider_message: string | null;
  created_at: Date;
  sent_at: Date | null;
  settled_at: Date | null;
}

/** A referrer's cash in one program and currency, with what they hold in that currency overall. */
export interface PayableRow {
  account_id: string;
  unit: string;
  /** Available in this program. */
  program_available: string;
  /** Available in all programs (below zero: a clawback not paid down yet). */
  available: string;
}

/** Batches a run's payouts are sent in, per method: at most this many payouts each. */
export const PAYOUT_BATCH_SIZE = 500;

export function createPayoutsRepo(db: DbOrTrx) {
  return {
    async insertRun(
      row: Pick<PayoutRunRow, 'id' | 'tenant_id' | 'program_id' | 'status' | 'trigger' | 'requested_by'>,
      trx: DbOrTrx = db,
    ): Promise<{ run: PayoutRunRow; created: boolean }> {
      const [inserted] = await trx('payout_runs').insert(row).onConflict('id').ignore().returning('*');
      if (inserted) return { run: inserted as PayoutRunRow, created: true };
      return { run: (await trx<PayoutRunRow>('payout_runs').where({ id: row.id }).first())!, created: false };
    },

    async findRun(tenantId: string, id: string, trx: DbOrTrx = db): Promise<PayoutRunRow | undefined> {
      return trx<PayoutRunRow>('payout_runs').where({ tenant_id: tenantId, id }).first();
    },

    async lockRun(tenantId: string, id: string, trx: DbOrTrx): Promise<PayoutRunRow | undefined> {
      return trx<PayoutRunRow>('payout_runs').where({ tenant_id: tenantId, id }).forUpdate().first();
    },

    async listRuns(tenantId: string, limit: number, trx: DbOrTrx = db): Promise<PayoutRunRow[]> {
      return trx<PayoutRunRow>('payout_runs')
        .where({ tenant_id: tenantId })
        .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
        .limit(limit);
    },

    async updateRun(
      id: string,
      columns: Partial<Omit<PayoutRunRow, 'id' | 'tenant_id'>> | Record<string, unknown>,
      trx: DbOrTrx = db,
    ): Promise<PayoutRunRow> {
      const [row] = await trx('payout_runs').where({ id }).update(columns).returning('*');
      return row as PayoutRunRow;
    },

    /**
     * Referrers of a program with cash available there of at least `minimum` in a currency, after
     * `afterAccount` in account order (a page of `limit`), with what they hold in that currency overall.
     */
    async payables(
      tenantId: string,
      programId: string,
      minimum: number,
      afterAccount: string,
      limit: number,
      trx: DbOrTrx = db,
    ): Promise<PayableRow[]> {
      const { rows } = await trx.raw(
        `with program as (
           select t.account_id, t.unit, sum(e.amount) as program_available
           from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.book = 'available'
           where t.tenant_id = ? and t.reward_type = 'CASH' and t.program_id = ? and t.account_id > ?
           group by t.account_id, t.unit
           having sum(e.amount) >= ?
           order by t.account_id, t.unit
           limit ?
         )
         select p.account_id, p.unit, p.program_available,
                (select coalesce(sum(e.amount), 0)
                 from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.book = 'available'
                 where t.tenant_id = ? and t.reward_type = 'CASH' and t.account_id = p.account_id
                   and t.unit = p.unit) as available
         from program p order by p.account_id, p.unit`,
        [tenantId, programId, afterAccount, Math.max(1, minimum), limit, tenantId],
      );
      return rows;
    },

    /** One payee's cash in a currency now: in the program, and overall (read under the payee's lock). */
    async payable(
      tenantId: string,
      accountId: string,
      programId: string,
      unit: string,
      trx: DbOrTrx,
    ): Promise<{ program_available: number; available: number }> {
      const { rows } = await trx.raw(
        `select coalesce(sum(e.amount) filter (where t.program_id = ?), 0) as program_available,
                coalesce(sum(e.amount), 0) as available
         from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.book = 'available'
         where t.tenant_id = ? and t.reward_type = 'CASH' and t.account_id = ? and t.unit = ?`,
        [programId, tenantId, accountId, unit],
      );
      return { program_available: Number(rows[0].program_available), available: Number(rows[0].available) };
    },

    /** What a payee was paid (or is being paid) in a currency since a time: for the tax threshold. */
    async paidSince(
      tenantId: string,
      accountId: string,
      unit: string,
      since: Date,
      trx: DbOrTrx,
    ): Promise<number> {
      const row = await trx('payouts')
        .where({ tenant_id: tenantId, account_id: accountId, currency: unit })
        .whereIn('status', ['RESERVED', 'SENT', 'PAID'])
        .where('created_at', '>=', since)
        .sum({ total: 'amount_cents' })
        .first();
      return Number(row?.total ?? 0);
    },

    async insertPayout(
      row: Omit<
        PayoutRow,
        'created_at' | 'sent_at' | 'settled_at' | 'provider_ref' | 'provider_message' | 'amount_cents'
      > & {
        amount_cents: number;
      },
      trx: DbOrTrx,
    ): Promise<PayoutRow | undefined> {
      const [inserted] = await trx('payouts')
        .insert(row)
        .onConflict(['run_id', 'account_id', 'currency'])
        .ignore()
        .returning('*');
      return inserted as PayoutRow | undefined;
    },

    /** Numbers the run's reserved payouts into batches: per method, in account order, 1, 2, … overall. */
    async assignBatches(runId: string, trx: DbOrTrx = db): Promise<number> {
      await trx.raw(
        `with numbered as (
           select id, method_type,
                  (row_number() over (partition by method_type order by account_id, currency) - 1) / ? as n
           from payouts where run_id = ?
         ), batches as (
           select method_type, n, dense_rank() over (order by method_type, n) as batch_no
           from (select distinct method_type, n from numbered) d
         )
         update payouts p set batch_no = b.batch_no
         from numbered x join batches b on b.method_type = x.method_type and b.n = x.n
         where p.id = x.id`,
        [PAYOUT_BATCH_SIZE, runId],
      );
      const row = await trx('payouts').where({ run_id: runId }).max({ n: 'batch_no' }).first();
      return Number(row?.n ?? 0);
    },

    async batch(runId: string, batchNo: number, trx: DbOrTrx = db): Promise<PayoutRow[]> {
      return trx<PayoutRow>('payouts').where({ run_id: runId, batch_no: batchNo }).orderBy('id');
    },

    async lockPayout(tenantId: string, id: string, trx: DbOrTrx): Promise<PayoutRow | undefined> {
      return trx<PayoutRow>('payouts').where({ tenant_id: tenantId, id }).forUpdate().first();
    },

    async updatePayout(id: string, columns: Record<string, unknown>, trx: DbOrTrx): Promise<PayoutRow> {
      const [row] = await trx('payouts').where({ id }).update(columns).returning('*');
      return row as PayoutRow;
    },

    async runPayouts(tenantId: string, runId: string, trx: DbOrTrx = db): Promise<PayoutRow[]> {
      return trx<PayoutRow>('payouts')
        .where({ tenant_id: tenantId, run_id: runId })
        .orderBy(['account_id', 'currency']);
    },

    /** The run's batches that still have payouts sent and not final. */
    async unsettledBatches(runId: string, trx: DbOrTrx = db): Promise<number[]> {
      const rows = await trx('payouts')
        .where({ run_id: runId, status: 'SENT' })
        .distinct('batch_no')
        .orderBy('batch_no');
      return rows.map((r: { batch_no: number }) => r.batch_no);
    },

    async accountPayouts(
      tenantId: string,
      accountId: string,
      limit: number,
      trx: DbOrTrx = db,
    ): Promise<PayoutRow[]> {
      return trx<PayoutRow>('payouts')
        .where({ tenant_id: tenantId, account_id: accountId })
        .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
        .limit(limit);
    },

    /** The run's payouts counted by status. */
    async statusCounts(
      runId: string,
      trx: DbOrTrx = db,
    ): Promise<Record<string, { count: number; cents: number }>> {
      const rows = await trx('payouts')
        .where({ run_id: runId })
        .groupBy('status')
        .select(
          'status',
          trx.raw('count(*)::int as count'),
          trx.raw('coalesce(sum(amount_cents), 0) as cents'),
        );
      return Object.fromEntries(
        (rows as { status: string; count: number; cents: string }[]).map((r) => [
          r.status,
          { count: r.count, cents: Number(r.cents) },
        ]),
      );
    },
  };
}
