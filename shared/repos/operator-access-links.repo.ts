import type { DbOrTrx } from '../db/knex';

export type AccessLinkPurpose = 'invite' | 'reset';

/** A one-time link to set an operator's password (migration 018); only the token's SHA-256 is kept. */
export interface AccessLinkRow {
  token_hash: Buffer;
  tenant_id: string;
  operator_id: string;
  purpose: AccessLinkPurpose;
  created_at: Date;
  expires_at: Date;
}

export function createAccessLinksRepo(db: DbOrTrx) {
  return {
    /** Replaces the operator's link, if any: a re-issued link kills the old one. */
    async replace(row: Omit<AccessLinkRow, 'created_at'>, trx: DbOrTrx = db): Promise<void> {
      await trx('operator_access_links').where({ operator_id: row.operator_id }).delete();
      await trx('operator_access_links').insert(row);
    },

    /** Deletes and returns the link with this token hash (consumed whether or not it is still valid). */
    async take(tokenHash: Buffer, trx: DbOrTrx = db): Promise<AccessLinkRow | undefined> {
      const [row] = await trx('operator_access_links')
        .where({ token_hash: tokenHash })
        .delete()
        .returning('*');
      return row as AccessLinkRow | undefined;
    },

    async find(tokenHash: Buffer, trx: DbOrTrx = db): Promise<AccessLinkRow | undefined> {
      return trx<AccessLinkRow>('operator_access_links').where({ token_hash: tokenHash }).first();
    },

    async removeForOperator(operatorId: string, trx: DbOrTrx = db): Promise<void> {
      await trx('operator_access_links').where({ operator_id: operatorId }).delete();
    },
  };
}
