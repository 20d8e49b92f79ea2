import type { DbOrTrx } from '../db/knex';
import type { SubscriptionStatus } from '../types/referrals';

export interface AccountRow {
  tenant_id: string;
  id: string;
  subscription_status: SubscriptionStatus | null;
  billing_interval_type: string | null;
  billing_interval_value: number | null;
  subscription_value: string | null;
  currency: string;
  payment_provider_id: string | null;
  first_paid_at: Date | null;
  first_user_at: Date | null;
  last_cancelled_at: Date | null;
  never_referable: boolean;
  processor_status_at: Date | null;
  /** When a charge of its processor customer was first disputed (a charge-back); set once. */
  charged_back_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type AccountChanges = Partial<
  Pick<
    AccountRow,
    | 'subscription_status'
    | 'billing_interval_type'
    | 'billing_interval_value'
    | 'subscription_value'
    | 'currency'
    | 'payment_provider_id'
    | 'never_referable'
    | 'processor_status_at'
  >
>;

/** Facts are stamped with clock_timestamp() under the row lock, so their order is the order applied. */
export type AccountFact = 'first_paid_at' | 'first_user_at' | 'last_cancelled_at';

export function createAccountsRepo(db: DbOrTrx) {
  return {
    async findMany(
      tenantId: string,
      accountIds: readonly string[],
      trx: DbOrTrx = db,
    ): Promise<AccountRow[]> {
      if (accountIds.length === 0) return [];
      return trx<AccountRow>('accounts')
        .where('tenant_id', tenantId)
        .whereIn('id', [...accountIds]);
    },

    async find(tenantId: string, accountId: string, trx: DbOrTrx = db): Promise<AccountRow | undefined> {
      return trx<AccountRow>('accounts').where({ tenant_id: tenantId, id: accountId }).first();
    },

    /**
     * Creates the account if it is new and locks its row for the rest of the transaction: every change to
     * one account (and its referral) is serialized by this lock.
     */
    async ensureLocked(
      tenantId: string,
      accountId: string,
      trx: DbOrTrx,
    ): Promise<{ account: AccountRow; created: boolean }> {
      const inserted = await trx('accounts')
        .insert({ tenant_id: tenantId, id: accountId })
        .onConflict(['tenant_id', 'id'])
        .ignore()
        .returning('id');
      const account = await trx<AccountRow>('accounts')
        .where({ tenant_id: tenantId, id: accountId })
        .forUpdate()
        .first();
      return { account: account!, created: inserted.length > 0 };
    },

    async lock(tenantId: string, accountId: string, trx: DbOrTrx): Promise<AccountRow | undefined> {
      return trx<AccountRow>('accounts').where({ tenant_id: tenantId, id: accountId }).forUpdate().first();
    },

    /**
     * Locks the tenant's accounts among `accountIds` with one statement, in the order of their ids' code
     * points (as JavaScript sorts them), the order every multi-account lock takes; answers them.
     */
    async lockMany(tenantId: string, accountIds: readonly string[], trx: DbOrTrx): Promise<AccountRow[]> {
      if (accountIds.length === 0) return [];
      return trx<AccountRow>('accounts')
        .where({ tenant_id: tenantId })
        .whereIn('id', accountIds)
        .orderByRaw('id collate "C"')
        .forUpdate();
    },

    /** Deletes the account; its referral (as the referred side) and that referral's rewards cascade. */
    async delete(tenantId: string, accountId: string, trx: DbOrTrx): Promise<void> {
      await trx('accounts').where({ tenant_id: tenantId, id: accountId }).delete();
    },

    async update(
      tenantId: string,
      accountId: string,
      changes: AccountChanges,
      facts: { set?: AccountFact[]; setIfNull?: AccountFact[] },
      trx: DbOrTrx,
    ): Promise<AccountRow> {
      const stamp: Record<string, unknown> = {};
      for (const f of facts.set ?? []) stamp[f] = trx.raw('clock_timestamp()');
      for (const f of facts.setIfNull ?? []) stamp[f] = trx.raw(`coalesce(??, clock_timestamp())`, [f]);
      const [row] = await trx<AccountRow>('accounts')
        .where({ tenant_id: tenantId, id: accountId })
        .update({ ...changes, ...stamp, updated_at: trx.raw('clock_timestamp()') } as never)
        .returning('*');
      return row as AccountRow;
    },

    /**
     * Records a charge-back of the account at `at` unless one is recorded already (the first wins);
     * the updated row, or undefined when it had one.
     */
    async recordChargeback(
      tenantId: string,
      accountId: string,
      at: Date,
      trx: DbOrTrx,
    ): Promise<AccountRow | undefined> {
      const [row] = await trx<AccountRow>('accounts')
        .where({ tenant_id: tenantId, id: accountId })
        .whereNull('charged_back_at')
        .update({ charged_back_at: at, updated_at: trx.raw('clock_timestamp()') } as never)
        .returning('*');
      return row as AccountRow | undefined;
    },

    async findByPaymentProviderId(
      tenantId: string,
      paymentProviderId: string,
      trx: DbOrTrx = db,
    ): Promise<AccountRow | undefined> {
      return trx<AccountRow>('accounts')
        .where({ tenant_id: tenantId, payment_provider_id: paymentProviderId })
        .first();
    },
  };
}
