import type { TemporalDeps } from '../shared/temporal/client';
import { connectTemporal } from '../shared/temporal/connection';
import { workflowIds } from '../shared/temporal/workflow-ids';
import { noopWorkflow } from '../workflows/noop.workflow';
import {
  closedLoop,
  cpuPercent,
  createJsonClient,
  pacedLoop,
  perSecond,
  sampleCpu,
  waitForQuiet,
  type CpuGroups,
  type LoadResult,
  type Outcome,
} from './measure';
import { report, type Phase } from './lifecycle-report';
import { PUBLISH_RULES, TEN_RULES } from './lifecycle-rules';
import { runBench, startBenchEnvironment, type BenchEnvironment } from './support';

/**
 * Referral lifecycle throughput and latency through the API (gateway + worker processes), against the
 * raw rate at which the same Temporal server and worker start and finish a no-op workflow, measured in
 * the same run with the same concurrency. Tunables: BENCH_DURATION (s per phase), BENCH_CONCURRENCY
 * (closed-loop clients), BENCH_LATENCY_RATE (req/s of the latency phase), BENCH_WARMUP (s),
 * BENCH_FRAUD_SIGNALS (1: identifications carry e-mails and device ids and the program a velocity limit,
 * so every fraud signal is computed; 0: none of that), BENCH_RULES (1: after phase (b), ten reward rules
 * are published and (b) runs again: the cost of rules per pair, in the same run; 0: not).
 *
 * Raw rate: BENCH_CONCURRENCY loops in this process, each starting `noopWorkflow` (returns at once) on
 * the worker's task queue with a Temporal client and starting the next when it is done. "start only"
 * counts accepted starts per second; "start + result" counts workflows started and seen completed
 * (`workflow.execute`) per second. A conversion answers only after the lifecycle workflow ran its
 * reconcile activity, so "start + result" is the like-for-like ceiling the pairs are compared with; it
 * is measured before and after the pairs and the ratio uses the mean of the two.
 */
const duration = Number(process.env.BENCH_DURATION ?? 10) * 1000;
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);
const latencyRate = Number(process.env.BENCH_LATENCY_RATE ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 2) * 1000;
const fraudSignals = process.env.BENCH_FRAUD_SIGNALS !== '0';
const withRules = process.env.BENCH_RULES !== '0';

type Json = Record<string, unknown>;
const port = (address: string) => address.slice(address.lastIndexOf(':') + 1);
const status = (body: Json | undefined, key: 'referral' | 'referredBy') =>
  (body?.[key] as { status?: string } | null | undefined)?.status;

function verdict(answer: { status: number; body: Json | undefined }, check?: () => boolean): Outcome {
  if (answer.status < 200 || answer.status >= 300) return 'non2xx';
  return !check || check() ? 'ok' : 'unexpected';
}

runBench(async () => {
  const env = await startBenchEnvironment({ worker: true });
  const temporal = connectTemporal(
    { ...env.config, temporalAddress: env.temporalAddress },
    { taskQueue: env.taskQueue },
  );
  const api = createJsonClient(env.apiUrl, { authorization: env.auth }, concurrency * 2);
  const attributed: string[] = [];
  let output = '';
  try {
    output = await measure(env, temporal, api, attributed);
  } finally {
    await endLifecycles(temporal, env, attributed);
    api.close();
    await temporal.close();
    await env.stop();
  }
  process.stdout.write(output);
});

