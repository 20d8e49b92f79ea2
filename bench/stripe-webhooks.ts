import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import http from 'node:http';
import os from 'node:os';
import Stripe from 'stripe';
import { secretBoxFor } from '../shared/crypto/secret-box';
import { createDb } from '../shared/db/knex';
import { stripeBilling } from '../shared/processors/stripe.processor';
import { publishRuleVersion } from '../shared/domain/programs/rule-versions';
import { createProcessorConnectionsRepo } from '../shared/repos/processor-connections.repo';
import { connectTemporal } from '../shared/temporal/connection';
import { fmt, pacedLoop, percentile, type LoadResult, type Outcome } from './measure';
import { checkStripeBench, waitForEffects } from './stripe-webhooks-check';
import {
  customerEvents,
  EVENTS_PER_CUSTOMER,
  planCustomers,
  planDeliveries,
  type PlannedEvent,
} from './stripe-webhooks-plan';
import { identifyAll, setUpCustomers, startStripeSandbox, STRIPE_API_VERSION } from './stripe-webhooks-setup';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * Stripe webhooks (POST /processor/stripe/webhook) at a fixed rate through a gateway and a worker in
 * processes of their own, with the Stripe stand-in (`npm run start:stripe-sandbox`: localstripe and its
 * front) in a process of its own as Stripe. The set-up creates, at the stand-in, customers tied to
 * accounts through metadata `referral_account_id` (every 20th untied), each with a paid subscription
 * invoice and its charge; every second tied one is a referred account (identified with a referrer's
 * code, TRIAL), so its invoice.paid converts it and records the payment for the tenant's PAYMENT rule;
 * a fifth are cancelled at Stripe, a fifth refunded in full. Each customer's story is six events
 * (bench/stripe-webhooks-plan.ts) carrying the objects Stripe answered, signed at sending time with the
 * tenant's signing secret (the official library's generateTestHeaderString), posted in an open loop:
 * every BENCH_DUPLICATE_EVERY-th delivery (10th) re-sends an earlier one, and BENCH_OUT_OF_ORDER (0.1)
 * of the deliveries are a customer's later event moved before its earlier ones.
 *
 * Reported: acknowledgement latency, and the same-run anchor (GET /healthz at the same rate, before the
 * load); the drain; then the row-by-row check (bench/stripe-webhooks-check.ts).
 * Knobs: BENCH_RATE (200/s), BENCH_DURATION (20 s), BENCH_DUPLICATE_EVERY (10), BENCH_OUT_OF_ORDER (0.1),
 * BENCH_ANCHOR_DURATION (5 s), BENCH_EFFECTS_WAIT (300 s: for the workflows and lifecycles after the drain),
 * BENCH_PAUSE_WORKER (1: the worker stopped during the load, resumed after it).
 */
const rate = Number(process.env.BENCH_RATE ?? 200);
const duration = Number(process.env.BENCH_DURATION ?? 20);
const duplicateEvery = Number(process.env.BENCH_DUPLICATE_EVERY ?? 10);
const outOfOrderShare = Number(process.env.BENCH_OUT_OF_ORDER ?? 0.1);
const anchorDuration = Number(process.env.BENCH_ANCHOR_DURATION ?? 5);
const effectsWaitMs = Number(process.env.BENCH_EFFECTS_WAIT ?? 300) * 1000;
const pauseWorker = process.env.BENCH_PAUSE_WORKER === '1';
const execFileAsync = promisify(execFile);

/** Sends `signal` to a process and its descendants (the worker's tsx and its node); answers their pids. */
async function signalTree(root: number | number[] | undefined, signal: NodeJS.Signals): Promise<number[]> {
  let pids = Array.isArray(root) ? root : [];
  if (!Array.isArray(root) && root !== undefined) {
    pids = [root];
    for (let i = 0; i < pids.length; i += 1) {
      const { stdout } = await execFileAsync('ps', ['-o', 'pid=', '--ppid', String(pids[i])]).catch(() => ({
        stdout: '',
      }));
      pids.push(...stdout.split(/\s+/).filter(Boolean).map(Number));
    }
  }
  for (const pid of pids) process.kill(pid, signal);
  return pids;
}

const RECURRING = {
  id: 'recurring',
  name: '20 % of every payment for 12 months',
  trigger: { type: 'PAYMENT', forMonths: 12 },
  recipient: 'REFERRER',
  reward: { type: 'CASH', percentOfPayment: 20, currency: 'USD' },
};

/** One POST; resolves with the status once the answer's body is read. */
function post(agent: http.Agent, url: URL, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: body ? 'POST' : 'GET',
        path: url.pathname,
        headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body || undefined);
  });
}

const latencyCells = (r: LoadResult) =>
  [50, 95, 99].map((p) => fmt(percentile(r.latenciesMs, p), 1)).join(' | ') +
  ` | ${fmt(Math.max(...r.latenciesMs), 1)}`;

