import type { DbOrTrx } from '../db/knex';

export type OperatorRole = 'OWNER' | 'ADMIN' | 'VIEWER';

/** An operator of the admin portal; `email` is stored lower-case. */
export interface OperatorRow {
  id: string;
  tenant_id: string;
  email: string;
  password_hash: string;
  role: OperatorRole;
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
