import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PROJECT_ROOT } from '../shared/config';
import { createDb } from '../shared/db/knex';
import { cpuPercent, fmt, sampleCpu, waitForQuiet, type CpuGroups } from './measure';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * One gateway process against two, each pair of runs in the same run as its /healthz anchor:
 * bench/support.ts starts PostgreSQL and Temporal the way `npm start` does, a throwaway database
 * (BENCH_DATABASE_NAME, here referral_mp_bench_{pid}), gateway 1 and worker 1; this file adds gateway 2
 * and worker 2 on the same database and task queue. autocannon is the round-robin client: given both
 * URLs it spreads its connections over them evenly. Scenarios, each with one and then two gateways:
 *   /healthz (no auth, no I/O: the anchor), one user event per request with a fresh idempotency key
 *   (200 identified users taken in turn), GET /code/{code} (200 codes in turn, served from the cache).
 * After each event scenario the rows are checked: every 2xx key stored once, no refused key stored.
 * CPU per process group (each gateway, PostgreSQL's backends of this database, the load generator) is
 * printed beside each figure: on 2 cores the second gateway competes with the others for the same CPU.
 * Knobs: BENCH_DURATION (s per run, 10), BENCH_CONNECTIONS (64, split over the gateways).
 * Ports: Temporal dev server (if none answers) on TEMPORAL_PORT (23233), gateway 2 on 23080, worker 2's
 * probes on 23464.
 */
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const USERS = 200;
process.env.TEMPORAL_PORT ??= '23233';
process.env.TEMPORAL_UI_PORT ??= '23234';
process.env.DATA_DIR ??= path.join(PROJECT_ROOT, '.data', 'mp-bench');
process.env.BENCH_DATABASE_NAME ??= `referral_mp_bench_${process.pid}`;
const GATEWAY2_PORT = Number(process.env.BENCH_GATEWAY2_PORT ?? 23080);
const WORKER2_PORT = Number(process.env.BENCH_WORKER2_PORT ?? 23464);

function spawnService(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'), [script], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function healthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited during start-up`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not healthy after 120 s`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  cpu: Record<string, number>;
  peakActive: number;
}

runBench(async () => {
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const env = await startBenchEnvironment({ worker: true });
  const extra: ChildProcess[] = [];
  const db = createDb({ url: env.databaseUrl, poolMax: 2, applicationName: 'bench' });
  try {
    const common = {
      ...process.env,
      DATABASE_URL: env.databaseUrl,
      TEMPORAL_ADDRESS: env.temporalAddress,
      TEMPORAL_NAMESPACE: env.config.TEMPORAL_NAMESPACE,
      TEMPORAL_TASK_QUEUE: env.taskQueue,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      MIGRATE_ON_START: 'false',
    };
    const gateway2 = spawnService('services/gateway/main.ts', { ...common, PORT: String(GATEWAY2_PORT) });
    const worker2 = spawnService('services/worker/main.ts', {
      ...common,
      WORKER_HTTP_PORT: String(WORKER2_PORT),
    });
    extra.push(gateway2, worker2);
    const base2 = `http://127.0.0.1:${GATEWAY2_PORT}`;
    await Promise.all([
      healthy(`${base2}/healthz`, gateway2),
      healthy(`http://127.0.0.1:${WORKER2_PORT}/healthz`, worker2),
    ]);
    const bases = [env.baseUrl, base2];
    const root = new URL(env.apiUrl).pathname;
    const json = { authorization: env.auth, 'content-type': 'application/json' };

    // 200 users with share codes, identified half through each gateway.
    const users = await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const [accountId, userId] = [`${env.runId}-a${i}`, `u${i}`];
        const userPath = `${root}/open/account/${accountId}/user/${userId}`;
        const res = await fetch(`${bases[i % 2]}${userPath}`, { method: 'PUT', headers: json, body: '{}' });
        if (!res.ok) throw new Error(`identify: ${res.status}`);
        const { shareCode } = (await res.json()) as { shareCode: string };
        return { path: userPath, ids: `"accountId":"${accountId}","userId":"${userId}"`, code: shareCode };
      }),
    );

    const groups: CpuGroups = {
      gateway1: { root: env.pids.gateway },
      gateway2: { root: gateway2.pid },
      postgres: {
        cmdline: new RegExp(`^postgres: (\\S+: )?\\S+ ${new URL(env.databaseUrl).pathname.slice(1)} `),
      },
      client: { pid: process.pid },
    };
    let n = 0;
    const run = async (gateways: number, request: autocannon.Request | undefined): Promise<Run> => {
      await waitForQuiet(groups, ['gateway1', 'gateway2', 'postgres'], { timeoutMs: 15_000 });
      const before = sampleCpu(groups);
      // Peak busy gateway connections (pg_stat_activity, state active), sampled every 100 ms.
      let peakActive = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const [row] = (await db('pg_stat_activity')
            .where({ datname: db.raw('current_database()'), application_name: 'gateway', state: 'active' })
            .count('* as n')) as { n: string }[];
          peakActive = Math.max(peakActive, Number(row!.n));
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const result = await autocannon({
        // autocannon takes several URLs and spreads its connections over them (its types say one).
        url: bases.slice(0, gateways).map((b) => (request ? b : `${b}/healthz`)) as unknown as string,
        connections,
        duration,
        headers: json,
        ...(request && { requests: [request] }),
      });
      const cpu = cpuPercent(before, sampleCpu(groups));
      sampling = false;
      await sampler;
      await new Promise((r) => setTimeout(r, 1000)); // requests cut off at the end still commit
      return {
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failed: result.non2xx + result.errors,
        cpu,
        peakActive,
      };
    };

    const events = (tag: string, accepted: Set<string>, refused: Set<string>): autocannon.Request => ({
      method: 'POST',
      setupRequest: (req, context) => {
        const user = users[n++ % USERS]!;
        const key = crypto.randomUUID();
        (context as { key?: string }).key = key;
        const body = `{${user.ids},"idempotencyKey":"${key}","events":[{"key":"${tag}","fields":{"revenue":49.5}}]}`;
        return { ...req, path: `${user.path}/events`, body };
      },
      onResponse: (status, _body, context) => {
        const key = (context as { key?: string }).key;
        if (key) (status >= 200 && status < 300 ? accepted : refused).add(key);
      },
    });
    const codeLookup: autocannon.Request = {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: `${root}/code/${users[n++ % USERS]!.code}` }),
    };

    /** Row by row: each 2xx key stored with one event, no refused key stored, extras only unanswered. */
    const check = async (tag: string, accepted: Set<string>, refused: Set<string>) => {
      const rows = (await db('user_events')
        .where({ key: tag })
        .groupBy('idempotency_key')
        .select('idempotency_key')
        .count('* as n')) as { idempotency_key: string; n: string | number }[];
      const found = new Map(rows.map((r) => [r.idempotency_key, Number(r.n)]));
      const missing = [...accepted].filter((k) => found.get(k) !== 1).length;
      const fromRefused = [...refused].filter((k) => found.has(k)).length;
      const unanswered = rows.filter(
        (r) => !accepted.has(r.idempotency_key) && !refused.has(r.idempotency_key),
      );
      const ok = missing === 0 && fromRefused === 0 && unanswered.length <= connections;
      return `${ok ? '✓' : '✗'} ${fmt(accepted.size)} acknowledged, ${missing} missing or doubled, ${fromRefused} refused but stored, ${unanswered.length} cut off at the end`;
    };

    const lines: string[] = [];
    // A group's processes that ended during the run take their ticks with them: never below 0.
    const pct = (v: number | undefined) => fmt(Math.max(0, v ?? 0));
    const row = (what: string, g: number, r: Run, anchor: Run, note = '') =>
      lines.push(
        `| ${what} | ${g} | ${fmt(r.rps)} | ${fmt(r.rps / anchor.rps, 2)} | ${r.p50} | ${r.p99} | ${r.failed} | ` +
          `${pct(r.cpu.gateway1)} / ${pct(r.cpu.gateway2)} | ${pct(r.cpu.postgres)} | ${r.peakActive} | ${pct(r.cpu.client)} | ${pct(r.cpu.machine)} | ${note} |`,
      );
    // Warm-up: JIT and connection pools on both gateways.
    await run(2, events('warmup', new Set(), new Set()));
    const anchors: Run[] = [];
    const results: Record<string, Run[]> = { events: [], code: [] };
    const checks: string[] = [];
    // Interleaved (one gateway, then two, scenario by scenario), so drift in the machine's other load
    // falls on both sides alike.
    for (const g of [1, 2]) anchors.push(await run(g, undefined));
    for (const g of [1, 2]) {
      const accepted = new Set<string>();
      const refused = new Set<string>();
      results.events!.push(await run(g, events(`mp-${g}`, accepted, refused)));
      checks.push(await check(`mp-${g}`, accepted, refused));
    }
    for (const g of [1, 2]) results.code!.push(await run(g, codeLookup));
    for (const g of [1, 2]) {
      const anchor = anchors[g - 1]!;
      row('GET /healthz (anchor)', g, anchor, anchor);
      row('POST events, 1 per request, fresh key', g, results.events![g - 1]!, anchor, checks[g - 1]!);
      row('GET /code/{code}', g, results.code![g - 1]!, anchor);
    }
    const ratio = (k: string) => fmt(results[k]![1]!.rps / results[k]![0]!.rps, 2);

    process.stdout.write(
      [
        '',
        `## Gateways: one process against two (bench/multi-process.ts), ${new Date().toISOString()}`,
        `${describeMachine()}; load average at start ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} (before the services started: ${loadAtStart})`,
        `${connections} connections split evenly over the gateways (autocannon, round-robin by connection), ${duration} s per run; two workers on the task queue throughout.`,
        `CPU columns: % of one core used during the run (gateway 1 / gateway 2, PostgreSQL backends of this database, the load generator, whole machine busy %).`,
        '',
        '| scenario | gateways | req/s | × /healthz | p50 ms | p99 ms | failed | CPU gateways % | CPU PG % | peak busy gateway conns | CPU client % | machine busy % | rows |',
        '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
        ...lines,
        '',
        `Two gateways ÷ one: /healthz ${fmt(anchors[1]!.rps / anchors[0]!.rps, 2)}, events ${ratio('events')}, GET /code ${ratio('code')}.`,
        '',
      ].join('\n'),
    );
  } finally {
    await db.destroy();
    await Promise.all(extra.map(stop));
    await env.stop();
  }
});
