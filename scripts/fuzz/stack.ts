import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { loadConfig, PROJECT_ROOT, type Config } from '../../shared/config';
import { createDb } from '../../shared/db/knex';
import { createTenant, type IssuedKey } from '../../shared/domain/tenants/tenants';
import { freePort } from '../../shared/http';
import { embeddedPostgresUrl, isPostgresReachable } from '../../tooling/postgres';
import type { Logger } from '../../shared/logger';

/** The stack the fuzzer talks to: a gateway (with its worker) and the database behind it. */
export interface FuzzStack {
  baseUrl: string;
  databaseUrl: string;
  /** Whether this process started it (npm start's launcher) and so stops it. */
  started: boolean;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;

export async function answersHealthz(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** The database `npm start` uses with this configuration: DATABASE_URL, the local server, else embedded. */
async function launcherDatabaseUrl(config: Config): Promise<string> {
  if (config.databaseUrlExplicit || (await isPostgresReachable(config.databaseUrl)))
    return config.databaseUrl;
  return embeddedPostgresUrl(config.EMBEDDED_PG_PORT, config.DATABASE_NAME);
}

/**
 * The gateway answering at baseUrl (e.g. a running `npm start`), or else a launcher started here like
 * `npm start` — its own data folder, database name and free ports, so it disturbs nothing — which is
 * stopped again by stop().
 */
export async function findOrStartStack(baseUrl: string, logger: Logger): Promise<FuzzStack> {
  if (await answersHealthz(baseUrl)) {
    logger.info({ baseUrl }, 'using the gateway that answers there');
    const databaseUrl = await launcherDatabaseUrl(loadConfig());
    return { baseUrl, databaseUrl, started: false, stop: async () => undefined };
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: process.env.DATA_DIR || path.join('.data', 'fuzz'),
    DATABASE_NAME: process.env.DATABASE_NAME || 'referral_service_fuzz',
    // A Temporal server found running may serve another stack's workers: keep to a queue of our own.
    TEMPORAL_TASK_QUEUE: process.env.TEMPORAL_TASK_QUEUE || 'referral-service-fuzz',
    PORT: String(await freePort()),
    WORKER_HTTP_PORT: '0',
    SFTP_PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  };
  logger.info({ baseUrl }, 'no gateway answers there; starting the stack like npm start');
  const launcher = await startLauncher(env);
  const ready = launcher.ready;
  const config = loadConfig(env);
  const databaseUrl =
    ready.postgres === 'embedded'
      ? embeddedPostgresUrl(config.EMBEDDED_PG_PORT, config.DATABASE_NAME)
      : config.databaseUrl;
  return { baseUrl: ready.gatewayUrl, databaseUrl, started: true, stop: () => stopLauncher(launcher.child) };
}

interface ReadyLine {
  gatewayUrl: string;
  postgres: 'embedded' | 'external';
}

/** tsx services/launcher/main.ts in a process group of its own; resolves on its JSON ready line. */
function startLauncher(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; ready: ReadyLine }> {
  const tsx = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, ['services/launcher/main.ts'], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      killGroup(child);
      reject(new Error(`${why}\n--- launcher stdout ---\n${stdout}\n--- launcher stderr ---\n${stderr}`));
    };
    const timer = setTimeout(
      () => fail(`the launcher was not ready within ${READY_TIMEOUT_MS} ms`),
      READY_TIMEOUT_MS,
    );
    child.once('error', (err) => fail(`the launcher could not be spawned: ${err.message}`));
    child.once('exit', (code, signal) => fail(`the launcher exited (code ${code}, signal ${signal})`));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const line = stdout.split('\n').find((l) => l.startsWith('{"event":"ready"'));
      if (!line) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      // Keep draining its output so it never blocks on a full pipe.
      child.stdout!.removeAllListeners('data').resume();
      child.stderr!.removeAllListeners('data').resume();
      resolve({ child, ready: JSON.parse(line) as ReadyLine });
    });
  });
}

function killGroup(child: ChildProcess) {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** SIGTERM (the launcher drains and stops what it started), SIGKILL to its group after STOP_TIMEOUT_MS. */
async function stopLauncher(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => killGroup(child), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * A fresh tenant for one fuzz run, created with the project's own tenant-creation function on the stack's
 * database; checks that the gateway knows it (it could be using another database).
 */
export async function createFuzzTenant(stack: FuzzStack): Promise<IssuedKey> {
  const db = createDb({ url: stack.databaseUrl, poolMax: 1, applicationName: 'fuzz' });
  let tenant: IssuedKey;
  try {
    tenant = await createTenant(db, { alias: `fuzz-${Date.now().toString(36)}`, name: 'Fuzzing' });
  } finally {
    await db.destroy();
  }
  const res = await fetch(`${stack.baseUrl}/api/v1/${tenant.alias}/program`, {
    headers: { authorization: `Basic ${Buffer.from(`${tenant.apiKey}:`).toString('base64')}` },
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  if (res.status !== 200) {
    const where = new URL(stack.databaseUrl).host;
    throw new Error(
      `The gateway at ${stack.baseUrl} answered ${res.status} for the tenant just created in the database at ${where}: it uses another database (set DATABASE_URL to the one it uses).`,
    );
  }
  return tenant;
}
