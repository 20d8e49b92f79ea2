import type { DbOrTrx } from '../db/knex';

/**
 * 'account': key `alias:email` as typed; 'address': the client IP; 'device': the SHA-256 (hex) of a
 * trusted-device cookie, the small throttle of a sign-in from a device used before.
 */
export type LoginFailureScope = 'account' | 'address' | 'device';

/**
 * Failed admin sign-ins, counted over a sliding window by the login throttle. A row is written before
 * the password is checked (a reservation) and deleted again when the password was right.
 */
export function createLoginFailuresRepo(db: DbOrTrx) {
  return {
    /** Writes one row per scope; answers their ids (a success deletes them with `release`). */
    async record(
      entries: { scope: LoginFailureScope; key: string }[],
      at: Date,
      trx: DbOrTrx = db,
    ): Promise<string[]> {
      if (entries.length === 0) return [];
      const rows = (await trx('login_failures')
        .insert(entries.map((e) => ({ ...e, failed_at: at })))
        .returning('id')) as { id: string | number }[];
      return rows.map((r) => String(r.id));
    },

    /**
     * Serialises reservations for one scope and key until the transaction ends: a transaction-scoped
     * advisory lock, so parallel sign-ins to one account count one after another.
     */
    async lock(scope: LoginFailureScope, key: string, trx: DbOrTrx = db): Promise<void> {
      await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 28))', [`login:${scope}:${key}`]);
    },

    /** Failures since `since`, and the newest of them (the progressive delay runs from it). */
    async countSince(
      scope: LoginFailureScope,
      key: string,
      since: Date,
      trx: DbOrTrx = db,
    ): Promise<{ count: number; newest: Date | null }> {
      const row = (await trx('login_failures')
        .where({ scope, key })
        .andWhere('failed_at', '>', since)
        .first(trx.raw('count(*)::int as count'), trx.raw('max(failed_at) as newest'))) as
        { count: number; newest: Date | null } | undefined;
      return { count: row?.count ?? 0, newest: row?.newest ?? null };
    },

    /** Deletes reservations by id (a sign-in whose password was right). */
    async release(ids: string[], trx: DbOrTrx = db): Promise<void> {
      if (ids.length > 0) await trx('login_failures').whereIn('id', ids).delete();
    },

    async clear(scope: LoginFailureScope, key: string, trx: DbOrTrx = db): Promise<void> {
      await trx('login_failures').where({ scope, key }).delete();
    },

    /** Drops failures older than the window so the table stays small. */
    async pruneBefore(before: Date, trx: DbOrTrx = db): Promise<number> {
      return trx('login_failures').where('failed_at', '<=', before).delete();
    },
  };
}
