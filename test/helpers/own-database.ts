import { createDb, migrateLatest } from '../../shared/db/knex';
import { dropDatabase, ensureDatabase } from '../../shared/db/databases';

/**
 * A migrated database of the test file's own, beside the suite's (`{suite database}_{suffix}`), for a
 * file that runs a worker dispatcher: a dispatcher takes every row it finds (stored notifications,
 * outbox events), so on the shared database it would take other files' rows and start their workflows
 * on its own task queue, where they stall once this file's worker stops.
 */
export function ownDatabase(suffix: string): { url: string; create(): Promise<void>; drop(): Promise<void> } {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `${url.pathname}_${suffix}`;
  const databaseUrl = url.toString();
  return {
    url: databaseUrl,
    async create() {
      await ensureDatabase(databaseUrl);
      const migrator = createDb({ url: databaseUrl, poolMax: 1 });
      try {
        await migrateLatest(migrator);
      } finally {
        await migrator.destroy();
      }
    },
    drop: () => dropDatabase(databaseUrl),
  };
}
