/**
 * The share-link click buffer (shared/domain/referrals/share-link-clicks.ts) against a database stand-in: one
 * statement per flush with every count, a failed flush keeping its counts for the next, and the bound
 * on how many codes wait.
 */
import type { DbOrTrx } from '../../shared/db/knex';
import { startShareLinkClicks } from '../../shared/domain/referrals/share-link-clicks';
import { createLogger } from '../../shared/logger';

const T = '11111111-1111-4111-8111-111111111111';
const DAY1 = Date.parse('2030-01-01T12:00:00Z');
const DAY2 = Date.parse('2030-01-02T00:00:00Z');

/** A db whose raw() records each statement's parameters and fails while `failing` is set. */
function fakeDb() {
  const calls: unknown[][] = [];
  const state = { failing: false };
  const db = {
    raw: async (_sql: string, bindings: unknown[]) => {
      calls.push(bindings);
      if (state.failing) throw new Error('connection refused');
    },
  };
  return { db: db as unknown as DbOrTrx, calls, state };
}

const logger = createLogger({ level: 'silent', name: 'test' });

test('one statement per flush, counts per code and day; nothing to write is no statement', async () => {
  const { db, calls } = fakeDb();
  const clicks = startShareLinkClicks({ db, flushMs: 3_600_000, logger });
  for (let i = 0; i < 3; i += 1) clicks.record(T, 'JANE', DAY1);
  clicks.record(T, 'JOHN', DAY1);
  clicks.record(T, 'JANE', DAY2);
  await clicks.flush();
  expect(calls).toEqual([
    [
      [T, T, T],
      ['JANE', 'JOHN', 'JANE'],
      ['2030-01-01', '2030-01-01', '2030-01-02'],
      [3, 1, 1],
    ],
  ]);
  await clicks.flush();
  expect(calls).toHaveLength(1);
  await clicks.close();
});

test('a failed flush keeps its counts, merged with later ones, for the next flush', async () => {
  const { db, calls, state } = fakeDb();
  const clicks = startShareLinkClicks({ db, flushMs: 3_600_000, logger });
  clicks.record(T, 'JANE', DAY1);
  clicks.record(T, 'JANE', DAY1);
  state.failing = true;
  await clicks.flush();
  clicks.record(T, 'JANE', DAY1);
  clicks.record(T, 'JOHN', DAY1);
  state.failing = false;
  await clicks.flush();
  expect(calls.at(-1)).toEqual([
    [T, T],
    ['JANE', 'JOHN'],
    ['2030-01-01', '2030-01-01'],
    [3, 1],
  ]);
  await clicks.close();
});

test('past the bound, visits of codes not yet waiting are dropped; waiting ones still count', async () => {
  const { db, calls, state } = fakeDb();
  const clicks = startShareLinkClicks({ db, flushMs: 3_600_000, logger, maxPendingKeys: 2 });
  state.failing = true;
  clicks.record(T, 'A', DAY1);
  clicks.record(T, 'B', DAY1);
  clicks.record(T, 'C', DAY1);
  await clicks.flush();
  clicks.record(T, 'A', DAY1);
  clicks.record(T, 'D', DAY1);
  state.failing = false;
  await clicks.close();
  expect(calls.at(-1)).toEqual([
    [T, T],
    ['A', 'B'],
    ['2030-01-01', '2030-01-01'],
    [2, 1],
  ]);
});
