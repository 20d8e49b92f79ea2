import knex, { type Knex } from 'knex';
import { migrationSource } from './migrations';

export type Db = Knex;
export type DbOrTrx = Knex | Knex.Transaction;

export function createDb(options: { url: string; poolMax?: number; applicationName?: string }): Db {
  return knex({
    client: 'pg',
    connection: {
      connectionString: options.url,
      application_name: options.applicationName ?? 'referral-service',
    },
    pool: { min: 0, max: options.poolMax ?? 10 },
    acquireConnectionTimeout: 10_000,
    migrations: { migrationSource, tableName: 'knex_migrations' },
  });
}

/** Runs pending migrations; knex's migration lock makes concurrent callers (several gateways) safe. */
export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}

/** A cheap round trip used by /readyz, bounded so a hung server cannot hang the probe. */
export async function pingDb(db: Db, timeoutMs = 2000): Promise<void> {
  await withTimeout(db.raw('select 1'), timeoutMs, 'PostgreSQL did not answer in time');
}

export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
