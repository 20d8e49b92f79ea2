import { Client, type ClientConfig } from 'pg';
import { pingDb, withTimeout, type Db } from './knex';
import type { DatabaseCheck } from '../types/system';

/**
 * Readiness: whether PostgreSQL accepts a new connection from this process and answers, within
 * timeoutMs. The probe opens its own short-lived connection, with the pool's settings, instead of
 * queueing for one of the pool's: a pool busy with a burst of requests (or a connection flood) would
 * otherwise make a healthy replica look unready and pull it from its load balancer exactly under load,
 * while a server that is down, restarting, or refusing connections shows at once. A readiness check
 * caches its result for a second, so this costs one connection per second at most.
 */
export async function probeDatabase(db: Db, timeoutMs = 2000): Promise<void> {
  const settings = db.client.config.connection as unknown;
  if (typeof settings !== 'string' && (typeof settings !== 'object' || settings === null)) {
    await pingDb(db, timeoutMs); // settings computed per connection: ask the pool
    return;
  }
  const config: ClientConfig =
    typeof settings === 'string' ? { connectionString: settings } : { ...(settings as ClientConfig) };
  const client = new Client({ ...config, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => undefined); // a connection lost after the answer tells nothing more
  try {
    await withTimeout(
      client.connect().then(() => client.query('select 1')),
      timeoutMs,
      'PostgreSQL did not answer in time',
    );
  } finally {
    void client.end().catch(() => undefined);
  }
}

/** The database this process is connected to and how many migrations ran there (the worker's self-check). */
export async function describeDatabase(db: Db): Promise<DatabaseCheck> {
  const result = await db.raw<{ rows: { database: string; migrations: string }[] }>(
    'select current_database() as database, (select count(*) from knex_migrations) as migrations',
  );
  const row = result.rows[0]!;
  return { database: row.database, migrations: Number(row.migrations) };
}
