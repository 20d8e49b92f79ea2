import type { DbOrTrx } from '../db/knex';

/** 'account': key `tenant_id:email`, or `alias:email` for an unknown tenant; 'address': the client IP. */
export type LoginFailureScope = 'account' | 'address';

/** Failed admin sign-ins, counted over a sliding window by the login throttle. */
export function createLoginFailuresRepo(db: DbOrTrx) {
  return {
    async record(entries: { scope: LoginFailureScope; key: string }[], at: Date, trx: DbOrTrx = db) {
      await trx('login_failures').insert(entries.map((e) => ({ ...e, failed_at: at })));
    },

    /** Failures since `since`, and the oldest of them (when the window frees a slot). */
    async countSince(
      scope: LoginFailureScope,
      key: string,
      since: Date,
      trx: DbOrTrx = db,
    ): Promise<{ count: number; oldest: Date | null }> {
      const row = (await trx('login_failures')
        .where({ scope, key })
        .andWhere('failed_at', '>', since)
        .first(trx.raw('count(*)::int as count'), trx.raw('min(failed_at) as oldest'))) as
        { count: number; oldest: Date | null } | undefined;
      return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
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
