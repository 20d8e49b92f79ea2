import type { DbOrTrx } from '../db/knex';
import { inTransaction, notifyTenantChanged } from '../db/notify';
import type { ProcessorEnvironment } from '../types/processors';

export type ProcessorName = 'BRAINTREE' | 'STRIPE';

export interface ProcessorConnectionRow {
  tenant_id: string;
  processor: ProcessorName;
  environment: ProcessorEnvironment;
  /** Braintree's merchant id; Stripe's account id when the key may read it. */
  merchant_id: string | null;
  /** Braintree's public key (Stripe has none). */
  public_key: string | null;
  /** Braintree's private key or Stripe's secret key, sealed (shared/crypto/secret-box.ts). */
  private_key_sealed: string;
  /** Stripe: the key's kind, mode and last four characters, e.g. `sk_test_…4242`. */
  key_hint: string | null;
  /** Stripe: the webhook endpoint we created (null when the merchant registered it by hand). */
  webhook_endpoint_id: string | null;
  /** Stripe: the endpoint's signing secret, sealed; null until known. */
  webhook_secret_sealed: string | null;
  connected_at: Date;
}

export function createProcessorConnectionsRepo(db: DbOrTrx) {
  return {
    async find(tenantId: string, trx: DbOrTrx = db): Promise<ProcessorConnectionRow | undefined> {
      return trx<ProcessorConnectionRow>('processor_connections').where({ tenant_id: tenantId }).first();
    },

    /** One connection per tenant: connecting again replaces the keys (and restamps connected_at). */
    async upsert(
      row: Omit<
        ProcessorConnectionRow,
        'connected_at' | 'key_hint' | 'webhook_endpoint_id' | 'webhook_secret_sealed'
      > &
        Partial<Pick<ProcessorConnectionRow, 'key_hint' | 'webhook_endpoint_id' | 'webhook_secret_sealed'>>,
      trx: DbOrTrx = db,
    ): Promise<ProcessorConnectionRow> {
      const full = { key_hint: null, webhook_endpoint_id: null, webhook_secret_sealed: null, ...row };
      // Gateways cache which processor a tenant has (tenants.repo findWithActiveKeys): dropped at commit.
      return inTransaction(trx, async (t) => {
        const [saved] = await t<ProcessorConnectionRow>('processor_connections')
          .insert(full)
          .onConflict('tenant_id')
          .merge({ ...full, connected_at: t.fn.now() } as never)
          .returning('*');
        await notifyTenantChanged(t, row.tenant_id, 'tenant');
        return saved as ProcessorConnectionRow;
      });
    },

    async remove(tenantId: string, trx: DbOrTrx = db): Promise<boolean> {
      return inTransaction(trx, async (t) => {
        const removed = (await t('processor_connections').where({ tenant_id: tenantId }).delete()) > 0;
        if (removed) await notifyTenantChanged(t, tenantId, 'tenant');
        return removed;
      });
    },
  };
}
