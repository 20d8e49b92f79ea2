import type { DbOrTrx } from '../db/knex';
import type { ClientKey, SharedClient } from '../types/fraud';

/** The clients users identified from (migration 013-fraud-signals.ts), for the SAME_CLIENT signal. */
export function createUserClientsRepo(db: DbOrTrx) {
  return {
    /**
     * Notes that the user was seen on these clients now. A row seen within the last hour is left alone,
     * so a user identifying often does not rewrite it each time.
     */
    async record(
      user: { tenantId: string; accountId: string; userId: string },
      clients: ClientKey[],
      trx: DbOrTrx = db,
    ): Promise<void> {
      if (clients.length === 0) return;
      await trx.raw(
        `insert into user_clients (tenant_id, account_id, user_id, kind, value, last_seen_at)
         select ?, ?, ?, c.kind, c.value, now() from unnest(?::text[], ?::text[]) as c(kind, value)
         on conflict (tenant_id, account_id, user_id, kind, value) do update set last_seen_at = excluded.last_seen_at
         where user_clients.last_seen_at < excluded.last_seen_at - interval '1 hour'`,
        [user.tenantId, user.accountId, user.userId, clients.map((c) => c.kind), clients.map((c) => c.value)],
      );
    },

    /** Which of these clients the user was seen on since `since`. */
    async seenAmong(
      user: { tenantId: string; accountId: string; userId: string },
      clients: ClientKey[],
      since: Date,
      trx: DbOrTrx = db,
    ): Promise<SharedClient[]> {
      if (clients.length === 0) return [];
      const rows: { kind: ClientKey['kind']; value: string; last_seen_at: Date }[] = await trx('user_clients')
        .where({ tenant_id: user.tenantId, account_id: user.accountId, user_id: user.userId })
        .where('last_seen_at', '>=', since)
        .whereIn(
          ['kind', 'value'],
          clients.map((c) => [c.kind, c.value]),
        )
        .select('kind', 'value', 'last_seen_at');
      return rows.map((r) => ({ kind: r.kind, value: r.value, lastSeenAt: r.last_seen_at }));
    },

    /** Deletes up to `limit` rows last seen before `cutoff`, oldest first; answers how many. */
    async pruneSeenBefore(cutoff: Date, limit: number, trx: DbOrTrx = db): Promise<number> {
      const result = await trx.raw(
        `delete from user_clients where ctid in (
           select ctid from user_clients where last_seen_at < ? order by last_seen_at limit ?
           for update skip locked)`,
        [cutoff, limit],
      );
      return (result as { rowCount: number }).rowCount;
    },
  };
}