async function measure(
  env: BenchEnvironment,
  temporal: TemporalDeps,
  api: ReturnType<typeof createJsonClient>,
  attributed: string[],
): Promise<string> {
  const groups: CpuGroups = {
    gateway: { root: env.pids.gateway },
    worker: { root: env.pids.worker },
    // The dev server listening on our address, and the PostgreSQL backends serving our database.
    temporal: { cmdline: new RegExp(`temporal.* start-dev .*--port ${port(env.temporalAddress)}\\b`) },
    postgres: { cmdline: new RegExp(`^postgres: .*${new URL(env.databaseUrl).pathname.slice(1)} `) },
    bench: { pid: process.pid }, // its children are the gateway and the worker
  };
  const phases: Phase[] = [];
  const run = async (
    name: string,
    unit: string,
    load: () => Promise<LoadResult>,
    pairs = false,
  ): Promise<LoadResult> => {
    process.stderr.write(`bench: ${name}\n`);
    const before = sampleCpu(groups);
    const result = await load();
    phases.push({ name, unit, result, cpu: cpuPercent(before, sampleCpu(groups)), pairs });
    return result;
  };

  // Every fraud signal's work on: e-mails and device ids to compare, and a velocity limit
  // high enough never to fire but read at each attribution. BENCH_FRAUD_SIGNALS=0 leaves them out.
  if (fraudSignals) {
    const limit = await api.request('PATCH', '/program', { maxAttributionsPerReferrerPerHour: 100_000 });
    if (limit.status !== 200) throw new Error(`setting the velocity limit failed: ${limit.status}`);
  }
  const referrer = await api.request('PUT', `/open/account/ref-${env.runId}/user/referrer`, {
    firstName: 'Bench',
    lastName: 'Referrer',
    ...(fraudSignals && { email: 'bench.referrer@example.com', deviceId: 'bench-referrer-device' }),
  });
  const code = referrer.body?.shareCode;
  if (typeof code !== 'string') throw new Error(`identifying the referrer failed: ${referrer.status}`);

  let noop = 0;
  const noopOptions = () => ({
    taskQueue: env.taskQueue,
    workflowId: workflowIds.benchNoop(env.runId, (noop += 1)),
  });
  const startOnly = async (): Promise<Outcome> => {
    await temporal.client.workflow.start(noopWorkflow, noopOptions());
    return 'ok';
  };
  const startAndResult = async (): Promise<Outcome> => {
    await temporal.client.workflow.execute(noopWorkflow, noopOptions());
    return 'ok';
  };
  const account = (phase: string, n: number) => `${env.runId}-${phase}-${n}`;
  const identify = (id: string, body: Json) =>
    api.request('PUT', `/open/account/${id}/user/u`, {
      ...body,
      ...(fraudSignals && { email: `${id}@example.com`, deviceId: `bench-device-${id}`.slice(0, 64) }),
    });
  const sync = (body: Json) => api.request('POST', '/accountsync', body);
  const person = { firstName: 'Bench', lastName: 'Referred' };

  // (a) in one request with identification: attribute and convert a new account and user.
  const identifyPaid = async (phase: string, n: number): Promise<Outcome> => {
    const id = account(phase, n);
    attributed.push(id);
    const answer = await identify(id, { ...person, referredByCode: code, accountStatus: 'PAID' });
    return verdict(answer, () => status(answer.body, 'referredBy') === 'CONVERTED');
  };
  // (b) two requests: attribution with TRIAL (identifies the user), then the conversion.
  const attributeTrial = async (id: string): Promise<Outcome> => {
    attributed.push(id);
    const answer = await identify(id, { ...person, referredByCode: code, accountStatus: 'TRIAL' });
    return verdict(answer, () => typeof status(answer.body, 'referredBy') === 'string');
  };
  const convert = async (id: string): Promise<Outcome> => {
    const answer = await sync({ id, subscription: { status: 'PAID' } });
    return verdict(answer, () => status(answer.body, 'referral') === 'CONVERTED');
  };
  const split = { attribution: [] as number[], conversion: [] as number[] };
  const twoRequests = async (phase: string, n: number): Promise<Outcome> => {
    const id = account(phase, n);
    const t0 = performance.now();
    const first = await attributeTrial(id);
    const t1 = performance.now();
    if (first !== 'ok') return first;
    const second = await convert(id);
    split.attribution.push(t1 - t0);
    split.conversion.push(performance.now() - t1);
    return second;
  };

  if (warmup > 0) {
    process.stderr.write('bench: warm-up\n');
    await closedLoop({ concurrency, durationMs: warmup, op: startAndResult });
    await closedLoop({ concurrency, durationMs: warmup, op: (n) => twoRequests('warm', n) });
  }

  const started = noop;
  const rawStart = await run('raw: start no-op workflow (start only)', 'starts/s', () =>
    closedLoop({ concurrency, durationMs: duration, op: startOnly }),
  );
  const drainStarted = performance.now();
  await closedLoop({
    concurrency,
    limit: rawStart.done,
    op: async (n) => {
      await temporal.client.workflow.getHandle(workflowIds.benchNoop(env.runId, started + n + 1)).result();
      return 'ok';
    },
  });
  const drainMs = performance.now() - drainStarted;
  const rawBefore = await run('raw: start no-op workflow + await result (before)', 'workflows/s', () =>
    closedLoop({ concurrency, durationMs: duration, op: startAndResult }),
  );

  // Accounts with an identified user and no referral yet, for the account-sync form of (a).
  const poolSize = Math.ceil(Math.max(perSecond(rawStart), perSecond(rawBefore)) * (duration / 1000) * 1.5);
  process.stderr.write(`bench: identifying ${poolSize} users for (a) account sync\n`);
  const pool = await closedLoop({
    concurrency,
    limit: poolSize,
    op: async (n) => verdict(await identify(account('pool', n), person)),
  });
  if (pool.counts.ok !== poolSize) throw new Error(`preparing users failed: ${JSON.stringify(pool.counts)}`);

  const syncPaid = await run(
    '(a) POST /accountsync with referral.code + PAID (user identified before)',
    'pairs/s',
    () =>
      closedLoop({
        concurrency,
        durationMs: duration,
        limit: poolSize,
        op: async (n) => {
          const id = account('pool', n);
          attributed.push(id);
          const answer = await sync({ id, referral: { code }, subscription: { status: 'PAID' } });
          return verdict(answer, () => status(answer.body, 'referral') === 'CONVERTED');
        },
      }),
    true,
  );
  await run(
    '(a) PUT identification with referredByCode + accountStatus PAID (new user)',
    'pairs/s',
    () => closedLoop({ concurrency, durationMs: duration, op: (n) => identifyPaid('a', n) }),
    true,
  );
  split.attribution.length = 0;
  split.conversion.length = 0;
  await run(
    '(b) PUT with referredByCode + TRIAL, then POST /accountsync PAID',
    'pairs/s',
    () => closedLoop({ concurrency, durationMs: duration, op: (n) => twoRequests('b', n) }),
    true,
  );
  if (withRules) {
    const published = await api.request('POST', '/graphql', {
      query: PUBLISH_RULES,
      variables: { input: { rules: TEN_RULES } },
    });
    if (published.status !== 200 || (published.body as Json | undefined)?.errors) {
      throw new Error(`publishing the rules failed: ${published.status} ${JSON.stringify(published.body)}`);
    }
    await run(
      '(b) the same, with ten published rules (tiers, caps, a friend reward, eight milestones)',
      'pairs/s',
      () => closedLoop({ concurrency, durationMs: duration, op: (n) => twoRequests('b-rules', n) }),
      true,
    );
  }
  const rawAfter = await run('raw: start no-op workflow + await result (after)', 'workflows/s', () =>
    closedLoop({ concurrency, durationMs: duration, op: startAndResult }),
  );

  // Latency of a converting account sync at a fixed rate; every account attributed (TRIAL) beforehand.
  const latencyCount = Math.max(1, Math.round((latencyRate * duration) / 1000));
  process.stderr.write(`bench: attributing ${latencyCount} accounts for the latency phase\n`);
  const prepared = await closedLoop({
    concurrency,
    limit: latencyCount,
    op: (n) => attributeTrial(account('lat', n)),
  });
  if (prepared.counts.ok !== latencyCount) {
    throw new Error(`attributing accounts failed: ${JSON.stringify(prepared.counts)}`);
  }
  // The attributions' workflow tasks run after their requests answered; start from an idle system.
  const settleMs = await waitForQuiet(groups, ['worker', 'temporal', 'gateway']);
  process.stderr.write(`bench: converting at ${latencyRate} req/s\n`);
  const before = sampleCpu(groups);
  const latency = await pacedLoop({
    ratePerSecond: latencyRate,
    count: latencyCount,
    op: (n) => convert(account('lat', n)),
  });
  const latencyCpu = cpuPercent(before, sampleCpu(groups));

  const rawMean = (perSecond(rawBefore) + perSecond(rawAfter)) / 2;
  return report({
    settings: { concurrency, durationMs: duration, latencyRate },
    phases,
    rawMean,
    drain: { count: rawStart.done, ms: drainMs + rawStart.elapsedMs },
    syncExhausted: syncPaid.exhausted,
    split,
    settleMs,
    latency,
    latencyCpu,
  });
}

/**
 * Lifecycle workflows stay open until their referral ends; terminate this run's so a persistent dev
 * server (the launcher's SQLite file) is not left holding thousands of them. Best effort.
 */
async function endLifecycles(temporal: TemporalDeps, env: BenchEnvironment, accounts: string[]) {
  if (accounts.length === 0 || process.env.BENCH_KEEP_WORKFLOWS === '1') return;
  process.stderr.write(`bench: terminating ${accounts.length} lifecycle workflows\n`);
  const ids = [...new Set(accounts)];
  await closedLoop({
    concurrency,
    limit: ids.length,
    op: async (n) => {
      await temporal.client.workflow
        .getHandle(workflowIds.referral(env.tenant.alias, ids[n]!))
        .terminate('benchmark finished')
        .catch(() => undefined);
      return 'ok';
    },
  });
}
