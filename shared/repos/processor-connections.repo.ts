import type { DbOrTrx } from '../db/knex';
import type { ProcessorEnvironment } from '../types/processors';

export interface ProcessorConnectionRow {
  tenant_id: string;
  processor: 'BRAINTREE';
  environment: ProcessorEnvironment;
  merchant_id: string;
  public_key: string;
  private_key_sealed: string;
  connected_at: Date;
}

export function createProcessorConnectionsRepo(db: DbOrTrx) {
  return {
    async find(tenantId: string, trx: DbOrTrx = db): Promise<ProcessorConnectionRow | undefined> {
      return trx<ProcessorConnectionRow>('processor_connections').where({ tenant_id: tenantId }).first();
    },

    /** One connection per tenant: connecting again replaces the keys (and restamps connected_at). */
    async upsert(
      row: Omit<ProcessorConnectionRow, 'connected_at'>,
      trx: DbOrTrx = db,
    ): Promise<ProcessorConnectionRow> {
      const [saved] = await trx<ProcessorConnectionRow>('processor_connections')
        .insert(row)
        .onConflict('tenant_id')
        .merge({ ...row, connected_at: trx.fn.now() } as never)
        .returning('*');
      return saved as ProcessorConnectionRow;
    },

    async remove(tenantId: string, trx: DbOrTrx = db): Promise<boolean> {
      return (await trx('processor_connections').where({ tenant_id: tenantId }).delete()) > 0;
    },
  };
}
