/**
 * After each test file of the server projects: the ledgers of the tenants created while it ran (in the
 * suite's database) keep every invariant (shared/domain/ledger/ledger-verify.ts). Whatever a file did to
 * rewards (holds, reviews, refunds, disputes, redemptions, expiry, deletions), the ledger agrees with it.
 * Files on a database of their own check theirs themselves (the fault suite).
 */
import { createDb, type Db } from '../../shared/db/knex';
import { databaseNow, ledgerViolationsSince } from '../helpers/ledger';

let db: Db | undefined;
let since: Date | undefined;

beforeAll(async () => {
  db = createDb({ url: process.env.TEST_DATABASE_URL!, poolMax: 1 });
  since = await databaseNow(db);
});

afterAll(async () => {
  try {
    if (db && since) expect(await ledgerViolationsSince(db, since)).toEqual([]);
  } finally {
    await db?.destroy();
  }
});
