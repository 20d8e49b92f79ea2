import type { DbOrTrx } from '../db/knex';
import { inTransaction, notifyTenantChanged } from '../db/notify';

export interface UserRow {
  tenant_id: string;
  account_id: string;
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  locale: string | null;
  share_code: string | null;
  created_at: Date;
  updated_at: Date;
}

export type UserChanges = Partial<
  Pick<UserRow, 'email' | 'first_name' | 'last_name' | 'locale' | 'share_code'>
>;

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

    async listByAccount(tenantId: string, accountId: string, trx: DbOrTrx = db): Promise<UserRow[]> {
      return trx<UserRow>('users')
        .where({ tenant_id: tenantId, account_id: accountId })
        .orderBy('created_at');
    },

    async anyInAccount(tenantId: string, accountId: string, trx: DbOrTrx = db): Promise<boolean> {
      const row = await trx('users').where({ tenant_id: tenantId, account_id: accountId }).first('id');
      return row !== undefined;
    },

    /** Deletes one user (its referral codes cascade, its events do not); false when there was none. */
    async delete(tenantId: string, accountId: string, userId: string, trx: DbOrTrx): Promise<boolean> {
      const deleted = await trx('users')
        .where({ tenant_id: tenantId, account_id: accountId, id: userId })
        .delete();
      return deleted > 0;
    },

    async insert(
      user: { tenantId: string; accountId: string; id: string } & UserChanges,
      trx: DbOrTrx,
    ): Promise<UserRow> {
      const { tenantId, accountId, ...rest } = user;
      const [row] = await trx<UserRow>('users')
        .insert({ tenant_id: tenantId, account_id: accountId, ...rest } as never)
        .returning('*');
      return row as UserRow;
    },

    /**
     * A name change alters the referrerName of the user's codes, which gateways cache: they are told at
     * commit, and only when a name really changes (clients resend the same names on every identify).
     */
    async update(
      tenantId: string,
      accountId: string,
      userId: string,
      changes: UserChanges,
      trx: DbOrTrx,
    ): Promise<UserRow> {
      const key = { tenant_id: tenantId, account_id: accountId, id: userId };
      const names = (['first_name', 'last_name'] as const).filter((c) => changes[c] !== undefined);
      const write = async (t: DbOrTrx) => {
        if (names.length > 0) {
          const renamed = t('users')
            .select(t.raw('1'))
            .where(key)
            .andWhere((q) => {
              for (const column of names)
                q.orWhereRaw('?? is distinct from ?', [column, changes[column] ?? null]);
            });
          await notifyTenantChanged(t, tenantId, 'codes', renamed);
        }
        const [row] = await t<UserRow>('users')
          .where(key)
          .update({ ...changes, updated_at: t.fn.now() } as never)
          .returning('*');
        return row as UserRow;
      };
      return names.length > 0 ? inTransaction(trx, write) : write(trx);
    },
  };
}
