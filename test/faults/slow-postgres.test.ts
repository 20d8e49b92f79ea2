/**
 * Fault suite: a slow PostgreSQL. The gateway reaches PostgreSQL only through a TCP proxy
 * (delay-proxy.ts) that, once switched on, holds every packet DELAY_MS in each direction, its pool and
 * its cache's LISTEN connection alike (the cache is bypassed while that connection is lost, so it must
 * stay up through the slowness for the scenario to be honest). The cached paths, GET /code/{code} and
 * a replay of an already-used idempotency key, keep their p99 and their answers; an uncached read shows
 * what PostgreSQL costs meanwhile; and the proxy shows the cached paths sent nothing to PostgreSQL.
 */
import crypto from 'node:crypto';
import { LISTENER_APPLICATION_NAME } from '../../shared/cache/invalidation-listener';
import { createDb, type Db } from '../../shared/db/knex';
import {
  basic,
  createTestTenant,
  startTestGateway,
  testConfig,
  testLogger,
  type TestGateway,
} from '../helpers/harness';
import { startDelayProxy, type DelayProxy } from './delay-proxy';
import { describeAnswer, percentile, send, type Answer } from './fault-http';
import { faultLoadMs, FAULTS_FULL } from './fault-scale';

/**
 * Per direction: a round trip to PostgreSQL costs at least twice this while slow. Large, so that the p99
 * bound below (2 × the p99 before + 25 ms) stays under one round trip even on a busy 2-core machine.
 */
const DELAY_MS = 400;
/** Each path's time with PostgreSQL fast, and again slow, split into ROUNDS alternating rounds. */
const PHASE_MS = faultLoadMs(1500, 12_000);
const ROUNDS = faultLoadMs(5, 12);

let admin: Db;
let proxy: DelayProxy;
let gw: TestGateway;
let api: string;
let auth: string;
const user = { accountId: 'acct-slow', userId: 'user-slow' };
let code: string;
const usedKey = `slow-${crypto.randomUUID()}`;
let usedEventIds: string[];

beforeAll(async () => {
  const direct = process.env.TEST_DATABASE_URL!;
  admin = createDb({ url: direct, poolMax: 2 });
  const { hostname, port } = new URL(direct);
  proxy = await startDelayProxy(
    { host: hostname, port: Number(port || 5432) },
    { uncounted: LISTENER_APPLICATION_NAME },
  );
  const config = testConfig({ DATABASE_URL: proxy.via(direct) });
  gw = await startTestGateway({
    config,
    db: createDb({ url: config.databaseUrl, poolMax: 5, logger: testLogger }),
  });
  const tenant = await createTestTenant(admin, 'fpg_slow');
  api = gw.api(tenant.alias);
  auth = basic(tenant.apiKey);
  const referrer = await send(`${api}/open/account/${user.accountId}/user/${user.userId}`, {
    method: 'PUT',
    body: { firstName: 'Sloane', lastName: 'Slow' },
    headers: { authorization: auth },
  });
  expect(referrer.status).toBe(200);
  code = referrer.json!.shareCode as string;
  const first = await replay();
  expect(first.status).toBe(200);
  usedEventIds = (first.json!.events as { id: string }[]).map((e) => e.id);
});

afterAll(async () => {
  await gw?.close();
  await proxy?.close();
  await admin?.destroy();
});

const lookup = () => send(`${api}/code/${code}`, { headers: { authorization: auth } });
function replay() {
  return send(`${api}/open/account/${user.accountId}/user/${user.userId}/events`, {
    method: 'POST',
    body: { ...user, idempotencyKey: usedKey, events: [{ key: 'visit' }] },
    headers: { authorization: auth },
  });
}
const uncachedRead = () =>
  send(`${api}/open/account/${user.accountId}/user/${user.userId}`, { headers: { authorization: auth } });

/**
 * One client's requests back to back for `ms` (at least `min` of them): their latencies, and the answers
 * that were wrong.
 */
