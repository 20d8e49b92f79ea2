import type { DbOrTrx } from '../db/knex';

/** User ids deleted with doNotTrack: identification and imports never create them again. */
export function createDoNotTrackRepo(db: DbOrTrx) {
  return {
    async has(tenantId: string, accountId: string, userId: string, trx: DbOrTrx = db): Promise<boolean> {
      const row = await trx('do_not_track')
        .where({ tenant_id: tenantId, account_id: accountId, user_id: userId })
        .first();
      return row !== undefined;
    },

    /** Remembers the id; remembering it again changes nothing. */
    async remember(tenantId: string, accountId: string, userId: string, trx: DbOrTrx): Promise<void> {
      await trx('do_not_track')
        .insert({ tenant_id: tenantId, account_id: accountId, user_id: userId })
        .onConflict(['tenant_id', 'account_id', 'user_id'])
        .ignore();
    },
  };
}
