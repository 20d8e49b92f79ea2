import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { PROJECT_ROOT, loadConfig, type Config } from '../shared/config';
import { createDb, migrateLatest } from '../shared/db/knex';
import { createTenant, type IssuedKey } from '../shared/domain/tenants/tenants';
import { ensureLocalInfrastructure } from '../tooling/local-infrastructure';
import { dropDatabase, ensureDatabase } from '../shared/db/databases';
import { createLogger } from '../shared/logger';
import { freePort } from '../shared/http';
import { serviceCommand } from './service-command';

/**
 * What every bench needs: PostgreSQL and Temporal found or started the way `npm start` does, a throwaway
 * database with one tenant, the gateway (and, on request, the worker) in processes of their own so the
 * load generator does not share their event loops, and a teardown that undoes all of it.
 */
export interface BenchEnvironment {
  config: Config;
  databaseUrl: string;
  temporalAddress: string;
  /** A task queue of this run's own, so a worker of another process on the same server never steals it. */
  taskQueue: string;
  /** Distinguishes this run's ids (accounts, workflows) from earlier runs' on a persistent server. */
  runId: string;
  tenant: IssuedKey;
  /** http://127.0.0.1:{port} of the gateway. */
  baseUrl: string;
  /** {baseUrl}/api/v1/{alias} */
  apiUrl: string;
  /** `Basic ...` header value for the tenant's key. */
  auth: string;
  /** Process ids of the gateway's and the worker's tsx processes (for CPU accounting). */
  pids: { gateway?: number; worker?: number };
  /** Kills the worker with SIGKILL (a crash: nothing is finished or drained) and waits for its exit. */
  killWorker(): Promise<void>;
  /** Starts a worker again (after killWorker) and waits until it answers. */
  startWorker(): Promise<void>;
  stop(): Promise<void>;
}

export interface BenchOptions {
  tenantAlias?: string;
  /** Also run `services/worker/main.ts` (needed by anything that goes through a workflow). */
  worker?: boolean;
  /** Leave the bench database in place at the end (its URL is printed) instead of dropping it. */
  keepDatabase?: boolean;
}

/**
 * A service as its npm script runs it (bench/service-command.ts); with profileDir, with V8's CPU
 * profiler on (written there when it stops; `tsx bench/profile-summary.ts <dir>` sums it up).
 */
function spawnService(script: string, env: NodeJS.ProcessEnv, profileDir?: string): ChildProcess {
  const [command, args] = serviceCommand(
    script,
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  return spawn(command, args, {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stopService(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** Resolves once GET url answers 200; fails when the process exits or the time is up. */
async function waitUntilHealthy(url: string, child: ChildProcess, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} during start-up`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs} ms`);
}

export async function startBenchEnvironment(options: BenchOptions = {}): Promise<BenchEnvironment> {
  const config = loadConfig();
  const logger = createLogger({ level: 'warn', name: 'bench' });
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const cleanups: (() => Promise<void>)[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      for (const cleanup of cleanups.reverse()) {
        await cleanup().catch((err: unknown) => process.stderr.write(`bench teardown: ${String(err)}\n`));
      }
    })();
    return stopping;
  };
  const onSignal = () => void stop().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const { pg, temporal } = await ensureLocalInfrastructure(config, logger, {
      onStarted: (stopServer) => cleanups.push(stopServer),
    });
    const dbUrl = new URL(pg.url);
    dbUrl.pathname = `/${process.env.BENCH_DATABASE_NAME ?? `referral_bench_${process.pid}`}`;
    const databaseUrl = dbUrl.toString();
    await ensureDatabase(databaseUrl);
    cleanups.push(async () => {
      if (!options.keepDatabase) return dropDatabase(databaseUrl);
      process.stderr.write(`bench: kept the database ${databaseUrl}\n`);
    });
    const db = createDb({ url: databaseUrl, poolMax: 2, applicationName: 'bench' });
    const tenant = await migrateLatest(db)
      .then(() => createTenant(db, { alias: options.tenantAlias ?? 'bench' }))
      .finally(() => db.destroy());

    const taskQueue = `bench-${runId}`;
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_NAMESPACE: config.TEMPORAL_NAMESPACE,
      TEMPORAL_TASK_QUEUE: taskQueue,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
    };
    const port = await freePort();
    const gateway = spawnService(
      'services/gateway/main.ts',
      { ...env, PORT: String(port) },
      process.env.BENCH_PROFILE_DIR,
    );
    cleanups.push(async () => {
      // autocannon drops its sockets at the end with requests still being handled; let those finish
      // before the gateway's shutdown closes its database pool under them.
      await new Promise((r) => setTimeout(r, 1000));
      await stopService(gateway);
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    let worker: ChildProcess | undefined;
    const startWorker = async () => {
      const workerPort = await freePort();
      worker = spawnService('services/worker/main.ts', { ...env, WORKER_HTTP_PORT: String(workerPort) });
      await waitUntilHealthy(`http://127.0.0.1:${workerPort}/healthz`, worker, 'worker');
    };
    const killWorker = async () => {
      const current = worker;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise((r) => current.once('exit', r));
      current.kill('SIGKILL');
      await exited;
    };
    if (options.worker) {
      cleanups.push(() => (worker ? stopService(worker) : Promise.resolve()));
      await startWorker();
    }
    await waitUntilHealthy(`${baseUrl}/healthz`, gateway, 'gateway');

    return {
      config,
      databaseUrl,
      temporalAddress: temporal.address,
      taskQueue,
      runId,
      tenant,
      baseUrl,
      apiUrl: `${baseUrl}/api/v1/${encodeURIComponent(tenant.alias)}`,
      auth: `Basic ${Buffer.from(`${tenant.apiKey}:`).toString('base64')}`,
      pids: { gateway: gateway.pid, worker: worker?.pid },
      killWorker,
      startWorker,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** One line naming the machine, for the top of every table. */
export function describeMachine(): string {
  const cpus = os.cpus();
  return `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** Runs a bench's main and exits non-zero with the stack when it fails. */
export function runBench(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    process.stderr.write(`bench failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
