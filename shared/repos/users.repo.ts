import type { DbOrTrx } from '../db/knex';

export interface UserRow {
  tenant_id: string;
  account_id: string;
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
}

export function createUsersRepo(db: DbOrTrx) {
  return {
    async find(
      tenantId: string,
      accountId: string,
      userId: string,
      trx: DbOrTrx = db,
    ): Promise<UserRow | undefined> {
      return trx<UserRow>('users').where({ tenant_id: tenantId, account_id: accountId, id: userId }).first();
    },
  };
}
