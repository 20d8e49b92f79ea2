import type { Knex } from 'knex';
import type { DbOrTrx } from '../db/knex';

export type StoredFileKind = 'UPLOAD' | 'RESULT';

/** Advisory-lock class of "a tenant's stored files" (the object id is the tenant id's hash). */
const STORED_FILES_LOCK = 1_407_007;

export function createStoredFilesRepo(db: DbOrTrx) {
  const usage = async (tenantId: string, trx: DbOrTrx = db): Promise<number> => {
    const [row] = await trx('stored_files')
      .where('tenant_id', tenantId)
      .sum<{ total: string | null }[]>('bytes as total');
    return Number(row?.total ?? 0);
  };
  return {
    /** Bytes of the files the tenant keeps in file storage (uploads and result files). */
    usage,

    /**
     * Records an upload if the tenant's usage with it stays within `quotaBytes`, under a per-tenant lock so
     * that concurrent uploads that each saw room cannot pass the quota together. Returns the usage before
     * it, and whether it was recorded.
     */
    async recordWithin(
      tenantId: string,
      file: { ref: string; bytes: number },
      quotaBytes: number,
    ): Promise<{ recorded: boolean; usedBytes: number }> {
      const run = async (trx: Knex.Transaction) => {
        await trx.raw('select pg_advisory_xact_lock(?::int, hashtext(?::text))', [
          STORED_FILES_LOCK,
          tenantId,
        ]);
        const used = await usage(tenantId, trx);
        if (used + file.bytes > quotaBytes) return { recorded: false, usedBytes: used };
        await trx('stored_files').insert({
          tenant_id: tenantId,
          file_ref: file.ref,
          kind: 'UPLOAD',
          bytes: file.bytes,
        });
        return { recorded: true, usedBytes: used };
      };
      return db.isTransaction ? run(db as Knex.Transaction) : (db as Knex).transaction(run);
    },

    /** Records (or re-records, when rewritten) a file the service wrote itself; it counts, but is never refused. */
    async record(
      tenantId: string,
      file: { ref: string; bytes: number; kind: StoredFileKind },
    ): Promise<void> {
      await db('stored_files')
        .insert({ tenant_id: tenantId, file_ref: file.ref, kind: file.kind, bytes: file.bytes })
        .onConflict(['tenant_id', 'file_ref'])
        .merge(['bytes', 'kind']);
    },

    async remove(tenantId: string, ref: string): Promise<void> {
      await db('stored_files').where({ tenant_id: tenantId, file_ref: ref }).delete();
    },
  };
}
