import type { DbOrTrx } from '../db/knex';

export interface ProcessorRefundRow {
  tenant_id: string;
  transaction_id: string;
  account_id: string;
  subscription_id: string;
  amount_cents: string;
  refund_id: string | null;
  created_at: Date;
}

export function createProcessorRefundsRepo(db: DbOrTrx) {
  return {
    async find(tenantId: string, transactionId: string, trx: DbOrTrx = db) {
      return trx<ProcessorRefundRow>('processor_refunds')
        .where({ tenant_id: tenantId, transaction_id: transactionId })
        .first();
    },

    async listByAccount(tenantId: string, accountId: string, trx: DbOrTrx = db) {
      return trx<ProcessorRefundRow>('processor_refunds').where({
        tenant_id: tenantId,
        account_id: accountId,
      });
    },

    /** Records a refund once per transaction; a second record of the same transaction is ignored. */
    async record(
      row: Omit<ProcessorRefundRow, 'created_at' | 'amount_cents'> & { amount_cents: number },
      trx: DbOrTrx = db,
    ): Promise<void> {
      await trx('processor_refunds').insert(row).onConflict(['tenant_id', 'transaction_id']).ignore();
    },
  };
}
