import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createDb, type Db } from '../shared/db/knex';
import { recordWebhookEvents } from '../shared/domain/webhooks/webhook-events';
import { closeServer } from '../shared/http';
import { mapLimited } from '../shared/net/each-limited';
import { createJsonClient, fmt, percentile } from './measure';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * Outbound webhooks: events committed to the outbox at BENCH_RATE (1,000) a second for
 * BENCH_DURATION (20) seconds, fanned out by the worker's dispatcher (its own process, defaults:
 * WEBHOOK_DISPATCH_INTERVAL_MS 500, WEBHOOK_INLINE_CONCURRENCY 64) to 3 endpoints on local receivers
 * that verify every request with the `standardwebhooks` library. Reports commit-to-delivered p50/p99,
 * then a backlog of BENCH_BURST (10,000) events committed at once and its drain rate, and checks that
 * every event reached every endpoint exactly once. Anchor, same run: the same number of signed POSTs
 * from one process straight to the same receivers (keep-alive, 64 in flight), with no database.
 */
const rate = Number(process.env.BENCH_RATE ?? 1000);
const duration = Number(process.env.BENCH_DURATION ?? 20);
const burst = Number(process.env.BENCH_BURST ?? 10_000);
const ENDPOINTS = 3;
const TICK_MS = 50;

process.env.WEBHOOK_ALLOW_HTTP = 'true';
process.env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = 'true';
// Endpoint secrets are sealed with SECRET_KEY; gateway and worker get this run's own.
process.env.SECRET_KEY ??= randomBytes(32).toString('base64url');

interface Receiver {
  url: string;
  secret: string;
  /** webhook-id → times received (ms, Date.now()). */
  seen: Map<string, number[]>;
  badSignatures: number;
  server: http.Server;
}

