import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { createDb, type Db } from '../shared/db/knex';
import { setTenantRateLimit } from '../shared/domain/tenants/tenant-rate-limits';
import { createTenant, type IssuedKey } from '../shared/domain/tenants/tenants';
import {
  cpuPercent,
  createJsonClient,
  fmt,
  pacedLoop,
  percentile,
  sampleCpu,
  type CpuGroups,
  type Outcome,
} from './measure';
import { describeMachine, runBench, startBenchEnvironment, type BenchEnvironment } from './support';

/**
 * The noisy neighbour: tenant B sends a steady, moderate load of user events while tenant A floods the same
 * gateway with large event batches. A has a rate-limit override (BENCH_A_RPS requests/s, burst 2 s of it,
 * set as `npm run tenant:set-rate-limit` does); B has the defaults. Scenarios:
 *   1. B alone: one event per request, fresh idempotency key, open loop at BENCH_B_RATE req/s;
 *   2. B with A at its limit: A paced at exactly BENCH_A_RPS req/s, BENCH_A_EVENTS events per request;
 *   3. B with A above its limit: A paced at BENCH_A_OVER times its limit (the excess answered 429 before
 *      its body is read);
 *   4. B with A flooding: A in a closed loop on BENCH_A_CONNECTIONS connections, as fast as the gateway
 *      answers (thousands of 429s a second);
 *   5. B with A flooding and no override (A on the gateway's defaults): what the limit contains.
 * The scenarios run in turn, BENCH_ROUNDS times, BENCH_DURATION s each, and B's latencies are pooled per
 * scenario: on a shared machine, interleaving keeps drift from landing on one scenario. A runs in an
 * autocannon worker thread, so B's latencies are measured on an event loop of their own.
 * Target: with A at or above its limit, B's p50 and p99 within 2× of B alone.
 */
const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const bRate = Number(process.env.BENCH_B_RATE ?? 100);
const aRps = Number(process.env.BENCH_A_RPS ?? 50);
const aEvents = Number(process.env.BENCH_A_EVENTS ?? 100);
const aOver = Number(process.env.BENCH_A_OVER ?? 10);
const aConnections = Number(process.env.BENCH_A_CONNECTIONS ?? 32);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const USERS = 50;

type Json = Record<string, unknown>;

/** One scenario's figures, pooled over its rounds. */
interface Pooled {
  name: string;
  /** A's load, if any: its rate (closed loop when absent) and whether A has its override. */
  a?: { rate?: number; limited: boolean };
  latenciesMs: number[];
  bFailures: number;
  bSeconds: number;
  aOk: number;
  aLimited: number;
  aOther: number;
  aSeconds: number;
  cpu: Record<string, number>[];
  /** The gateway's event-loop delay (max over runs, ms) and GC time (ms per second of run), per run. */
  loop: { maxLagMs: number; p99LagMs: number; gcMsPerS: number }[];
}

/** The gateway's event-loop delay since the last scrape (prom-client resets it on each) and GC time so far. */
async function gatewayLoop(baseUrl: string) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const value = (name: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith(name))
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
  return {
    maxLagMs: value('nodejs_eventloop_lag_max_seconds') * 1000,
    p99LagMs: value('nodejs_eventloop_lag_p99_seconds') * 1000,
    gcMs: value('nodejs_gc_duration_seconds_sum') * 1000,
  };
}

/** Identifies USERS users of a tenant through the API; returns their ids and the Basic header. */
async function identifyUsers(env: BenchEnvironment, tenant: IssuedKey, prefix: string) {
  const auth = `Basic ${Buffer.from(`${tenant.apiKey}:`).toString('base64')}`;
  const api = createJsonClient(`${env.baseUrl}/api/v1/${tenant.alias}`, { authorization: auth }, 8);
  try {
    const users = Array.from({ length: USERS }, (_, i) => ({
      accountId: `${prefix}-${env.runId}-a${i}`,
      userId: `u${i}`,
    }));
    for (const u of users) {
      const res = await api.request('PUT', `/open/account/${u.accountId}/user/${u.userId}`, {});
      if (res.status !== 200) throw new Error(`identifying ${tenant.alias} users failed: ${res.status}`);
    }
    return { auth, users };
  } finally {
    api.close();
  }
}

const eventsJson = (tag: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    key: tag,
    fields: { revenue: 49.5, currency: 'USD', order_id: `order-${i}` },
  }));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

