import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { createDb } from '../shared/db/knex';
import { IDEMPOTENCY_RETENTION_MS } from '../shared/idempotency';
import { STORE_EVENTS_SQL } from '../shared/repos/user-events-store';
import {
  cpuPercent,
  createJsonClient,
  failures,
  fmt,
  pacedLoop,
  percentile,
  perSecond,
  sampleCpu,
  type CpuGroups,
} from './measure';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * The hot API paths as ratios to anchors measured in the same run (this machine's speed varies several
 * times over from day to day), gateway in its own process (bench/support.ts):
 *   - GET /code/{code} (warm) and replays of a used key (409), against GET /healthz, each with the
 *     gateway's CPU per answer;
 *   - one event per request with a fresh key, against pgbench running the gateway's own store statement
 *     (shared/repos/user-events-store.ts) with the same durability, one request per transaction;
 *   - p50 and p99 of one event per request sent on time (an open loop) at a quarter, half and all of
 *     BENCH_RATE (2,000) req/s, each with the CPU the gateway, PostgreSQL and the client took and the
 *     requests per commit.
 * Knobs: BENCH_DURATION (s per scenario, 10), BENCH_CONNECTIONS (64), BENCH_RATE (2000), BENCH_ONLY
 * (code | replay | events: the anchors and that scenario alone, for a CPU profile with
 * BENCH_PROFILE_DIR; then `tsx bench/profile-summary.ts <dir>`).
 */
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const rate = Number(process.env.BENCH_RATE ?? 2000);
const only = process.env.BENCH_ONLY;
const USERS = 200;
const run = (name: string) => only === undefined || only === name;
const failed = (r: autocannon.Result, ok = (s: number) => s < 300) =>
  r.errors +
  Object.entries(r.statusCodeStats ?? {}).reduce((n, [s, v]) => n + (ok(Number(s)) ? 0 : (v.count ?? 0)), 0);
const mark = (ok: boolean) => (ok ? '✓' : '✗');
/** Transactions committed in the bench database so far (the gateway's store statements among them). */
const COMMITS_SQL = 'select xact_commit as n from pg_stat_database where datname = current_database()';

/**
 * The gateway's store statement as a pgbench script: one request with one event under a fresh key for
 * one of the bench's users, ids time-ordered as the gateway's uuid v7 are.
 */
function pgbenchScript(tenantId: string, runId: string): string {
  const uuid7 = `(lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 19))::uuid`;
  const input = `jsonb_build_array(jsonb_build_object('req', 0, 'tenant_id', '${tenantId}', 'key', gen_random_uuid()::text, 'received_at', now(), 'events', jsonb_build_array(jsonb_build_object('id', ${uuid7}, 'account_id', '${runId}-a' || :u, 'user_id', 'u' || :u, 'event_key', 'bench-pgbench', 'fields', '{"revenue":49.5,"currency":"USD","order_id":"order-0"}'::jsonb, 'triggered_ms', (extract(epoch from now()) * 1000)::bigint))))`;
  const sql = STORE_EVENTS_SQL.replace('?::jsonb', input).replace(
    '?::bigint',
    String(IDEMPOTENCY_RETENTION_MS),
  );
  return `\\set u random(0, ${USERS - 1})\n${sql.trim()};\n`;
}

async function pgbench(databaseUrl: string, script: string): Promise<{ tps: number; p99?: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbench-'));
  const file = path.join(dir, 'store-event.sql');
  fs.writeFileSync(file, script);
  const args = ['-n', '-c', String(connections), '-j', '2', '-T', String(duration), '-f', file, databaseUrl];
  const { stdout } = await promisify(execFile)('pgbench', args, { maxBuffer: 1 << 24 });
  fs.rmSync(dir, { recursive: true, force: true });
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return { tps };
}