async function measure(request: () => Promise<Answer>, isRight: (a: Answer) => boolean, ms: number, min = 1) {
  const latencies: number[] = [];
  const wrong: string[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until || latencies.length < min) {
    const answer = await request();
    latencies.push(answer.receivedAt - answer.sentAt);
    if (!isRight(answer)) wrong.push(describeAnswer(answer));
  }
  return { latencies, wrong, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

const PATHS = {
  'GET /code/{code}': {
    request: lookup,
    isRight: (a: Answer) =>
      a.status === 200 && a.json?.code === code && a.json?.referrerName === 'Sloane Slow',
  },
  'replay of a used key': {
    request: replay,
    isRight: (a: Answer) =>
      a.status === 409 &&
      a.json?.apiErrorCode === 'IDEMPOTENCY_KEY_USED' &&
      JSON.stringify(a.json?.eventIds) === JSON.stringify(usedEventIds),
  },
};
type PathName = keyof typeof PATHS;
type Path = (typeof PATHS)[PathName];

/**
 * A path's latencies with PostgreSQL fast and slow, in alternating rounds (ROUNDS of each), so that a
 * busy neighbour on the machine weighs on both alike; and the queries sent to PostgreSQL while slow.
 */
async function beforeAndWhileSlow(path: Path) {
  const samples = { before: [] as number[], slow: [] as number[] };
  const wrong: string[] = [];
  let sentToPostgres = 0;
  await measure(path.request, path.isRight, 200); // warm: caches filled, connections open
  for (let round = 0; round < ROUNDS; round += 1) {
    proxy.setDelay(0);
    const before = await measure(path.request, path.isRight, PHASE_MS / ROUNDS);
    proxy.setDelay(DELAY_MS);
    const sentBefore = proxy.sentQueries();
    const slow = await measure(path.request, path.isRight, PHASE_MS / ROUNDS);
    sentToPostgres += proxy.sentQueries() - sentBefore;
    samples.before.push(...before.latencies);
    samples.slow.push(...slow.latencies);
    wrong.push(...before.wrong, ...slow.wrong);
  }
  const stats = (latencies: number[]) => ({
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  });
  return { before: stats(samples.before), slow: stats(samples.slow), wrong, sentToPostgres };
}

test(
  'cached paths keep their p99 and their answers while every PostgreSQL round trip is slow',
  async () => {
    const lossesBefore = gw.cacheListener!.status().losses;
    const results = {} as Record<PathName, Awaited<ReturnType<typeof beforeAndWhileSlow>>>;
    let uncached: Awaited<ReturnType<typeof measure>>;
    try {
      for (const [name, path] of Object.entries(PATHS) as [PathName, Path][]) {
        results[name] = await beforeAndWhileSlow(path);
      }
      // An uncached read meanwhile: the slowness is real (at least one round trip).
      proxy.setDelay(DELAY_MS);
      uncached = await measure(uncachedRead, (a) => a.status === 200, 0, 1);
    } finally {
      proxy.setDelay(0);
    }

    const rows = (Object.keys(PATHS) as PathName[]).map((name) => {
      const { before, slow, sentToPostgres } = results[name];
      return {
        path: name,
        requests: `${before.requests} / ${slow.requests}`,
        'p50 before/slow ms': `${before.p50} / ${slow.p50}`,
        'p99 before/slow ms': `${before.p99} / ${slow.p99}`,
        'queries sent to PG while slow': sentToPostgres,
      };
    });
    console.log(
      `[faults] slow PostgreSQL (+${DELAY_MS} ms each way per packet); uncached GET user while slow: ` +
        `${uncached.latencies.join(', ')} ms\n${JSON.stringify(rows, null, 1)}`,
    );

    expect(uncached.wrong).toEqual([]);
    expect(Math.min(...uncached.latencies)).toBeGreaterThanOrEqual(2 * DELAY_MS);
    // The cache stayed on: its LISTEN connection (through the proxy too) was never lost.
    expect(gw.cacheListener!.status()).toMatchObject({ connected: true, losses: lossesBefore });
    expect(gw.deps.cache.stats().enabled).toBe(true);
    const problems: string[] = [];
    for (const name of Object.keys(PATHS) as PathName[]) {
      const { before, slow, wrong, sentToPostgres } = results[name];
      for (const w of wrong) problems.push(`${name}: answered ${w}`);
      // Any request that reached PostgreSQL would cost a round trip (2 × DELAY_MS) more than this.
      const bound = 2 * before.p99 + 25;
      if (slow.p99 > bound) problems.push(`${name}: p99 ${slow.p99} ms while slow > ${bound} ms`);
      if (sentToPostgres > 0)
        problems.push(`${name}: ${sentToPostgres} queries sent to PostgreSQL while slow`);
    }
    expect(problems).toEqual([]);
  },
  FAULTS_FULL ? 180_000 : 60_000,
);