runBench(async () => {
  const env = await startBenchEnvironment({ tenantAlias: 'quiet' });
  const db: Db = createDb({ url: env.databaseUrl, poolMax: 2, applicationName: 'bench' });
  const scenarios: Pooled[] = [
    { name: '1. B alone' },
    { name: `2. B + A at its limit (${aRps} req/s × ${aEvents} events)`, a: { rate: aRps, limited: true } },
    {
      name: `3. B + A at ${aOver}× its limit (${aOver * aRps} req/s)`,
      a: { rate: aOver * aRps, limited: true },
    },
    { name: `4. B + A flooding, ${aConnections} connections, closed loop`, a: { limited: true } },
    { name: '5. B + A flooding, no override (not contained)', a: { limited: false } },
  ].map((s) => ({
    ...s,
    latenciesMs: [],
    bFailures: 0,
    bSeconds: 0,
    aOk: 0,
    aLimited: 0,
    aOther: 0,
    aSeconds: 0,
    cpu: [],
    loop: [],
  }));
  let anchor = '';
  try {
    const quiet = env.tenant;
    const noisy = await createTenant(db, { alias: 'noisy' });
    const b = await identifyUsers(env, quiet, 'b');
    const a = await identifyUsers(env, noisy, 'a');

    // B is another client than A (its own address), as it would be in production: the gateway's
    // MAX_CONNECTIONS_PER_ADDRESS would otherwise count A's and B's connections together.
    const bClient = createJsonClient(
      `${env.baseUrl}/api/v1/${quiet.alias}`,
      { authorization: b.auth },
      64,
      '127.0.0.2',
    );
    const bEvents = eventsJson('bench-b', 1);
    let nextUser = 0;
    /** B's load: one event per request under a fresh key, paced; latency runs from the intended send. */
    const runB = (seconds: number) =>
      pacedLoop({
        ratePerSecond: bRate,
        count: Math.round(bRate * seconds),
        op: async (): Promise<Outcome> => {
          const user = b.users[nextUser++ % b.users.length]!;
          const body: Json = { ...user, idempotencyKey: crypto.randomUUID(), events: bEvents };
          const path = `/open/account/${user.accountId}/user/${user.userId}/events`;
          const res = await bClient.request('POST', path, body);
          return res.status === 200 ? 'ok' : 'non2xx';
        },
      });

    /** A's load in a worker thread: one user's events path, a static body without a key. */
    const aUser = a.users[0]!;
    const runA = (seconds: number, rate: number | undefined) =>
      autocannon({
        url: `${env.baseUrl}/api/v1/${noisy.alias}/open/account/${aUser.accountId}/user/${aUser.userId}/events`,
        method: 'POST',
        headers: { authorization: a.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ ...aUser, events: eventsJson('bench-a', aEvents) }),
        duration: seconds,
        workers: 1,
        ...(rate === undefined
          ? { connections: aConnections }
          : {
              connections: Math.min(aConnections, rate),
              overallRate: rate,
              ignoreCoordinatedOmission: true,
            }),
      });

    const groups: CpuGroups = {
      gateway: { root: env.pids.gateway },
      postgres: { cmdline: new RegExp(`^postgres: .*${new URL(env.databaseUrl).pathname.slice(1)} `) },
      bench: { pid: process.pid }, // B's client and A's autocannon worker thread
    };
    let limited: boolean | undefined;
    const run = async (s: Pooled) => {
      if (s.a && s.a.limited !== limited) {
        // As the CLI does; the gateway reloads the tenant row at the NOTIFY.
        await setTenantRateLimit(db, noisy.alias, s.a.limited ? { rps: aRps, burst: 2 * aRps } : null);
        limited = s.a.limited;
        await pause(500);
      }
      const loopBefore = await gatewayLoop(env.baseUrl);
      const before = sampleCpu(groups);
      // A starts first and runs a second longer, so B's whole window is under A's load.
      const aRun = s.a && runA(duration + 1, s.a.rate);
      if (aRun) await pause(500);
      const bRun = await runB(duration);
      const aResult = aRun && (await aRun);
      s.cpu.push(cpuPercent(before, sampleCpu(groups)));
      const loopAfter = await gatewayLoop(env.baseUrl);
      s.loop.push({
        maxLagMs: loopAfter.maxLagMs,
        p99LagMs: loopAfter.p99LagMs,
        gcMsPerS: (loopAfter.gcMs - loopBefore.gcMs) / (duration + 1),
      });
      s.latenciesMs.push(...bRun.latenciesMs);
      s.bFailures += bRun.counts.non2xx + bRun.counts.error + bRun.counts.unexpected;
      s.bSeconds += bRun.elapsedMs / 1000;
      if (aResult) {
        const stats = aResult.statusCodeStats ?? {};
        const ok = stats['200']?.count ?? 0;
        const refused = stats['429']?.count ?? 0;
        const all = Object.values(stats).reduce((sum, c) => sum + (c.count ?? 0), 0);
        s.aOk += ok;
        s.aLimited += refused;
        s.aOther += all - ok - refused + aResult.errors;
        s.aSeconds += aResult.duration;
      }
      await pause(1000); // requests cut off at the end finish, A's last batches commit
    };

    if (warmup > 0) {
      process.stderr.write('bench: warm-up\n');
      await runB(warmup);
    }
    const reference = await autocannon({ url: `${env.baseUrl}/healthz`, connections: 32, duration });
    anchor = `GET /healthz, same run (32 connections, no auth, no I/O): ${fmt(reference.requests.average)} req/s, p50 ${reference.latency.p50} ms, p99 ${reference.latency.p99} ms`;
    for (let round = 1; round <= rounds; round += 1) {
      for (const s of scenarios) {
        process.stderr.write(`bench: round ${round}/${rounds}, ${s.name}\n`);
        await run(s);
      }
    }
    bClient.close();
  } finally {
    await db.destroy();
    await env.stop();
  }

  const alone = scenarios[0]!;
  const p = (s: Pooled, q: number) => percentile(s.latenciesMs, q);
  const ratio = (s: Pooled, q: number) => p(s, q) / p(alone, q);
  const mean = (s: Pooled, key: string) => s.cpu.reduce((sum, c) => sum + (c[key] ?? NaN), 0) / s.cpu.length;
  const lines = scenarios.map((s) => {
    const a = s.a
      ? `${fmt(s.aOk / s.aSeconds)} / ${fmt(s.aLimited / s.aSeconds)}${s.aOther > 0 ? ` (+${s.aOther} other)` : ''}`
      : '-';
    const cpu = ['gateway', 'postgres', 'bench', 'machine'].map((k) => fmt(mean(s, k))).join(' / ');
    const loop = `${fmt(Math.max(...s.loop.map((l) => l.p99LagMs)), 1)} / ${fmt(Math.max(...s.loop.map((l) => l.maxLagMs)), 1)} / ${fmt(s.loop.reduce((sum, l) => sum + l.gcMsPerS, 0) / s.loop.length, 1)}`;
    return `| ${s.name} | ${fmt(p(s, 50), 1)} | ${fmt(p(s, 99), 1)} | ${fmt(ratio(s, 50), 2)}× | ${fmt(ratio(s, 99), 2)}× | ${fmt(s.latenciesMs.length / s.bSeconds)} req/s, ${s.bFailures} failed | ${a} | ${cpu} | ${loop} |`;
  });
  // The target applies to A held by its limit: at it, above it at a set rate, and flooding.
  const verdicts = scenarios.slice(1, 4).map((s) => {
    const met = ratio(s, 50) <= 2 && ratio(s, 99) <= 2;
    return `- ${met ? '✓' : '✗'} ${s.name}: p50 ${fmt(ratio(s, 50), 2)}×, p99 ${fmt(ratio(s, 99), 2)}×`;
  });
  const output = [
    describeMachine(),
    `B: ${bRate} req/s open loop, 1 event/request, fresh key, ${USERS} users; A: limit ${aRps} req/s (burst ${2 * aRps}), ${aEvents} events/request; ${rounds} rounds of ${duration} s per scenario, interleaved, B's samples pooled; load generator, gateway and PostgreSQL on the same machine`,
    anchor,
    '',
    '| scenario | B p50 ms | B p99 ms | B p50 vs alone | B p99 vs alone | B sent | A 2xx/s / 429/s | CPU %: gateway / PostgreSQL / load generator (of one core) / machine (of all) | gateway event loop: delay p99 / max ms, GC ms per s |',
    '|---|---|---|---|---|---|---|---|---|',
    ...lines,
    '',
    "Target: B's p50 and p99 within 2× of B alone while A is held to its limit:",
    ...verdicts,
  ];
  process.stdout.write(`${output.join('\n')}\n`);
});