runBench(async () => {
  if (duplicateEvery === 1 || duplicateEvery < 0)
    throw new Error('BENCH_DUPLICATE_EVERY: 0 (none) or 2 and up');
  const loadAtStart = os.loadavg();
  const sandbox = await startStripeSandbox();
  process.env.SECRET_KEY ??= 'bench-secret-key-of-at-least-32-characters';
  process.env.STRIPE_BASE_URL = sandbox.url;
  const env = await startBenchEnvironment({
    worker: true,
    // A new alias each run: the lifecycles' workflow ids name it, and the Temporal server may outlive a run.
    tenantAlias: `stripe-${Date.now().toString(36)}`,
    keepDatabase: process.env.BENCH_KEEP_DATABASE === '1',
  });
  const db = createDb({ url: env.databaseUrl, poolMax: 4, applicationName: 'bench' });
  const temporal = connectTemporal(
    { ...env.config, temporalAddress: env.temporalAddress },
    { taskQueue: env.taskQueue },
  );
  try {
    const { id: tenantId } = await db('tenants').where({ alias: env.tenant.alias }).first('id');
    await publishRuleVersion(db, tenantId, [RECURRING], { publishedBy: 'bench' });
    // Connected as connecting stores it (sealed key and signing secret), with no endpoint at the stand-in:
    // the bench is the only sender, so nothing but the planned events arrives.
    const key = `sk_${env.tenant.mode}_${crypto.randomBytes(12).toString('hex')}`;
    const webhookSecret = `whsec_${crypto.randomBytes(24).toString('base64url')}`;
    const box = secretBoxFor(process.env.SECRET_KEY)!;
    await createProcessorConnectionsRepo(db).upsert({
      tenant_id: tenantId,
      processor: 'STRIPE',
      environment: env.tenant.mode === 'live' ? 'PRODUCTION' : 'SANDBOX',
      merchant_id: null,
      public_key: null,
      private_key_sealed: box.seal(key, tenantId),
      key_hint: stripeBilling.keyHint(key),
      webhook_endpoint_id: null,
      webhook_secret_sealed: box.seal(webhookSecret, tenantId),
    });
    const { hostname, port } = new URL(sandbox.url);
    const stripe = new Stripe(key, {
      apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
      host: hostname,
      port: Number(port),
      protocol: 'http',
      telemetry: false,
    });

    const distinctWanted = Math.round(rate * duration * (1 - (duplicateEvery > 0 ? 1 / duplicateEvery : 0)));
    const customers = planCustomers(Math.max(1, Math.round(distinctWanted / EVENTS_PER_CUSTOMER)));
    const setupStarted = Date.now();
    process.stdout.write(`identifying ${customers.filter((c) => c.referred).length} referred accounts...\n`);
    await identifyAll(env, customers);
    process.stdout.write(`creating ${customers.length} customers at the Stripe stand-in...\n`);
    const objects = await setUpCustomers(stripe, customers);
    const setupMs = Date.now() - setupStarted;

    const base = Math.floor(Date.now() / 1000) - 86_400;
    const stories = customers.map((c) =>
      customerEvents(c, objects[c.index]!, customers.length, base, env.runId),
    );
    const events = stories.flat();
    const plan = planDeliveries(stories, customers, {
      disordered: Math.round(outOfOrderShare * rate * duration),
      duplicateEvery,
    });
    const bodies = new Map<string, string>(
      events.map((e: PlannedEvent) => [
        e.id,
        JSON.stringify({
          id: e.id,
          object: 'event',
          api_version: STRIPE_API_VERSION,
          created: e.created,
          livemode: env.tenant.mode === 'live',
          type: e.type,
          data: { object: e.object },
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
        }),
      ]),
    );

    const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
    const healthz = new URL(`${env.baseUrl}/healthz`);
    process.stdout.write(`anchor: GET /healthz at ${rate}/s for ${anchorDuration} s...\n`);
    const anchor = await pacedLoop({
      ratePerSecond: rate,
      count: rate * anchorDuration,
      op: async (): Promise<Outcome> => ((await post(agent, healthz, '', {})) === 200 ? 'ok' : 'non2xx'),
    });

    const webhook = new URL(`${env.apiUrl}/processor/stripe/webhook`);
    /** Each answer's status (or the socket error's code), counted. */
    const answers = new Map<number | string, number>();
    const count = plan.deliveries.length;
    process.stdout.write(`delivering ${count} events at ${rate}/s...\n`);
    // BENCH_PAUSE_WORKER=1: the worker is stopped (SIGSTOP) during the load and resumed after it, so the
    // door is measured without the worker's applies (and the stand-in's reads for them) on the same cores.
    const paused = pauseWorker ? await signalTree(env.pids.worker, 'SIGSTOP') : [];
    const load = await pacedLoop({
      ratePerSecond: rate,
      count,
      op: async (n): Promise<Outcome> => {
        const payload = bodies.get(plan.deliveries[n]!.id)!;
        const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
        const status = await post(agent, webhook, payload, {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
        }).catch((err: unknown) => (err as { code?: string }).code ?? 'error');
        answers.set(status, (answers.get(status) ?? 0) + 1);
        return status === 200 ? 'ok' : 'non2xx';
      },
    });
    agent.destroy();
    await signalTree(paused, 'SIGCONT');

    const drainStarted = Date.now();
    const pending = async () =>
      Number(
        (
          await db('processor_notifications')
            .where({ tenant_id: tenantId, status: 'RECEIVED' })
            .count('* as n')
        )[0]!.n,
      );
    while ((await pending()) > 0 && Date.now() - drainStarted < 600_000)
      await new Promise((r) => setTimeout(r, 500));
    const drainMs = Date.now() - drainStarted;
    const checkInput = {
      db,
      temporal: temporal.client,
      tenantId,
      tenantAlias: env.tenant.alias,
      taskQueue: env.taskQueue,
      customers,
      objects,
      events,
      plan,
    };
    // One workflow per stored event (a delivery never acknowledged stored nothing to apply).
    const stored = Number(
      (await db('processor_notifications').where({ tenant_id: tenantId }).count('* as n'))[0]!.n,
    );
    const effectsMs = await waitForEffects(checkInput, stored, effectsWaitMs);
    const check = await checkStripeBench(checkInput);

    const p99 = percentile(load.latenciesMs, 99);
    const anchorP99 = percentile(anchor.latenciesMs, 99);
    const c = check.counts;
    const lines = [
      describeMachine(),
      `Load average at the start: ${loadAtStart.map((l) => l.toFixed(1)).join(', ')} (other work on the machine)`,
      `Set-up: ${customers.length} customers (${customers.filter((x) => x.referred).length} referred, ${customers.filter((x) => !x.accountId).length} untied, ${customers.filter((x) => x.ending === 'CANCELLED').length} cancelled, ${customers.filter((x) => x.ending === 'REFUNDED').length} refunded) in ${fmt(setupMs / 1000, 1)} s`,
      `Plan: ${events.length} distinct events, ${plan.duplicates} duplicates, ${plan.outOfOrder} out of order (${fmt((100 * plan.outOfOrder) / count, 1)} % of ${count} deliveries)`,
      '',
      '| load | sent | 2xx | other | p50 ms | p95 ms | p99 ms | max ms | max send lag ms |',
      '|---|---|---|---|---|---|---|---|---|',
      `| anchor: GET /healthz at ${rate}/s | ${anchor.latenciesMs.length} | ${anchor.counts.ok} | ${anchor.counts.non2xx + anchor.counts.error} | ${latencyCells(anchor)} | ${fmt(anchor.maxLagMs, 1)} |`,
      `| Stripe webhooks at ${rate}/s | ${count} | ${load.counts.ok} | ${load.counts.non2xx + load.counts.error} | ${latencyCells(load)} | ${fmt(load.maxLagMs, 1)} |`,
      '',
      '| distinct events | rows PROCESSED | rows WAITING | deliveries counted | completed workflows | payments recorded | payment rewards | RECEIVED drained after last ack | workflows and lifecycles done after that | row mismatches |',
      '|---|---|---|---|---|---|---|---|---|---|',
      `| ${events.length} | ${c['status PROCESSED'] ?? 0} | ${c['status WAITING'] ?? 0} | ${c.deliveries ?? 0} | ${c['completed workflows'] ?? 0} | ${c['payments recorded'] ?? 0} | ${c['payment rewards'] ?? 0} | ${fmt(drainMs / 1000, 1)} s | ${fmt(effectsMs / 1000, 1)} s | ${check.failures.length} |`,
      '',
      `Answers: ${[...answers].map(([k, v]) => `${k} × ${v}`).join(', ')}`,
      `Outcomes: ${Object.entries(c)
        .filter(([k]) => /^(result|accounts|referrals) /.test(k))
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
      ...check.failures.slice(0, 20).map((f) => `  ✗ ${f}`),
      '',
      `Target: ack p99 ≤ 200 ms at 200 deliveries/s, every event applied exactly once: ${p99 <= 200 && rate >= 200 && load.counts.ok === count && check.failures.length === 0 ? '✓' : '✗'} (p99 ${fmt(p99, 1)} ms, ${fmt(p99 / anchorP99, 1)} × the anchor's ${fmt(anchorP99, 1)} ms; ${check.failures.length} mismatches)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (check.failures.length > 0 || load.counts.ok !== count) process.exitCode = 1;
  } finally {
    await db.destroy();
    await temporal.close();
    await env.stop();
    await sandbox.close();
  }
});
