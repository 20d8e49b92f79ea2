import type { Knex } from 'knex';
import { AppError } from '../errors';
import { rejected, type ChunkContext, type ImportRow, type RowResult } from './rows';

/**
 * Applies rows in file order: runs of rows the bulk path can take go to it together (a run ends before a
 * row that repeats one of its keys, so each statement touches a row once), and every other row goes
 * alone through the same domain function as the API, in a savepoint, so a rejected row leaves nothing.
 */
export async function applyInRuns(
  ctx: ChunkContext,
  rows: ImportRow[],
  options: {
    /** The row's key for the bulk path, or null when the row must go alone. */
    bulkKey: (row: ImportRow) => string | null;
    bulk?: (rows: ImportRow[]) => Promise<RowResult[]>;
    single: (row: ImportRow, sp: Knex.Transaction) => Promise<RowResult>;
  },
): Promise<RowResult[]> {
  const results: RowResult[] = [];
  let run: ImportRow[] = [];
  let keys = new Set<string>();
  const flush = async () => {
    if (run.length > 0) results.push(...(await options.bulk!(run)));
    run = [];
    keys = new Set();
  };
  for (const row of rows) {
    const key = options.bulk ? options.bulkKey(row) : null;
    if (key !== null && !keys.has(key)) {
      run.push(row);
      keys.add(key);
      continue;
    }
    await flush();
    if (key !== null) {
      run.push(row);
      keys.add(key);
      continue;
    }
    try {
      results.push(await ctx.trx.transaction((sp) => options.single(row, sp)));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push(rejected(row.line, err));
    }
  }
  await flush();
  return results;
}
