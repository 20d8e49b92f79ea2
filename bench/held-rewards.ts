import os from 'node:os';
import { createDb, type Db } from '../shared/db/knex';
import type { TemporalDeps } from '../shared/temporal/client';
import { connectTemporal } from '../shared/temporal/connection';
import { workflowIds } from '../shared/temporal/workflow-ids';
import { noopWorkflow } from '../workflows/noop.workflow';
import { closedLoop, cpuPercent, createJsonClient, sampleCpu, waitForQuiet, type CpuGroups } from './measure';
import { report, type Creation, type Release, type Sample } from './held-rewards-report';
import { runBench, startBenchEnvironment, type BenchEnvironment } from './support';
import { findWorkerMetricsUrl, rssOfCommandLines, sampleWorkerMemory } from './worker-memory';

/**
 * Held rewards: BENCH_HELD referrals converted under the program's rewardHoldDays, so as many
 * lifecycle workflows wait on a durable timer at once, and the worker's memory sampled at 0, 10 %, 25 %,
 * 50 % and 100 % of them and again after a quiet minute. Each sample is taken once the worker, Temporal
 * and the gateway went quiet, and comes with the rewards PENDING in PostgreSQL and the referral workflows
 * Temporal's visibility counts as running, so every held reward is shown to be a live, waiting workflow.
 *
 * Referrals come from BENCH_REFERRERS referrers (round-robin), each friend identified with referredByCode
 * and accountStatus PAID in one request (attribution and conversion), BENCH_CONCURRENCY at a time.
 * Anchor (same run): the idle worker before anything, and the rate of a no-op workflow start + result.
 *
 * BENCH_RELEASE=1: a "day" is REWARD_DAY_MS (60000 unless set) and the hold BENCH_HOLD_DAYS (20) of them,
 * long enough for the conversions and the quiet minute even at ~15 conversions/s;
 * the bench then waits for every hold to end and reports how the releases followed the hold ends.
 * Otherwise a day is a real day (the holds outlast the bench) and the hold BENCH_HOLD_DAYS (3).
 */
const release = process.env.BENCH_RELEASE === '1';
if (release) process.env.REWARD_DAY_MS ??= '60000';
const held = Number(process.env.BENCH_HELD ?? 10_000);
const referrers = Number(process.env.BENCH_REFERRERS ?? 100);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const holdDays = Number(process.env.BENCH_HOLD_DAYS ?? (release ? 20 : 3));
const quietMs = Number(process.env.BENCH_QUIET ?? 60) * 1000;
const steps = [0.1, 0.25, 0.5, 1].map((f) => Math.round(held * f));

