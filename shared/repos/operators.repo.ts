import type { DbOrTrx } from '../db/knex';

export type OperatorRole = 'OWNER' | 'ADMIN' | 'VIEWER';

/** An operator of the admin portal; `email` is stored lower-case. */
export interface OperatorRow {
  id: string;
  tenant_id: string;
  email: string;
  password_hash: string;
  role: OperatorRole;
  /** The same person's operator row in the twin tenant, when the two were linked (migration 021). */
  twin_operator_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export function createOperatorsRepo(db: DbOrTrx) {
  return {
    /** Inserts the operator, or returns undefined when the tenant has one with this e-mail. */
    async insert(
      row: { tenantId: string; email: string; passwordHash: string; role: OperatorRole },
      trx: DbOrTrx = db,
    ): Promise<OperatorRow | undefined> {
      const [inserted] = await trx<OperatorRow>('operators')
        .insert({
          tenant_id: row.tenantId,
          email: row.email,
          password_hash: row.passwordHash,
          role: row.role,
        })
        .onConflict(['tenant_id', 'email'])
        .ignore()
        .returning('*');
      return inserted as OperatorRow | undefined;
    },

    async findByEmail(tenantId: string, email: string, trx: DbOrTrx = db): Promise<OperatorRow | undefined> {
      return trx<OperatorRow>('operators').where({ tenant_id: tenantId, email }).first();
    },

    /**
     * Links two operator rows of twin tenants both ways, replacing whatever either was linked to (that
     * other row's link is cleared, so a link is always mutual).
     */
    async linkTwins(
      a: Pick<OperatorRow, 'id' | 'tenant_id'>,
      b: Pick<OperatorRow, 'id' | 'tenant_id'>,
      trx: DbOrTrx = db,
    ): Promise<void> {
      const ids = [a.id, b.id];
      await trx('operators')
        .whereIn('twin_operator_id', ids)
        .whereNotIn('id', ids)
        .update({ twin_operator_id: null });
      await trx('operators').where({ tenant_id: a.tenant_id, id: a.id }).update({ twin_operator_id: b.id });
      await trx('operators').where({ tenant_id: b.tenant_id, id: b.id }).update({ twin_operator_id: a.id });
    },

    /** The tenant's operators, counted under the tenant row's lock (the cap on operators per tenant). */
    async countLocked(tenantId: string, trx: DbOrTrx = db): Promise<number> {
      await trx('tenants').where({ id: tenantId }).forUpdate().first('id');
      const row = await trx('operators')
        .where({ tenant_id: tenantId })
        .count<{ count: string }[]>('* as count')
        .first();
      return Number(row?.count ?? 0);
    },

    async findById(tenantId: string, id: string, trx: DbOrTrx = db): Promise<OperatorRow | undefined> {
      return trx<OperatorRow>('operators').where({ tenant_id: tenantId, id }).first();
    },

    async list(tenantId: string, trx: DbOrTrx = db): Promise<OperatorRow[]> {
      return trx<OperatorRow>('operators')
        .where({ tenant_id: tenantId })
        .orderBy([
          { column: 'created_at', order: 'asc' },
          { column: 'email', order: 'asc' },
        ]);
    },

    /**
     * Locks the tenant's OWNER rows for the rest of the transaction and returns their ids, so two
     * concurrent demotions or removals cannot each see another OWNER left and remove both.
     */
    async lockOwnerIds(tenantId: string, trx: DbOrTrx = db): Promise<string[]> {
      const rows = await trx<OperatorRow>('operators')
        .where({ tenant_id: tenantId, role: 'OWNER' })
        .orderBy('id')
        .forUpdate()
        .select('id');
      return rows.map((r) => r.id);
    },

    async update(
      tenantId: string,
      id: string,
      changes: Partial<Pick<OperatorRow, 'role' | 'password_hash'>>,
      trx: DbOrTrx = db,
    ): Promise<OperatorRow | undefined> {
      const [row] = await trx('operators')
        .where({ tenant_id: tenantId, id })
        .update({ ...changes, updated_at: trx.fn.now() })
        .returning('*');
      return row as OperatorRow | undefined;
    },

    /** Deletes the operator (its sessions go with it); false when there was none. */
    async remove(tenantId: string, id: string, trx: DbOrTrx = db): Promise<boolean> {
      return (await trx('operators').where({ tenant_id: tenantId, id }).delete()) > 0;
    },
  };
}
