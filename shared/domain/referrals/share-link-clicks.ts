import type { DbOrTrx } from '../../db/knex';
import type { Logger } from '../../logger';
import { createShareLinkClicksRepo, type ClickCount } from '../../repos/share-link-clicks.repo';

/**
 * Share-link visits counted per code and day (UTC) in the gateway's memory and written in batches: a
 * visit costs a map update, never a write on the redirect's path. Every CLICK_FLUSH_MS one statement adds
 * the counts to share_link_clicks (rows add up across gateways); a flush that fails keeps its counts for
 * the next one, within MAX_PENDING_CLICK_KEYS distinct codes and days (past it, visits of codes not yet
 * counted are dropped and logged: counting must not grow memory without bound during a database outage).
 * A gateway that stops flushes what is left; one that crashes loses at most one interval's counts.
 */
export const MAX_PENDING_CLICK_KEYS = 100_000;

export interface ShareLinkClicks {
  /** Counts one visit of a known code (in memory only). */
  record(tenantId: string, code: string, atMs: number): void;
  /** Writes the counts kept so far in one statement; never throws (a failure keeps them for the next). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;

export function startShareLinkClicks(options: {
  db: DbOrTrx;
  /** How often the counts are written (CLICK_FLUSH_MS). */
  flushMs: number;
  logger: Logger;
  maxPendingKeys?: number;
}): ShareLinkClicks {
  const repo = createShareLinkClicksRepo(options.db);
  const maxKeys = options.maxPendingKeys ?? MAX_PENDING_CLICK_KEYS;
  let pending = new Map<string, ClickCount>();
  let dropped = 0;
  let flushing: Promise<void> | undefined;
  // The UTC day of the last visit, so most visits skip formatting a date.
  let dayStart = Number.NaN;
  let day = '';

  const add = (count: ClickCount, key: string) => {
    const current = pending.get(key);
    if (current) current.clicks += count.clicks;
    else if (pending.size < maxKeys) pending.set(key, count);
    else dropped += count.clicks;
  };

  async function write(): Promise<void> {
    const batch = pending;
    pending = new Map();
    if (batch.size > 0) {
      try {
        await repo.add([...batch.values()]);
      } catch (err) {
        for (const [key, count] of batch) add(count, key);
        options.logger.warn(
          { err, codes: batch.size },
          'share-link clicks not written; kept for the next flush',
        );
      }
    }
    if (dropped > 0) {
      options.logger.warn(
        { dropped, maxKeys },
        'share-link clicks dropped: too many codes waiting to be written',
      );
      dropped = 0;
    }
  }

  const flush = () => {
    flushing ??= write().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };

  const timer = setInterval(() => void flush(), options.flushMs);
  timer.unref();

  return {
    record(tenantId, code, atMs) {
      if (!(atMs >= dayStart && atMs < dayStart + DAY_MS)) {
        dayStart = atMs - (atMs % DAY_MS);
        day = new Date(dayStart).toISOString().slice(0, 10);
      }
      const key = `${tenantId} ${day} ${code}`;
      const current = pending.get(key);
      if (current) current.clicks += 1;
      else add({ tenantId, code, day, clicks: 1 }, key);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flushing;
      await flush();
      const lost = [...pending.values()].reduce((sum, c) => sum + c.clicks, 0);
      if (lost > 0)
        options.logger.error({ lost }, 'share-link clicks lost at shutdown (the database refused them)');
    },
  };
}
