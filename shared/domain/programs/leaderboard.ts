import { createLruCache } from '../../cache/lru-cache';
import type { DbOrTrx } from '../../db/knex';
import { createLeaderboardRepo, type LeaderRow } from '../../repos/leaderboard.repo';
import { referrerShownName } from '../referrals/display-names';

/**
 * A program's opt-in leaderboard (leaderboardEnabled): its top referrers by converted referrals this
 * UTC month and overall, named by first name or initial only, the viewer's own place marked. Counted at
 * most once a LEADERBOARD_TTL_MS per program and gateway: every widget of the program shows it.
 */
export const LEADERBOARD_SIZE = 10;
export const LEADERBOARD_TTL_MS = 30_000;

export interface LeaderboardEntry {
  rank: number;
  /** First name, else the last name's initial ("M."), else "A referrer". */
  name: string;
  conversions: number;
  /** The referrer viewing it. */
  you: boolean;
}

export interface Leaderboard {
  month: LeaderboardEntry[];
  allTime: LeaderboardEntry[];
}

const cache = createLruCache<string, { month: LeaderRow[]; allTime: LeaderRow[] }>({
  maxEntries: 1000,
  ttlMs: LEADERBOARD_TTL_MS,
});

function present(rows: LeaderRow[], viewer: { accountId: string; userId: string }): LeaderboardEntry[] {
  return rows.map((row, i) => ({
    rank: i + 1,
    name: referrerShownName(row.first_name, row.last_name) ?? 'A referrer',
    conversions: row.conversions,
    you: row.account_id === viewer.accountId && row.user_id === viewer.userId,
  }));
}

export async function programLeaderboard(
  db: DbOrTrx,
  tenantId: string,
  programId: string,
  viewer: { accountId: string; userId: string },
  now: Date = new Date(),
): Promise<Leaderboard> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const key = `${tenantId}:${programId}:${monthStart.toISOString().slice(0, 7)}`;
  let rows = cache.get(key);
  if (!rows) {
    const repo = createLeaderboardRepo(db);
    // One after the other: the caller's pool may be small.
    const month = await repo.top(tenantId, programId, monthStart, LEADERBOARD_SIZE);
    const allTime = await repo.top(tenantId, programId, null, LEADERBOARD_SIZE);
    rows = { month, allTime };
    cache.set(key, rows);
  }
  return { month: present(rows.month, viewer), allTime: present(rows.allTime, viewer) };
}
