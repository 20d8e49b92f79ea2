import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { PROJECT_ROOT } from '../shared/config';
import { freePort } from '../shared/http';
import { serviceCommand } from './service-command';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * `npm run bench:process-start` (run `npm run build` first): each process started as `npm run start:*`
 * (tsx, bundling at start) and as `npm run start:*:prod` (dist/, prebuilt), one after the other on the
 * bench's PostgreSQL and Temporal: the time from spawn to ready, the resident memory of its process tree
 * after BENCH_IDLE_S (5) idle seconds, and the gateway's peak under the events bench's first scenario
 * (one event per request, BENCH_CONNECTIONS (64) connections, BENCH_DURATION (10) s).
 */
const idleS = Number(process.env.BENCH_IDLE_S ?? 5);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);

/** VmRSS of a process and all its descendants, in MiB (tsx runs the script in a child node process). */
function treeRssMiB(pid: number): number {
  const children = (p: number): number[] => {
    try {
      const list = fs.readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim();
      return list === '' ? [] : list.split(/\s+/).map(Number);
    } catch {
      return [];
    }
  };
  let kib = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop()!;
    const status = fs.existsSync(`/proc/${p}/status`) ? fs.readFileSync(`/proc/${p}/status`, 'utf8') : '';
    kib += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    stack.push(...children(p));
  }
  return kib / 1024;
}

async function waitFor(check: () => Promise<boolean>, child: ChildProcess, what: string): Promise<void> {
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${what} not ready after 30 s`);
}

const ok = (url: string) => async () => (await fetch(url)).ok;

interface Row {
  process: string;
  mode: string;
  readyMs: number;
  idleMiB: number;
  loadMiB?: number;
}

async function measure(
  service: 'gateway' | 'worker' | 'sftp',
  mode: 'tsx' | 'build',
  env: NodeJS.ProcessEnv,
  load?: (baseUrl: string) => Promise<void>,
): Promise<Row> {
  process.env.BENCH_BUILD = mode === 'build' ? '1' : '0';
  const port = await freePort();
  const [command, args] = serviceCommand(`services/${service}/main.ts`);
  const ports = { PORT: String(port), WORKER_HTTP_PORT: String(port), SFTP_PORT: String(port) };
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: PROJECT_ROOT,
    env: { ...env, ...ports },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    if (service === 'sftp') {
      await waitFor(
        async () => {
          const net = await import('node:net');
          return new Promise<boolean>((resolve) => {
            const socket = net
              .connect(port, '127.0.0.1', () => resolve(true))
              .on('error', () => resolve(false));
            socket.once('connect', () => socket.end());
          });
        },
        child,
        service,
      );
    } else await waitFor(ok(`${base}/readyz`), child, service);
    const readyMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, idleS * 1000));
    const row: Row = { process: service, mode, readyMs, idleMiB: treeRssMiB(child.pid!) };
    if (load) {
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, treeRssMiB(child.pid!))), 200);
      await load(base);
      clearInterval(sampler);
      row.loadMiB = peak;
    }
    return row;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

runBench(async () => {
  if (!fs.existsSync(`${PROJECT_ROOT}/dist/prebuilt/workflow-bundle.js`))
    throw new Error('run `npm run build` first');
  const bench = await startBenchEnvironment({ tenantAlias: `start-${Date.now().toString(36)}` });
  try {
    // The bench environment's own gateway identified no one; events need a user.
    const user = await fetch(`${bench.apiUrl}/open/account/a1/user/u1`, {
      method: 'PUT',
      headers: { authorization: bench.auth, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!user.ok) throw new Error(`identify: ${user.status}`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: bench.databaseUrl,
      TEMPORAL_ADDRESS: bench.temporalAddress,
      TEMPORAL_TASK_QUEUE: `${bench.taskQueue}-start`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      MIGRATE_ON_START: 'false',
      SFTP_HOST_KEY_PATH: `${PROJECT_ROOT}/.data/bench-sftp-host-key`,
    };
    const events = async (base: string) => {
      let n = 0;
      await autocannon({
        url: `${base}/api/v1/${bench.tenant.alias}/open/account/a1/user/u1/events`,
        method: 'POST',
        connections,
        duration,
        headers: { authorization: bench.auth, 'content-type': 'application/json' },
        setupClient: (client) =>
          client.setBody(JSON.stringify({ events: [{ key: 'bench-start', fields: {} }] })),
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, 'idempotency-key': `k${(n += 1)}-${Date.now()}` },
            }),
          },
        ],
      });
    };
    const rows: Row[] = [];
    for (const mode of ['tsx', 'build'] as const) {
      rows.push(await measure('gateway', mode, env, events));
      rows.push(await measure('worker', mode, env));
      rows.push(await measure('sftp', mode, env));
    }
    process.stdout.write(`\n${describeMachine()}\n\n`);
    process.stdout.write(
      '| process | started by | ready (ms) | RSS idle (MiB) | RSS peak under events (MiB) |\n|---|---|---:|---:|---:|\n',
    );
    for (const r of rows) {
      process.stdout.write(
        `| ${r.process} | ${r.mode === 'tsx' ? 'tsx (npm run start:*)' : 'build (npm run start:*:prod)'} | ${Math.round(r.readyMs)} | ${r.idleMiB.toFixed(0)} | ${r.loadMiB === undefined ? '' : r.loadMiB.toFixed(0)} |\n`,
      );
    }
  } finally {
    await bench.stop();
  }
});
