import { z } from 'zod';
import { idSchema } from '../../validation';

/**
 * Keyset cursors of the portal's lists (referrals, accounts), newest first: the last row's sort key,
 * its time as microseconds since the epoch (a JavaScript Date would drop the microseconds that order
 * rows of one millisecond), and its id. Opaque to clients: base64url of a JSON pair.
 */
export interface PageCursor {
  /** Microseconds since the epoch, as decimal digits (PostgreSQL computes them exactly). */
  micros: string;
  id: string;
  /** A ranked search's rank of the row: pages of a search go by rank first. */
  rank?: number;
}

export function encodeCursor(cursor: PageCursor): string {
  const key =
    cursor.rank === undefined ? [cursor.micros, cursor.id] : [cursor.micros, cursor.id, cursor.rank];
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

const decodedSchema = z.union([
  z.tuple([z.string().regex(/^-?\d{1,17}$/), idSchema(255)]),
  z.tuple([z.string().regex(/^-?\d{1,17}$/), idSchema(255), z.int().min(0).max(9)]),
]);

/** The cursor a page handed out, or undefined for anything else. */
export function decodeCursor(value: string): PageCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,800}$/.test(value)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const pair = decodedSchema.safeParse(parsed);
  if (!pair.success) return undefined;
  const [micros, id, rank] = pair.data;
  return rank === undefined ? { micros, id } : { micros, id, rank };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An `after` argument: a cursor from an earlier page (400 "malformed cursor" otherwise); `uuidIds`
 * for a list whose ids are UUIDs (any other id cannot come from one of its pages).
 */
export function cursorSchema(options: { uuidIds?: boolean } = {}) {
  return z.string().transform((value, ctx): PageCursor => {
    const cursor = decodeCursor(value);
    if (!cursor || (options.uuidIds && !UUID.test(cursor.id))) {
      ctx.addIssue({ code: 'custom', message: 'malformed cursor: pass the endCursor of an earlier page' });
      return z.NEVER;
    }
    return cursor;
  });
}

/** `first`: 1 to 100 rows, 25 when not given. */
export const pageSizeSchema = z
  .int()
  .min(1, 'must be between 1 and 100')
  .max(100, 'must be between 1 and 100')
  .nullish()
  .transform((n) => n ?? 25);
