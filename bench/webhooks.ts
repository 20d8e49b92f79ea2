import http from 'node:http';
import { sandboxGateway, subscribeCustomer } from '../services/processor-sandbox/merchant';
import { startProcessorSandbox } from '../services/processor-sandbox/sandbox';
import { signedNotification } from '../services/processor-sandbox/notifications';
import { createDb } from '../shared/db/knex';
import { connectTemporal } from '../shared/temporal/connection';
import { processorNotificationWorkflow } from '../workflows/processor-notification.workflow';
import { fmt, pacedLoop, percentile, type Outcome } from './measure';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * Processor webhooks (POST /processor/braintree/webhook) at a fixed rate through a gateway and a worker in
 * processes of their own, with the local Braintree stand-in as the processor. Deliveries are real signed
 * notifications (the SDK's webhookTesting) for BENCH_SUBSCRIPTIONS subscriptions of identified accounts,
 * mixed kinds (charged, went active, canceled: a workflow each; charged unsuccessfully: recorded), with
 * every BENCH_DUPLICATE_EVERY-th delivery a redelivery of an earlier one. Reported: acknowledgement
 * latency (open loop, so a slow answer cannot lower the offered load), how long the workflows took to
 * drain, and the exactly-once check: one row per distinct notification, deliveries counted, every
 * effect-bearing row processed by exactly one completed workflow.
 * Knobs: BENCH_RATE (200/s), BENCH_DURATION (20 s), BENCH_SUBSCRIPTIONS (200), BENCH_DUPLICATE_EVERY (10).
 */
const rate = Number(process.env.BENCH_RATE ?? 200);
const duration = Number(process.env.BENCH_DURATION ?? 20);
const subscriptions = Number(process.env.BENCH_SUBSCRIPTIONS ?? 200);
const duplicateEvery = Number(process.env.BENCH_DUPLICATE_EVERY ?? 10);
const KINDS = [
  'subscription_charged_successfully',
  'subscription_went_active',
  'subscription_canceled',
  'subscription_charged_unsuccessfully',
];
const keys = { merchantId: 'bench_merchant', publicKey: 'bench_public', privateKey: 'bench_private_key' };

function postForm(agent: http.Agent, url: URL, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

runBench(async () => {
  const sandbox = await startProcessorSandbox({ port: 0, host: '127.0.0.1' });
  process.env.SECRET_KEY ??= 'bench-secret-key-of-at-least-32-characters';
  process.env.PROCESSOR_BASE_URL = sandbox.url;
  const env = await startBenchEnvironment({ worker: true });
  const db = createDb({ url: env.databaseUrl, poolMax: 2, applicationName: 'bench' });
  const temporal = connectTemporal(
    { ...env.config, temporalAddress: env.temporalAddress },
    { taskQueue: env.taskQueue },
  );
  try {
    const json = { authorization: env.auth, 'content-type': 'application/json' };
    const connect = await fetch(`${env.apiUrl}/graphql`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        query:
          'mutation C($i: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $i) { webhookUrl } }',
        variables: { i: { processor: 'BRAINTREE', ...keys } },
      }),
    });
    const { data } = (await connect.json()) as { data: { connectPaymentProcessor: { webhookUrl: string } } };
    const webhook = new URL(`${env.apiUrl}/processor/braintree/webhook`);
    const bt = sandboxGateway(sandbox.url, keys);

    process.stdout.write(`setting up ${subscriptions} subscribed accounts...\n`);
    const subs: string[] = [];
    for (let i = 0; i < subscriptions; i += 1) {
      const sub = await subscribeCustomer(bt);
      subs.push(sub.subscriptionId);
      const res = await fetch(`${env.apiUrl}/open/account/bench-acct-${i}/user/bench-user-${i}`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ paymentProviderId: sub.customerId }),
      });
      if (!res.ok) throw new Error(`identify failed: ${res.status}`);
    }

    const count = rate * duration;
    const base = Date.now() - 3_600_000;
    const bodies: string[] = [];
    for (let n = 0; n < count; n += 1) {
      if (n % duplicateEvery === duplicateEvery - 1) {
        bodies.push(bodies[n - 5]!);
        continue;
      }
      const k = Math.floor(n / subs.length);
      const at = new Date(base + k * 1000);
      const delivery = signedNotification(keys, KINDS[k % KINDS.length]!, subs[n % subs.length]!, at);
      bodies.push(new URLSearchParams(delivery).toString());
    }
    const distinct = new Set(bodies).size;

    const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
    process.stdout.write(`delivering ${count} notifications at ${rate}/s...\n`);
    const load = await pacedLoop({
      ratePerSecond: rate,
      count,
      op: async (n): Promise<Outcome> =>
        (await postForm(agent, webhook, bodies[n]!)) === 200 ? 'ok' : 'non2xx',
    });
    const drainStarted = Date.now();
    const pending = async () =>
      Number((await db('processor_notifications').where({ status: 'RECEIVED' }).count('* as n'))[0]!.n);
    while ((await pending()) > 0 && Date.now() - drainStarted < 600_000)
      await new Promise((r) => setTimeout(r, 500));
    const drainMs = Date.now() - drainStarted;

    const rows = await db('processor_notifications').select('status', 'deliveries');
    const byStatus = rows.reduce<Record<string, number>>(
      (m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }),
      {},
    );
    const deliveries = rows.reduce((sum, r) => sum + Number(r.deliveries), 0);
    const effectRows = rows.length - (byStatus.RECORDED ?? 0) - (byStatus.IGNORED ?? 0);
    const workflows = (
      await temporal.client.workflow.count(
        `WorkflowType = '${processorNotificationWorkflow.name}' AND TaskQueue = '${env.taskQueue}' AND ExecutionStatus = 'Completed'`,
      )
    ).count;
    const exactlyOnce =
      rows.length === distinct &&
      deliveries === load.counts.ok &&
      (byStatus.RECEIVED ?? 0) === 0 &&
      workflows === effectRows;
    const p99 = percentile(load.latenciesMs, 99);

    const lines = [
      describeMachine(),
      `Webhook URL: ${data.connectPaymentProcessor.webhookUrl} (tenant ${env.tenant.alias})`,
      '',
      '| offered | sent | 200 | other | ack p50 ms | ack p95 ms | ack p99 ms | ack max ms | max send lag ms |',
      '|---|---|---|---|---|---|---|---|---|',
      `| ${rate}/s for ${duration} s | ${count} | ${load.counts.ok} | ${load.counts.non2xx + load.counts.error} | ${fmt(percentile(load.latenciesMs, 50), 1)} | ${fmt(percentile(load.latenciesMs, 95), 1)} | ${fmt(p99, 1)} | ${fmt(Math.max(...load.latenciesMs), 1)} | ${fmt(load.maxLagMs, 1)} |`,
      '',
      '| distinct notifications | rows | deliveries counted | PROCESSED | RECORDED | FAILED | completed workflows | drain after last ack | exactly once |',
      '|---|---|---|---|---|---|---|---|---|',
      `| ${distinct} | ${rows.length} | ${deliveries} | ${byStatus.PROCESSED ?? 0} | ${byStatus.RECORDED ?? 0} | ${byStatus.FAILED ?? 0} | ${workflows} | ${fmt(drainMs / 1000, 1)} s | ${exactlyOnce ? '✓' : '✗'} |`,
      '',
      `Target: ack p99 ≤ 200 ms at 200 deliveries/s: ${p99 <= 200 && rate >= 200 ? '✓' : '✗'} (${fmt(p99, 1)} ms)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    agent.destroy();
  } finally {
    await db.destroy();
    await temporal.close();
    await env.stop();
    await sandbox.close();
  }
});