type Json = Record<string, unknown>;
const port = (address: string) => address.slice(address.lastIndexOf(':') + 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

runBench(async () => {
  const alias = `held-${Date.now().toString(36)}`;
  const env = await startBenchEnvironment({ worker: true, tenantAlias: alias });
  const temporal = connectTemporal(
    { ...env.config, temporalAddress: env.temporalAddress },
    { taskQueue: env.taskQueue },
  );
  const db = createDb({ url: env.databaseUrl, poolMax: 2, applicationName: 'bench' });
  const api = createJsonClient(env.apiUrl, { authorization: env.auth }, concurrency * 2);
  const friends: string[] = [];
  const referrerIds: string[] = [];
  let output = '';
  try {
    output = await measure({ env, temporal, db, api, friends, referrerIds });
  } finally {
    await endWorkflows(temporal, env, friends, referrerIds);
    api.close();
    await db.destroy();
    await temporal.close();
    await env.stop();
  }
  process.stdout.write(output);
});

interface Context {
  env: BenchEnvironment;
  temporal: TemporalDeps;
  db: Db;
  api: ReturnType<typeof createJsonClient>;
  friends: string[];
  referrerIds: string[];
}

async function measure(ctx: Context): Promise<string> {
  const { env, temporal, db, api } = ctx;
  const loadAtStart = os.loadavg();
  const workerPid = env.pids.worker!;
  const temporalServer = new RegExp(`temporal.* start-dev .*--port ${port(env.temporalAddress)}\\b`);
  const groups: CpuGroups = {
    gateway: { root: env.pids.gateway },
    worker: { root: workerPid },
    temporal: { cmdline: temporalServer },
  };
  const metricsUrl = await findWorkerMetricsUrl(workerPid);
  if (!metricsUrl) process.stderr.write('bench: worker /metrics not found; heap figures will be empty\n');

  const tenantId = ((await db('tenants').where({ alias: env.tenant.alias }).first('id')) as { id: string })
    .id;
  const rewardCounts = async () => {
    const rows = (await db('rewards')
      .where({ tenant_id: tenantId, reward_source: 'FRIEND_SIGNUP' })
      .groupBy('status')
      .select('status', db.raw('count(*)::int as n'))) as { status: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
  };
  const referralQuery = `TenantAlias = "${env.tenant.alias}" AND WorkflowKind = "referral" AND ExecutionStatus = "Running"`;
  /** Visibility is eventually consistent: poll until it shows `expected` running workflows, up to 60 s. */
  const countRunning = async (expected: number) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [running, converted] = await Promise.all([
        temporal.client.workflow.count(referralQuery),
        temporal.client.workflow.count(`${referralQuery} AND ReferralStatus = "CONVERTED"`),
      ]);
      if ((running.count === expected && converted.count === expected) || Date.now() > deadline) {
        return { running: running.count, converted: converted.count };
      }
      await sleep(1000);
    }
  };

  const samples: Sample[] = [];
  const take = async (label: string, count: number, settleMs: number) => {
    const [memory, rewards, visible] = await Promise.all([
      sampleWorkerMemory(workerPid, metricsUrl),
      rewardCounts(),
      countRunning(count),
    ]);
    samples.push({
      label,
      held: count,
      pending: rewards.PENDING ?? 0,
      available: rewards.AVAILABLE ?? 0,
      ...visible,
      memory,
      temporalRssMb: rssOfCommandLines(temporalServer),
      settleMs,
    });
    process.stderr.write(`bench: sample ${label}: ${JSON.stringify(samples.at(-1))}\n`);
  };

  const settleMs = await waitForQuiet(groups, ['worker', 'temporal', 'gateway']);
  await take('idle, just started (anchor)', 0, settleMs);

  // Anchor: the raw rate of this Temporal server and worker on a no-op workflow, 5 s closed loop.
  process.stderr.write('bench: anchor: no-op workflow start + result\n');
  const noop = await closedLoop({
    concurrency: 20,
    durationMs: 5000,
    op: async (n) => {
      await temporal.client.workflow.execute(noopWorkflow, {
        taskQueue: env.taskQueue,
        workflowId: workflowIds.benchNoop(env.runId, n),
      });
      return 'ok';
    },
  });
  await take('after the no-op anchor', 0, await waitForQuiet(groups, ['worker', 'temporal', 'gateway']));

  const program = await api.request('PATCH', '/program', { rewardHoldDays: holdDays });
  if (program.status !== 200 || program.body?.rewardHoldDays !== holdDays) {
    throw new Error(`setting rewardHoldDays failed: ${program.status} ${JSON.stringify(program.body)}`);
  }
  const codes: string[] = [];
  for (let r = 0; r < referrers; r += 1) {
    const id = `${env.runId}-referrer-${r}`;
    const answer = await api.request('PUT', `/open/account/${id}/user/u`, {
      firstName: 'Ref',
      lastName: `${r}`,
    });
    if (typeof answer.body?.shareCode !== 'string') throw new Error(`referrer ${r}: ${answer.status}`);
    codes.push(answer.body.shareCode);
    ctx.referrerIds.push(id);
  }

  const creation: Creation = { count: 0, ms: 0, failed: 0, latenciesMs: [], cpu: [] };
  let done = 0;
  for (const target of steps) {
    process.stderr.write(`bench: converting referrals ${done + 1}..${target}\n`);
    const first = done;
    const failures: string[] = [];
    const before = sampleCpu(groups);
    const result = await closedLoop({
      concurrency,
      limit: target - first,
      op: async (n) => {
        const id = `${env.runId}-friend-${first + n}`;
        ctx.friends.push(id);
        const answer = await api.request('PUT', `/open/account/${id}/user/u`, {
          firstName: 'Friend',
          lastName: `${first + n}`,
          referredByCode: codes[(first + n) % codes.length],
          accountStatus: 'PAID',
        });
        const referredBy = answer.body?.referredBy as Json | null | undefined;
        if (answer.status === 200 && referredBy?.status === 'CONVERTED') return 'ok';
        if (failures.length < 3)
          failures.push(`${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
        return answer.status === 200 ? 'unexpected' : 'non2xx';
      },
    });
    process.stderr.write(`bench: ${JSON.stringify(result.counts)} in ${Math.round(result.elapsedMs)} ms\n`);
    if (result.counts.ok < result.done * 0.99) {
      throw new Error(
        `conversions failed: ${JSON.stringify(result.counts)}; first answers: ${failures.join(' | ')}`,
      );
    }
    creation.cpu.push({ count: result.done, ...cpuPercent(before, sampleCpu(groups)) });
    creation.count += result.counts.ok;
    creation.failed += result.done - result.counts.ok;
    creation.ms += result.elapsedMs;
    creation.latenciesMs.push(...result.latenciesMs);
    done = target;
    await take(`${target} held`, target, await waitForQuiet(groups, ['worker', 'temporal', 'gateway']));
  }

  process.stderr.write(`bench: quiet for ${quietMs / 1000} s\n`);
  const quietBefore = sampleCpu(groups);
  await sleep(quietMs);
  const quietCpu = cpuPercent(quietBefore, sampleCpu(groups));
  await take(`${held} held, after ${quietMs / 1000} s quiet`, held, 0);

  const releaseResult = release ? await awaitRelease(ctx, tenantId, workerPid, metricsUrl) : undefined;
  return report({
    loadAtStart,
    held,
    referrers,
    concurrency,
    holdDays,
    dayMs: env.config.REWARD_DAY_MS,
    samples,
    noop,
    creation,
    quietMs,
    quietCpu,
    release: releaseResult,
    metricsFound: metricsUrl !== undefined,
  });
}

/** Polls PostgreSQL every 2 s until every held reward is AVAILABLE (or 10 min after the last hold end). */
async function awaitRelease(ctx: Context, tenantId: string, workerPid: number, metricsUrl?: string) {
  const { db } = ctx;
  const bounds = (await db('rewards')
    .where({ tenant_id: tenantId, reward_source: 'FRIEND_SIGNUP' })
    .first(db.raw('min(hold_until) as first'), db.raw('max(hold_until) as last'))) as {
    first: Date;
    last: Date;
  };
  process.stderr.write(
    `bench: waiting for the holds to end (${bounds.first.toISOString()} .. ${bounds.last.toISOString()})\n`,
  );
  const out: Release = {
    firstHoldEnd: bounds.first.getTime(),
    lastHoldEnd: bounds.last.getTime(),
    points: [],
    peakRssMb: 0,
    peakHeapMb: 0,
    maxBacklog: 0,
    allAvailableAt: null,
    workerCpu: Number.NaN,
  };
  const giveUp = out.lastHoldEnd + 10 * 60_000;
  let cpuBefore: ReturnType<typeof sampleCpu> | undefined;
  for (;;) {
    const now = Date.now();
    if (!cpuBefore && now >= out.firstHoldEnd) cpuBefore = sampleCpu({ worker: { root: workerPid } });
    const row = (await db('rewards')
      .where({ tenant_id: tenantId, reward_source: 'FRIEND_SIGNUP' })
      .first(
        db.raw("count(*) filter (where status = 'AVAILABLE')::int as available"),
        db.raw("count(*) filter (where status = 'PENDING')::int as pending"),
        db.raw('count(*) filter (where hold_until <= clock_timestamp())::int as due'),
      )) as { available: number; pending: number; due: number };
    const memory = await sampleWorkerMemory(workerPid, metricsUrl);
    if (now >= out.firstHoldEnd - 5000) {
      out.points.push({ at: now, ...row, rssMb: memory.rssMb });
      out.peakRssMb = Math.max(out.peakRssMb, memory.rssMb);
      out.peakHeapMb = Math.max(out.peakHeapMb, memory.heapUsedMb);
      out.maxBacklog = Math.max(out.maxBacklog, row.due - row.available);
    }
    if (row.pending === 0) {
      out.allAvailableAt = now;
      break;
    }
    if (now > giveUp) break;
    await sleep(2000);
  }
  if (cpuBefore) out.workerCpu = cpuPercent(cpuBefore, sampleCpu({ worker: { root: workerPid } })).worker!;
  return out;
}

/** This run's lifecycle and discount workflows stay open: terminate them (best effort), as lifecycle.ts does. */
async function endWorkflows(
  temporal: TemporalDeps,
  env: BenchEnvironment,
  friends: string[],
  refs: string[],
) {
  if (process.env.BENCH_KEEP_WORKFLOWS === '1') return;
  const ids = [
    ...new Set(friends.map((id) => workflowIds.referral(env.tenant.alias, id))),
    ...refs.map((id) => workflowIds.discountSync(env.tenant.alias, id)),
  ];
  if (ids.length === 0) return;
  process.stderr.write(`bench: terminating ${ids.length} workflows\n`);
  await closedLoop({
    concurrency,
    limit: ids.length,
    op: async (n) => {
      await temporal.client.workflow
        .getHandle(ids[n]!)
        .terminate('benchmark finished')
        .catch(() => undefined);
      return 'ok';
    },
  });
}
