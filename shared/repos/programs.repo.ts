import type { DbOrTrx } from '../db/knex';
import { inTransaction, notifyTenantChanged } from '../db/notify';

/** A tenant's program other than the default one (migration 032). */
export interface ProgramRow {
  tenant_id: string;
  id: string;
  name: string;
  /** JSON: the program's own settings (ownProgramSettings reads it). */
  settings: unknown;
  created_at: Date;
  archived_at: Date | null;
}

/** Gateways cache a tenant with its programs: every change tells them when it commits. */
export function createProgramsRepo(db: DbOrTrx) {
  return {
    async list(tenantId: string, trx: DbOrTrx = db): Promise<ProgramRow[]> {
      return trx<ProgramRow>('programs').where({ tenant_id: tenantId }).orderBy('created_at').orderBy('id');
    },

    async find(tenantId: string, id: string, trx: DbOrTrx = db): Promise<ProgramRow | undefined> {
      return trx<ProgramRow>('programs').where({ tenant_id: tenantId, id }).first();
    },

    async insert(
      row: { tenantId: string; id: string; name: string; settings: object },
      trx: DbOrTrx = db,
    ): Promise<ProgramRow> {
      return inTransaction(trx, async (t) => {
        const [inserted] = await t<ProgramRow>('programs')
          .insert({
            tenant_id: row.tenantId,
            id: row.id,
            name: row.name,
            settings: JSON.stringify(row.settings),
          })
          .returning('*');
        await notifyTenantChanged(t, row.tenantId);
        return inserted!;
      });
    },

    /** Replaces the name and own settings; undefined when there is no such program. */
    async update(
      tenantId: string,
      id: string,
      changes: { name?: string; settings?: object; archivedAt?: Date },
      trx: DbOrTrx = db,
    ): Promise<ProgramRow | undefined> {
      return inTransaction(trx, async (t) => {
        const [row] = await t<ProgramRow>('programs')
          .where({ tenant_id: tenantId, id })
          .update({
            ...(changes.name !== undefined ? { name: changes.name } : {}),
            ...(changes.settings !== undefined ? { settings: JSON.stringify(changes.settings) } : {}),
            ...(changes.archivedAt !== undefined ? { archived_at: changes.archivedAt } : {}),
          })
          .returning('*');
        if (row) await notifyTenantChanged(t, tenantId);
        return row;
      });
    },

    /** Locks the program's row for the rest of the transaction (a settings change reads, then writes). */
    async lock(tenantId: string, id: string, trx: DbOrTrx): Promise<ProgramRow | undefined> {
      return trx<ProgramRow>('programs').where({ tenant_id: tenantId, id }).forUpdate().first();
    },
  };
}
