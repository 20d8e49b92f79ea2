import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { createDb } from '../shared/db/knex';
import { closedLoop, createJsonClient, failures, fmt, pacedLoop, percentile, perSecond } from './measure';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * User events (POST /open/account/{a}/user/{u}/events) through a gateway in its own process
 * (bench/support.ts), ~200 identified users taken round-robin, with what PostgreSQL stored checked after
 * every scenario (each scenario's events carry their own event key, `bench-s1`...):
 *   1. one event per request, a fresh idempotency key each, closed loop (autocannon);
 *   2. the same at a fixed BENCH_RATE req/s, each request sent on time (an open loop, pacedLoop);
 *   3. 100 events per request, a fresh key each;
 *   4. one key replayed for the whole run after its first use (every answer should be 409);
 *   5. races: BENCH_RACE_TRIALS trials of BENCH_RACE_CONCURRENCY simultaneous requests sharing a fresh key
 *      (exactly one 200 and the rest 409 expected, and exactly one stored).
 * Knobs: BENCH_DURATION (s per scenario, 10), BENCH_CONNECTIONS (64), BENCH_RATE (2000),
 * BENCH_RACE_TRIALS (1000), BENCH_RACE_CONCURRENCY (50), BENCH_WARMUP (s of scenario 1's shape, 2).
 *
 * Rows check: autocannon destroys its sockets at the end of a run with requests in flight, which the
 * gateway still commits. So the check tracks each request's key: every 2xx key stored with all of its
 * events, no non-2xx key stored, and any extra rows only from keys that never got an answer.
 */
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const rate = Number(process.env.BENCH_RATE ?? 2000);
const raceTrials = Number(process.env.BENCH_RACE_TRIALS ?? 1000);
const raceConcurrency = Number(process.env.BENCH_RACE_CONCURRENCY ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const USERS = 200;

/** A user's events path (below the gateway's root) and its ids as JSON members, pre-serialized. */
interface BenchUser {
  path: string;
  ids: string;
  fields: { accountId: string; userId: string };
}
interface Tracked {
  /** Requests answered 2xx. */
  ok: number;
  accepted: Set<string>;
  refused: Set<string>;
}
interface Stored {
  ok: boolean;
  text: string;
}

const body = (user: BenchUser, events: string, key: string) =>
  `{${user.ids},"idempotencyKey":"${key}","events":${events}}`;
/** Events as the spec shows them: a purchase with revenue, currency and order id. */
const eventsJson = (tag: string, count: number) =>
  JSON.stringify(
    Array.from({ length: count }, (_, i) => ({
      key: tag,
      fields: { revenue: 49.5, currency: 'USD', order_id: `order-${i}` },
    })),
  );
const failed = (r: autocannon.Result) => r.non2xx + r.errors;
const mark = (ok: boolean) => (ok ? '✓' : '✗');
const settle = () => new Promise((r) => setTimeout(r, 1000));

runBench(async () => {
  const env = await startBenchEnvironment();
  const db = createDb({ url: env.databaseUrl, poolMax: 2, applicationName: 'bench' });
  const rows: string[] = [];
  const targets: string[] = [];
  try {
    const json = { authorization: env.auth, 'content-type': 'application/json' };
    const root = new URL(env.apiUrl).pathname;
    const users: BenchUser[] = Array.from({ length: USERS }, (_, i) => {
      const [accountId, userId] = [`${env.runId}-a${i}`, `u${i}`];
      return {
        path: `${root}/open/account/${encodeURIComponent(accountId)}/user/${encodeURIComponent(userId)}`,
        ids: `"accountId":${JSON.stringify(accountId)},"userId":${JSON.stringify(userId)}`,
        fields: { accountId, userId },
      };
    });
    const identified = await closedLoop({
      concurrency: 16,
      limit: users.length,
      op: async (n) => {
        const res = await fetch(`${env.baseUrl}${users[n]!.path}`, {
          method: 'PUT',
          headers: json,
          body: '{}',
        });
        await res.arrayBuffer();
        return res.ok ? 'ok' : 'non2xx';
      },
    });
    if (identified.counts.ok !== users.length) {
      throw new Error(`identifying users failed: ${JSON.stringify(identified.counts)}`);
    }
    let nextUser = 0;
    const takeUser = () => users[nextUser++ % users.length]!;

    /** autocannon with a fresh key (and the next user) per request, recording which keys got a 2xx. */
    const freshKeys = async (
      tag: string,
      count: number,
      seconds: number,
    ): Promise<Tracked & { result: autocannon.Result }> => {
      const events = eventsJson(tag, count);
      const accepted = new Set<string>();
      const refused = new Set<string>();
      const result = await autocannon({
        url: env.baseUrl,
        connections,
        duration: seconds,
        headers: json,
        requests: [
          {
            method: 'POST',
            setupRequest: (req, context) => {
              const user = takeUser();
              const key = crypto.randomUUID();
              (context as { key?: string }).key = key;
              return { ...req, path: `${user.path}/events`, body: body(user, events, key) };
            },
            onResponse: (status, _body, context) => {
              const key = (context as { key?: string }).key;
              if (key) (status >= 200 && status < 300 ? accepted : refused).add(key);
            },
          },
        ],
      });
      await settle(); // let requests cut off at the end finish before counting rows
      return { result, ok: result['2xx'], accepted, refused };
    };

    /**
     * BENCH_RATE requests a second, each sent on time whatever the earlier ones did (pacedLoop, an open
     * loop): autocannon's overallRate lets each connection send its share of a second back to back, which
     * measures bursts rather than the rate.
     */
    const pacedFreshKeys = async (tag: string) => {
      const events = JSON.parse(eventsJson(tag, 1)) as unknown[];
      const accepted = new Set<string>();
      const refused = new Set<string>();
      const client = createJsonClient(env.baseUrl, { authorization: env.auth }, connections);
      try {
        const load = await pacedLoop({
          ratePerSecond: rate,
          count: rate * duration,
          op: async () => {
            const user = takeUser();
            const key = crypto.randomUUID();
            const res = await client.request('POST', `${user.path}/events`, {
              ...user.fields,
              idempotencyKey: key,
              events,
            });
            const ok = res.status >= 200 && res.status < 300;
            (ok ? accepted : refused).add(key);
            return ok ? 'ok' : 'non2xx';
          },
        });
        return { load, ok: accepted.size, accepted, refused };
      } finally {
        client.close();
      }
    };

    const stored = async (tag: string, count: number, run: Tracked): Promise<Stored> => {
      const groups = (await db('user_events')
        .where({ key: tag }) // the bench database has one tenant
        .groupBy('idempotency_key')
        .select('idempotency_key')
        .count('* as n')) as { idempotency_key: string | null; n: string | number }[];
      const found = new Map(groups.map((g) => [g.idempotency_key, Number(g.n)]));
      const total = groups.reduce((sum, g) => sum + Number(g.n), 0);
      const incomplete = [...run.accepted].filter((k) => found.get(k) !== count).length;
      const fromRefused = [...run.refused].filter((k) => found.has(k)).length;
      const unanswered = groups.filter(
        (g) => !run.accepted.has(g.idempotency_key ?? '') && !run.refused.has(g.idempotency_key ?? ''),
      );
      const extra = unanswered.reduce((sum, g) => sum + Number(g.n), 0);
      const expected = run.ok * count;
      const ok = incomplete === 0 && fromRefused === 0 && unanswered.length <= connections;
      const notes = [
        extra > 0 && `+${fmt(extra)} of ${unanswered.length} requests cut off unanswered at the end`,
        incomplete > 0 && `${incomplete} accepted keys not fully stored`,
        fromRefused > 0 && `${fromRefused} refused keys stored`,
      ].filter(Boolean);
      const text = `${fmt(total)} rows, 2xx${count > 1 ? ` × ${count}` : ''} = ${fmt(expected)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''} ${mark(ok)}`;
      return { ok, text };
    };
    const countRows = async (tag: string) => {
      const [row] = await db('user_events')
        .where({ key: tag }) // the bench database has one tenant
        .select(db.raw('count(*)::int as n'), db.raw('count(distinct idempotency_key)::int as keys'));
      return row as { n: number; keys: number };
    };

    if (warmup > 0) {
      process.stderr.write('bench: warm-up\n');
      await freshKeys('bench-warm', 1, warmup);
    }

    // The same run's no-I/O ceiling: this machine's speed varies by 2-3x from day to day.
    const reference = await autocannon({ url: `${env.baseUrl}/healthz`, connections, duration });
    rows.push(
      `| 0. GET /healthz (reference: no auth, no I/O) | ${fmt(reference.requests.average)} req/s | ${reference.latency.p50} | ${reference.latency.p99} | ${failed(reference)} | - |`,
    );

    process.stderr.write('bench: 1 event per request\n');
    const s1 = await freshKeys('bench-s1', 1, duration);
    const s1Rows = await stored('bench-s1', 1, s1);
    const s1Rate = s1.result['2xx'] / s1.result.duration;
    rows.push(
      `| 1. 1 event/request, fresh key, closed loop | ${fmt(s1Rate)} events/s | ${s1.result.latency.p50} | ${s1.result.latency.p99} | ${failed(s1.result)} | ${s1Rows.text} |`,
    );
    targets.push(
      `${mark(s1Rate >= 3000 && failed(s1.result) === 0 && s1Rows.ok)} 1: ≥ 3,000 events/s with 0 non-2xx and rows = 2xx: ${fmt(s1Rate)} events/s, ${failed(s1.result)} non-2xx + errors, rows ${s1Rows.ok ? 'match' : 'do not match'}`,
    );

    process.stderr.write(`bench: 1 event per request at ${rate} req/s\n`);
    const s2 = await pacedFreshKeys('bench-s2');
    const s2Rows = await stored('bench-s2', 1, s2);
    const s2P99 = percentile(s2.load.latenciesMs, 99);
    rows.push(
      `| 2. same at ${fmt(rate)} req/s (open loop) | ${fmt(perSecond(s2.load))} req/s | ${fmt(percentile(s2.load.latenciesMs, 50), 1)} | ${fmt(s2P99, 1)} | ${failures(s2.load)} | ${s2Rows.text} |`,
    );
    targets.push(`${mark(s2P99 <= 50)} 2: p99 ≤ 50 ms at ${fmt(rate)} req/s: ${fmt(s2P99, 1)} ms`);

    process.stderr.write('bench: 100 events per request\n');
    const s3 = await freshKeys('bench-s3', 100, duration);
    const s3Rows = await stored('bench-s3', 100, s3);
    const s3Rate = (s3.result['2xx'] * 100) / s3.result.duration;
    rows.push(
      `| 3. 100 events/request, fresh key | ${fmt(s3Rate)} events/s (${fmt(s3.result['2xx'] / s3.result.duration)} req/s) | ${s3.result.latency.p50} | ${s3.result.latency.p99} | ${failed(s3.result)} | ${s3Rows.text} |`,
    );
    targets.push(`${mark(s3Rate >= 30_000)} 3: ≥ 30,000 events/s: ${fmt(s3Rate)} events/s`);

    process.stderr.write('bench: replayed key\n');
    const replayUser = takeUser();
    const replayBody = body(replayUser, eventsJson('bench-s4', 1), crypto.randomUUID());
    const replayUrl = `${env.baseUrl}${replayUser.path}/events`;
    const first = await fetch(replayUrl, { method: 'POST', headers: json, body: replayBody });
    await first.arrayBuffer();
    if (first.status !== 200) throw new Error(`the first use of the replayed key answered ${first.status}`);
    const s4 = await autocannon({
      url: replayUrl,
      connections,
      duration,
      method: 'POST',
      headers: json,
      body: replayBody,
    });
    await settle();
    const answered = Object.values(s4.statusCodeStats ?? {}).reduce((sum, s) => sum + (s.count ?? 0), 0);
    const conflicts = s4.statusCodeStats?.['409']?.count ?? 0;
    const s4Rate = conflicts / s4.duration;
    const s4Stored = await countRows('bench-s4');
    rows.push(
      `| 4. replayed key (409 expected) | ${fmt(s4Rate)} 409/s | ${s4.latency.p50} | ${s4.latency.p99} | ${answered - conflicts + s4.errors} not 409 | ${s4Stored.n} row (1 expected) ${mark(s4Stored.n === 1)} |`,
    );
    targets.push(
      `${mark(s4Rate >= 5000 && s4.latency.p99 <= 20)} 4: ≥ 5,000 409/s and p99 ≤ 20 ms: ${fmt(s4Rate)} 409/s, p99 ${s4.latency.p99} ms`,
    );

    process.stderr.write(`bench: ${raceTrials} races of ${raceConcurrency}\n`);
    const raceEvents = eventsJson('bench-s5', 1);
    let exactlyOne = 0;
    const raceStarted = performance.now();
    for (let trial = 0; trial < raceTrials; trial += 1) {
      const user = takeUser();
      const payload = body(user, raceEvents, crypto.randomUUID());
      const statuses = await Promise.all(
        Array.from({ length: raceConcurrency }, async () => {
          try {
            const res = await fetch(`${env.baseUrl}${user.path}/events`, {
              method: 'POST',
              headers: json,
              body: payload,
            });
            await res.arrayBuffer();
            return res.status;
          } catch {
            return 0;
          }
        }),
      );
      const ok = statuses.filter((s) => s === 200).length;
      const conflict = statuses.filter((s) => s === 409).length;
      if (ok === 1 && conflict === raceConcurrency - 1) exactlyOne += 1;
    }
    const raceSeconds = (performance.now() - raceStarted) / 1000;
    const s5Stored = await countRows('bench-s5');
    const s5RowsOk = s5Stored.n === raceTrials && s5Stored.keys === raceTrials;
    rows.push(
      `| 5. races: ${fmt(raceTrials)} trials × ${raceConcurrency} simultaneous, one key | ${exactlyOne} exactly one accepted in ${fmt(raceSeconds, 1)} s | - | - | ${raceTrials - exactlyOne} trials violating | ${s5Stored.n} rows of ${s5Stored.keys} keys, ${raceTrials} trials ${mark(s5RowsOk)} |`,
    );
    targets.push(
      `${mark(exactlyOne === raceTrials)} 5: every trial exactly one accepted: ${exactlyOne}/${raceTrials}`,
    );
  } finally {
    await db.destroy();
    await env.stop();
  }

  const header = [
    describeMachine(),
    `${USERS} users round-robin; autocannon: ${connections} connections, ${duration} s per scenario (after a ${warmup} s warm-up), load generator and gateway on the same machine`,
    '',
    '| scenario | throughput | p50 ms | p99 ms | non-2xx + errors | rows stored |',
    '|---|---|---|---|---|---|',
  ];
  process.stdout.write(
    `${[...header, ...rows, '', 'Targets:', ...targets.map((t) => `- ${t}`)].join('\n')}\n`,
  );
});
