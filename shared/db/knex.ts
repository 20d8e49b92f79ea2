import knex, { type Knex } from 'knex';
import type { Logger } from '../logger';
import { migrationSource } from './migrations';

export type Db = Knex;
export type DbOrTrx = Knex | Knex.Transaction;

/** knex's own messages (e.g. "Connection Error" during an outage) as JSON log lines, not console output. */
function knexLog(logger: Logger): Knex.Config['log'] {
  const line = (level: 'debug' | 'warn' | 'error') => (message: unknown) =>
    logger[level]({ knex: message instanceof Error ? message.message : String(message) }, 'knex');
  return { debug: line('debug'), warn: line('warn'), error: line('error'), deprecate: line('warn') };
}

export function createDb(options: {
  url: string;
  poolMax?: number;
  applicationName?: string;
  logger?: Logger;
}): Db {
  return knex({
    ...(options.logger ? { log: knexLog(options.logger) } : {}),
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
