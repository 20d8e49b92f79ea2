import type { Db } from '../shared/db/knex';
import type { DatabaseCheck } from '../shared/types/system';

export function createSystemActivities(deps: { db: Db }) {
  return {
    /** Proves the worker reaches the service's database and that migrations ran. */
    async checkDatabase(): Promise<DatabaseCheck> {
      const result = await deps.db.raw<{ rows: { database: string; migrations: string }[] }>(
        'select current_database() as database, (select count(*) from knex_migrations) as migrations',
      );
      const row = result.rows[0]!;
      return { database: row.database, migrations: Number(row.migrations) };
    },
  };
}
