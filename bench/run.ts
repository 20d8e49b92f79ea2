import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PROJECT_ROOT, loadConfig } from '../shared/config';
import { createDb, migrateLatest } from '../shared/db/knex';
import { createTenant } from '../shared/domain/tenants';
import { dropDatabase, ensureDatabase } from '../shared/infra/postgres';
import { ensureLocalInfrastructure } from '../shared/infra/local-infrastructure';
import { createLogger } from '../shared/logger';

/**
 * Gateway throughput: starts PostgreSQL/Temporal like the launcher, a fresh bench database, and a gateway
 * in its own process (so the load generator does not share its event loop), then runs autocannon per
 * scenario and prints a table. BENCH_DURATION (s) and BENCH_CONNECTIONS tune it.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: 'warn', name: 'bench' });
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const { pg, temporal } = await ensureLocalInfrastructure(config, logger);
  const benchUrl = new URL(pg.url);
  benchUrl.pathname = `/referral_bench_${process.pid}`;
  await ensureDatabase(benchUrl.toString());
  const db = createDb({ url: benchUrl.toString(), poolMax: 2 });
  await migrateLatest(db);
  const tenant = await createTenant(db, { alias: 'bench' });
  await db.destroy();

  const port = 18080 + (process.pid % 1000);
  const gateway = spawn(path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['services/gateway/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: benchUrl.toString(),
      TEMPORAL_ADDRESS: temporal.address,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }

  const auth = `Basic ${Buffer.from(`${tenant.apiKey}:`).toString('base64')}`;
  const scenarios = [
    { name: 'GET /healthz (no auth, no I/O)', url: `${base}/healthz` },
    {
      name: 'GET /program (Basic auth + 1 PostgreSQL read)',
      url: `${base}/api/v1/bench/program`,
      headers: { authorization: auth },
    },
    {
      name: 'POST /graphql { tenant { alias mode } }',
      url: `${base}/api/v1/bench/graphql`,
      method: 'POST' as const,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ tenant { alias mode } }' }),
    },
    { name: 'GET /readyz (PostgreSQL + Temporal round trips)', url: `${base}/readyz` },
  ];
  const rows: string[] = [];
  for (const s of scenarios) {
    const r = await autocannon({ ...s, connections, duration });
    rows.push(
      `| ${s.name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`,
    );
  }
  gateway.kill('SIGTERM');
  await new Promise((r) => gateway.once('exit', r));
  await dropDatabase(benchUrl.toString());
  await temporal.stop();
  await pg.stop();

  const header = [
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    `autocannon: ${connections} connections, ${duration} s per scenario, load generator and gateway on the same machine`,
    '',
    '| scenario | req/s (mean) | p50 ms | p99 ms | non-2xx + errors |',
    '|---|---|---|---|---|',
  ];
  process.stdout.write(`${[...header, ...rows].join('\n')}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
