import type { DbOrTrx } from '../db/knex';

export type PayoutMethodName = 'PAYPAL' | 'STRIPE_CONNECT' | 'GIFT_CARD';
export type PayoutSchedule = 'MANUAL' | 'WEEKLY' | 'MONTHLY';

export interface PayeeRow {
  tenant_id: string;
  account_id: string;
  method_type: PayoutMethodName | null;
  /** The method's details as JSON, sealed (shared/crypto/secret-box.ts) with the tenant id. */
  method_sealed: string | null;
  /** What may be shown: `j•••@example.com`, `acct_…1234`. */
  method_masked: string | null;
  method_updated_at: Date | null;
  tax_form_received: boolean;
  tax_country: string | null;
  held_at: Date | null;
  held_reason: string | null;
  created_at: Date;
}

export interface PayoutPolicyRow {
  tenant_id: string;
  program_id: string;
  minimum_cents: string;
  schedule: PayoutSchedule;
  require_approval: boolean;
  updated_at: Date;
}

export interface PayoutConnectionRow {
  tenant_id: string;
  provider: 'PAYPAL' | 'GIFT_CARD';
  client_id: string | null;
  secret_sealed: string;
  webhook_secret_sealed: string | null;
  key_hint: string;
  created_at: Date;
}

/** Payees, payout policies and payout-provider connections: one tenant's payout set-up. */
export function createPayeesRepo(db: DbOrTrx) {
  return {
    async find(tenantId: string, accountId: string, trx: DbOrTrx = db): Promise<PayeeRow | undefined> {
      return trx<PayeeRow>('payees').where({ tenant_id: tenantId, account_id: accountId }).first();
    },

    async findMany(tenantId: string, accountIds: string[], trx: DbOrTrx = db): Promise<PayeeRow[]> {
      if (accountIds.length === 0) return [];
      return trx<PayeeRow>('payees').where({ tenant_id: tenantId }).whereIn('account_id', accountIds);
    },

    /** Creates the payee or changes the given columns; answers it as it now is. */
    async upsert(
      tenantId: string,
      accountId: string,
      columns: Partial<Omit<PayeeRow, 'tenant_id' | 'account_id' | 'created_at'>>,
      trx: DbOrTrx = db,
    ): Promise<PayeeRow> {
      const [row] = await trx('payees')
        .insert({ tenant_id: tenantId, account_id: accountId, ...columns })
        .onConflict(['tenant_id', 'account_id'])
        .merge(columns as never)
        .returning('*');
      return row as PayeeRow;
    },

    async policy(
      tenantId: string,
      programId: string,
      trx: DbOrTrx = db,
    ): Promise<PayoutPolicyRow | undefined> {
      return trx<PayoutPolicyRow>('payout_policies')
        .where({ tenant_id: tenantId, program_id: programId })
        .first();
    },

    async savePolicy(
      row: Omit<PayoutPolicyRow, 'updated_at' | 'minimum_cents'> & { minimum_cents: number },
      trx: DbOrTrx = db,
    ): Promise<PayoutPolicyRow> {
      const [saved] = await trx('payout_policies')
        .insert(row)
        .onConflict(['tenant_id', 'program_id'])
        .merge({ ...row, updated_at: trx.raw('clock_timestamp()') } as never)
        .returning('*');
      return saved as PayoutPolicyRow;
    },

    /** Programs whose payouts run on a schedule, with the tenant's alias. */
    async scheduledPolicies(trx: DbOrTrx = db): Promise<(PayoutPolicyRow & { alias: string })[]> {
      return trx('payout_policies as p')
        .join('tenants as t', 't.id', 'p.tenant_id')
        .whereNot('p.schedule', 'MANUAL')
        .select('p.*', 't.alias');
    },

    async connection(
      tenantId: string,
      provider: PayoutConnectionRow['provider'],
      trx: DbOrTrx = db,
    ): Promise<PayoutConnectionRow | undefined> {
      return trx<PayoutConnectionRow>('payout_connections').where({ tenant_id: tenantId, provider }).first();
    },

    async connections(tenantId: string, trx: DbOrTrx = db): Promise<PayoutConnectionRow[]> {
      return trx<PayoutConnectionRow>('payout_connections')
        .where({ tenant_id: tenantId })
        .orderBy('provider');
    },

    async saveConnection(row: Omit<PayoutConnectionRow, 'created_at'>, trx: DbOrTrx = db): Promise<void> {
      await trx('payout_connections')
        .insert(row)
        .onConflict(['tenant_id', 'provider'])
        .merge({ ...row, created_at: trx.raw('clock_timestamp()') } as never);
    },

    async removeConnection(
      tenantId: string,
      provider: PayoutConnectionRow['provider'],
      trx: DbOrTrx = db,
    ): Promise<boolean> {
      return (await trx('payout_connections').where({ tenant_id: tenantId, provider }).delete()) > 0;
    },

    async taxThreshold(tenantId: string, trx: DbOrTrx = db): Promise<number | null> {
      const row = await trx('tenants').where({ id: tenantId }).first('payout_tax_threshold_cents');
      return row?.payout_tax_threshold_cents == null ? null : Number(row.payout_tax_threshold_cents);
    },

    async setTaxThreshold(tenantId: string, cents: number | null, trx: DbOrTrx = db): Promise<void> {
      await trx('tenants').where({ id: tenantId }).update({ payout_tax_threshold_cents: cents });
    },
  };
}