/** A receiver on 127.0.0.1; its url and secret are filled in once its endpoint is registered. */
async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    secret: '',
    seen: new Map(),
    badSignatures: 0,
    server: http.createServer(),
  };
  let verifier: Webhook | undefined;
  receiver.server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const id = String(req.headers['webhook-id']);
      try {
        verifier ??= new Webhook(receiver.secret);
        verifier.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
        receiver.seen.set(id, [...(receiver.seen.get(id) ?? []), at]);
      } catch {
        receiver.badSignatures += 1;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

function payloadFor(n: number) {
  return {
    id: `user-${n}`,
    accountId: `account-${n}`,
    email: `user-${n}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    locale: 'en_GB',
    referralCode: `ADA${n.toString(36).toUpperCase()}`,
    shareLink: `https://ref.example.com/r/ADA${n.toString(36).toUpperCase()}`,
    dateCreated: Date.now(),
  };
}

/** Commits `count` user.created events in one transaction; answers their ids with the commit time. */
async function commit(db: Db, tenantId: string, count: number, from: number, commits: Map<string, number>) {
  const payloads = await db.transaction((trx) =>
    recordWebhookEvents(
      trx,
      tenantId,
      'user.created',
      Array.from({ length: count }, (_, i) => payloadFor(from + i)),
    ),
  );
  const at = Date.now();
  for (const p of payloads) commits.set(p.id, at);
}

async function untilDelivered(receivers: Receiver[], commits: Map<string, number>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (receivers.every((r) => [...commits.keys()].every((id) => r.seen.has(id)))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function check(receivers: Receiver[], commits: Map<string, number>) {
  let missing = 0;
  let twice = 0;
  let latencies: number[] = [];
  let last = 0;
  for (const r of receivers) {
    for (const [id, committed] of commits) {
      const times = r.seen.get(id);
      if (!times) missing += 1;
      else {
        if (times.length > 1) twice += 1;
        latencies.push(times[0]! - committed);
        last = Math.max(last, times[0]!);
      }
    }
  }
  latencies = latencies.sort((a, b) => a - b);
  return { missing, twice, latencies, last };
}

async function anchor(receivers: Receiver[], total: number): Promise<number> {
  const clients = receivers.map((r) => createJsonClient(new URL(r.url).origin, {}, 64));
  const body = { id: 'x', type: 'user.created', timestamp: new Date().toISOString(), data: payloadFor(1) };
  const signer = new Webhook(receivers[0]!.secret);
  const started = Date.now();
  await mapLimited(
    Array.from({ length: total }, (_, i) => i),
    64,
    async (i) => {
      signer.sign(`anchor-${i}`, new Date(), JSON.stringify(body));
      await clients[i % clients.length]!.request('POST', '/', body);
    },
  );
  const elapsed = Date.now() - started;
  for (const c of clients) c.close();
  return (total * 1000) / elapsed;
}

runBench(async () => {
  const env = await startBenchEnvironment({ worker: true });
  const db = createDb({ url: env.databaseUrl, poolMax: 4, applicationName: 'bench-webhooks' });
  const receivers: Receiver[] = [];
  try {
    const tenantRow = (await db('tenants').where({ alias: env.tenant.alias }).first('id')) as { id: string };
    const gql = createJsonClient(env.baseUrl, { authorization: env.auth }, 4);
    for (let i = 0; i < ENDPOINTS; i += 1) {
      const receiver = await startReceiver();
      const url = receiver.url;
      const res = await gql.request('POST', `/api/v1/${env.tenant.alias}/graphql`, {
        query: `mutation C($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id secret } }`,
        variables: { input: { url, eventTypes: [], description: `bench receiver ${i + 1}` } },
      });
      const answer = res.body as { data?: { createWebhookEndpoint?: { secret: string } } };
      const created = answer.data?.createWebhookEndpoint;
      if (!created) throw new Error(`createWebhookEndpoint failed: ${JSON.stringify(res.body)}`);
      receiver.secret = created.secret;
      receivers.push(receiver);
    }
    gql.close();

    // 1. Steady: `rate` events a second, committed every TICK_MS.
    const steady = new Map<string, number>();
    const perTick = Math.max(1, Math.round((rate * TICK_MS) / 1000));
    const ticks = Math.round((duration * 1000) / TICK_MS);
    const t0 = Date.now();
    for (let t = 0; t < ticks; t += 1) {
      const due = t0 + t * TICK_MS;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      await commit(db, tenantRow.id, perTick, t * perTick, steady);
    }
    const generated = (steady.size * 1000) / (Date.now() - t0);
    const steadyDone = await untilDelivered(receivers, steady, 120_000);
    const s = check(receivers, steady);

    // 2. Backlog: `burst` events committed at once, then drained.
    const backlog = new Map<string, number>();
    const b0 = Date.now();
    for (let i = 0; i < burst; i += 1000)
      await commit(db, tenantRow.id, Math.min(1000, burst - i), 1e7 + i, backlog);
    const committedIn = Date.now() - b0;
    const burstDone = await untilDelivered(receivers, backlog, 300_000);
    const b = check(receivers, backlog);
    const drainSeconds = (b.last - b0) / 1000;

    const bad = receivers.reduce((n, r) => n + r.badSignatures, 0);
    // 3. Anchor: the same receivers, plain POSTs (signed, headers not sent) from this process.
    const rawRate = await anchor(receivers, Math.min(30_000, steady.size * ENDPOINTS));

    const rows = [
      ['events committed (steady)', `${steady.size} at ${fmt(generated)}/s for ${duration} s`],
      [
        'deliveries (steady)',
        `${steady.size * ENDPOINTS - s.missing} of ${steady.size * ENDPOINTS}${steadyDone ? '' : ' (timed out)'}`,
      ],
      [
        'commit → delivered p50 / p99 / max',
        `${s.latencies.length ? `${percentile(s.latencies, 50)} / ${percentile(s.latencies, 99)} / ${s.latencies.at(-1)} ms` : '-'}`,
      ],
      ['backlog committed', `${backlog.size} events in ${committedIn} ms`],
      [
        'backlog drained',
        `${backlog.size * ENDPOINTS - b.missing} deliveries in ${fmt(drainSeconds, 1)} s = ${fmt((backlog.size * ENDPOINTS - b.missing) / drainSeconds)} deliveries/s${burstDone ? '' : ' (timed out)'}`,
      ],
      ['delivered twice (same webhook-id, same endpoint)', String(s.twice + b.twice)],
      ['missing', String(s.missing + b.missing)],
      ['signatures that did not verify (standardwebhooks)', String(bad)],
      ['anchor: signed POSTs straight to the receivers', `${fmt(rawRate)}/s`],
      ['backlog drain ÷ anchor', fmt((backlog.size * ENDPOINTS - b.missing) / drainSeconds / rawRate, 2)],
    ];
    process.stdout.write(
      `\n${describeMachine()}\nOutbound webhooks, ${ENDPOINTS} endpoints\n\n| what | result |\n|---|---|\n`,
    );
    for (const [what, result] of rows) process.stdout.write(`| ${what} | ${result} |\n`);
  } finally {
    for (const r of receivers) await closeServer(r.server);
    await db.destroy();
    await env.stop();
  }
});