runBench(async () => {
  const env = await startBenchEnvironment();
  const db = createDb({ url: env.databaseUrl, poolMax: 2, applicationName: 'bench' });
  const rows: string[] = [];
  const targets: string[] = [];
  try {
    const json = { authorization: env.auth, 'content-type': 'application/json' };
    const root = new URL(env.apiUrl).pathname;
    const users = Array.from({ length: USERS }, (_, i) => ({
      path: `${root}/open/account/${env.runId}-a${i}/user/u${i}`,
      ids: `"accountId":"${env.runId}-a${i}","userId":"u${i}"`,
      body: { accountId: `${env.runId}-a${i}`, userId: `u${i}` },
    }));
    const identified = await Promise.all(
      users.map((u, i) =>
        fetch(`${env.baseUrl}${u.path}`, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ firstName: 'Bench', lastName: `User${i}` }),
        }).then(async (r) => ({ ok: r.ok, body: (await r.json()) as { shareCode?: string } })),
      ),
    );
    if (!identified.every((r) => r.ok)) throw new Error('identifying the bench users failed');
    const shareCode = identified[0]!.body.shareCode!;
    const eventList = [{ key: 'bench-hot', fields: { revenue: 49.5, currency: 'USD', order_id: 'order-0' } }];
    const event = JSON.stringify(eventList);
    let nextUser = 0;
    const freshKeyRequest = {
      method: 'POST' as const,
      setupRequest: (req: autocannon.Request) => {
        const user = users[nextUser++ % USERS]!;
        const body = `{${user.ids},"idempotencyKey":"${crypto.randomUUID()}","events":${event}}`;
        return { ...req, path: `${user.path}/events`, body };
      },
    };
    const load = (options: autocannon.Options) =>
      autocannon({ connections, duration, ...options } as autocannon.Options);
    // The gateway's CPU time per answer: a finer measure than the rate (which moves with the machine),
    // and the share of the route's cost that is the gateway's own.
    const gatewayCpu: CpuGroups = { gateway: { root: env.pids.gateway } };
    const measured = async (options: autocannon.Options) => {
      const before = sampleCpu(gatewayCpu);
      const r = await load(options);
      const percent = cpuPercent(before, sampleCpu(gatewayCpu)).gateway!;
      return Object.assign(r, { cpuUs: (percent * 1e4) / r.requests.average });
    };
    await load({ url: `${env.baseUrl}/healthz`, duration: 2 }); // warm-up

    const healthz = await measured({ url: `${env.baseUrl}/healthz` });
    const anchor = healthz.requests.average;
    const line = (name: string, r: autocannon.Result, perS: number, ratio: string, bad: number) =>
      rows.push(`| ${name} | ${fmt(perS)}/s | ${r.latency.p50} | ${r.latency.p99} | ${bad} | ${ratio} |`);
    const cpuNote = (r: { cpuUs: number }) => `; gateway ${fmt(r.cpuUs, 1)} µs CPU/answer`;
    line('GET /healthz (anchor: no auth, no I/O)', healthz, anchor, `1${cpuNote(healthz)}`, failed(healthz));

    if (run('code')) {
      const url = `${env.apiUrl}/code/${shareCode}`;
      await load({ url, headers: { authorization: env.auth }, duration: 2 });
      const r = await measured({ url, headers: { authorization: env.auth } });
      const ratio = r.requests.average / anchor;
      const shown = `${ratio.toFixed(2)} × /healthz${cpuNote(r)}`;
      line('GET /code/{code}, warm', r, r.requests.average, shown, failed(r));
      targets.push(`${mark(ratio >= 0.7)} GET /code ≥ 0.7 × /healthz: ${ratio.toFixed(2)}`);
    }

    if (run('replay')) {
      const user = users[0]!;
      const body = `{${user.ids},"idempotencyKey":"bench-replayed-key","events":${event}}`;
      const first = await fetch(`${env.baseUrl}${user.path}/events`, { method: 'POST', headers: json, body });
      if (!first.ok) throw new Error(`the replayed key's first use failed: ${first.status}`);
      const options = {
        url: `${env.baseUrl}${user.path}/events`,
        method: 'POST' as const,
        headers: json,
        body,
      };
      await load({ ...options, duration: 2 });
      const r = await measured(options);
      const perS = (r.statusCodeStats?.['409']?.count ?? 0) / r.duration;
      const ratio = perS / anchor;
      line(
        'replayed key (409), 1 event',
        r,
        perS,
        `${ratio.toFixed(2)} × /healthz${cpuNote(r)}`,
        failed(r, (s) => s === 409),
      );
      targets.push(`${mark(ratio >= 0.5)} replays ≥ 0.5 × /healthz: ${ratio.toFixed(2)}`);
    }

    if (run('events')) {
      const tenantId = (await db('tenants').where({ alias: env.tenant.alias }).first('id')).id as string;
      const pg = await pgbench(env.databaseUrl, pgbenchScript(tenantId, env.runId));
      rows.push(
        `| pgbench, the store statement, 1 event per transaction (anchor) | ${fmt(pg.tps)}/s | - | - | - | 1 |`,
      );
      await load({ url: env.baseUrl, headers: json, requests: [freshKeyRequest], duration: 2 });
      const r = await load({ url: env.baseUrl, headers: json, requests: [freshKeyRequest] });
      const perS = r['2xx'] / r.duration;
      const ratio = perS / pg.tps;
      line('1 event/request, fresh key, closed loop', r, perS, `${ratio.toFixed(2)} × pgbench`, failed(r));
      targets.push(`${mark(ratio >= 0.8)} 1 event/request ≥ 0.8 × pgbench: ${ratio.toFixed(2)}`);
      let answered = r['2xx'];
      // The tail at the target rate and below it, each request sent on time whether or not earlier ones
      // answered (pacedLoop; autocannon's overallRate sends each connection's share of a second at once,
      // which measures bursts), with where the machine's CPU went and how many requests shared a commit.
      const cpuGroups: CpuGroups = {
        gateway: { root: env.pids.gateway },
        postgres: { cmdline: new RegExp(`^postgres: .*${new URL(env.databaseUrl).pathname.slice(1)} `) },
        client: { pid: process.pid },
      };
      const commits = async () => Number((await db.raw<{ rows: { n: string }[] }>(COMMITS_SQL)).rows[0]!.n);
      const client = createJsonClient(env.baseUrl, { authorization: env.auth }, connections);
      let p99AtRate = Number.NaN;
      try {
        for (const at of [...new Set([rate / 4, rate / 2, rate])]) {
          const [cpuBefore, commitsBefore] = [sampleCpu(cpuGroups), await commits()];
          const p = await pacedLoop({
            ratePerSecond: at,
            count: at * duration,
            op: async (i) => {
              const user = users[i % USERS]!;
              const body = { ...user.body, idempotencyKey: crypto.randomUUID(), events: eventList };
              return (await client.request('POST', `${user.path}/events`, body)).status === 200
                ? 'ok'
                : 'non2xx';
            },
          });
          const cpu = cpuPercent(cpuBefore, sampleCpu(cpuGroups));
          const perCommit = p.counts.ok / Math.max(1, (await commits()) - commitsBefore);
          const [p50, p99] = [percentile(p.latenciesMs, 50), percentile(p.latenciesMs, 99)];
          rows.push(
            `| same, paced at ${fmt(at)} req/s (open loop) | ${fmt(perSecond(p))}/s | ${fmt(p50, 1)} | ${fmt(p99, 1)} | ${failures(p)} | - |`,
            `| (at ${fmt(at)} req/s: CPU % of a core gateway ${fmt(cpu.gateway!)}, PostgreSQL ${fmt(cpu.postgres!)}, ` +
              `load client ${fmt(cpu.client!)}, machine busy ${fmt(cpu.machine)} %; ${fmt(perCommit, 1)} requests per commit; ` +
              `sender late by ${fmt(p.maxLagMs, 1)} ms at most) | | | | | |`,
          );
          answered += p.counts.ok;
          p99AtRate = p99;
        }
      } finally {
        client.close();
      }
      targets.push(`${mark(p99AtRate <= 20)} p99 ≤ 20 ms at ${fmt(rate)} req/s: ${fmt(p99AtRate, 1)} ms`);
      const [{ n }] = (await db('user_events').where({ key: 'bench-hot' }).count('* as n')) as {
        n: string;
      }[];
      rows.push(
        `| (rows stored for the gateway's events: ${fmt(Number(n))}, 2xx ${fmt(answered)} plus the warm-up's) | | | | | |`,
      );
    }
  } finally {
    await db.destroy();
    await env.stop();
  }
  process.stdout.write(
    [
      describeMachine(),
      `autocannon and pgbench: ${connections} connections, ${duration} s per scenario, on the same machine as the gateway and PostgreSQL; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
      '',
      '| scenario | rate | p50 ms | p99 ms | failed | ratio |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
      ...targets,
      '',
    ].join('\n'),
  );
});
