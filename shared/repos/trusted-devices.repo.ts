import type { DbOrTrx } from '../db/knex';

/** Trusted-device cookies of operators (only the SHA-256 of each cookie value is stored). */
export function createTrustedDevicesRepo(db: DbOrTrx) {
  return {
    async insert(row: {
      token_hash: Buffer;
      operator_id: string;
      tenant_id: string;
      created_at: Date;
      expires_at: Date;
    }): Promise<void> {
      await db('trusted_devices').insert({ ...row, last_used_at: row.created_at });
    },

    /** The unexpired device's tenant alias and operator e-mail. */
    async findAccount(tokenHash: Buffer, now: Date): Promise<{ alias: string; email: string } | undefined> {
      return (await db('trusted_devices as d')
        .join('operators as o', 'o.id', 'd.operator_id')
        .join('tenants as t', 't.id', 'd.tenant_id')
        .where('d.token_hash', tokenHash)
        .andWhere('d.expires_at', '>', now)
        .first('t.alias', 'o.email')) as { alias: string; email: string } | undefined;
    },

    async touch(tokenHash: Buffer, at: Date): Promise<void> {
      await db('trusted_devices').where('token_hash', tokenHash).update({ last_used_at: at });
    },

    async deleteExpired(now: Date): Promise<number> {
      return db('trusted_devices').where('expires_at', '<=', now).delete();
    },
  };
}
