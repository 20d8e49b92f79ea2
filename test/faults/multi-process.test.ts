/**
 * Two gateways and two workers as separate processes, on one database, one Temporal namespace
 * and one task queue, behind a round-robin client: the rules hold across processes. The same
 * Idempotency-Key sent to both gateways at once stores one event (one 200, one 409 naming its ids); a
 * change made through one gateway reaches the other's cache over LISTEN/NOTIFY; a referral attributed and
 * converted through both gateways at once has one lifecycle and one reward per side. Then SIGKILL: the
 * worker running an import is killed mid-job and the other worker finishes it with exact counts, and one
 * gateway is killed under a load of user events: the other answers every request, a request the killed
 * one left unanswered is retried there with its key, and row by row every acknowledged event is stored
 * exactly once and nothing refused is stored.
 */
import crypto from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { basic, eventually } from '../helpers/harness';
import { importClient } from '../helpers/imports';
import { callGateway, eventLoad, processGroupOf, startCluster, type Cluster } from '../helpers/multi-process';
import { uid } from '../helpers/referrals';
import { workflowIds } from '../../shared/temporal/workflow-ids';
import { faultLoadMs } from './fault-scale';
import { ledgerViolationsSince } from '../helpers/ledger';

const IMPORT_ROWS = 3000;
let cluster: Cluster;
let temporal: Connection;

beforeAll(async () => {
  const started = Date.now();
  cluster = await startCluster('mp', {
    IMPORT_CHUNK_ROWS: '20',
    // A short heartbeat timeout, so the other worker retries the import soon after the kill.
    IMPORT_HEARTBEAT_TIMEOUT_MS: '2000',
    LIFECYCLE_WAIT_MS: '8000',
  });
  temporal = await Connection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS! });
  process.stdout.write(
    `multi-process: two gateways and two workers running after ${Date.now() - started} ms\n`,
  );
}, 120_000);
afterAll(async () => {
  await temporal?.close();
  await cluster?.stop();
});

// After each scenario, every ledger it touched keeps its invariants (docs/payouts.md).
afterEach(async () => {
  expect(await ledgerViolationsSince(cluster.db, new Date(0))).toEqual([]);
});

const call = (i: number, method: string, route: string, body?: unknown, key?: string) =>
  callGateway(cluster, i, method, route, body, key);

async function identify(i: number, body: Record<string, unknown> = {}) {
  const [accountId, userId] = [uid('acct'), uid('user')];
  const res = await call(i, 'PUT', `/open/account/${accountId}/user/${userId}`, body);
  expect(res.status).toBe(200);
  return { accountId, userId, code: res.body.shareCode as string };
}

const eventsPath = (u: { accountId: string; userId: string }) =>
  `/open/account/${u.accountId}/user/${u.userId}/events`;

const ids = (u: { accountId: string; userId: string }) => ({ accountId: u.accountId, userId: u.userId });

async function storedIds(key: string): Promise<string[]> {
  const rows: { id: string }[] = await cluster
    .db('user_events')
    .where({ tenant_id: cluster.tenant.id, idempotency_key: key })
    .orderBy('id')
    .select('id');
  return rows.map((r) => r.id);
}

test('one Idempotency-Key sent to both gateways at once: one 200, one 409 with its ids, one event stored', async () => {
  const u = await identify(0);
  for (let trial = 0; trial < 20; trial += 1) {
    const key = `race-${crypto.randomUUID()}`;
    const answers = await Promise.all(
      [0, 1].map((i) =>
        call(i, 'POST', eventsPath(u), { ...ids(u), idempotencyKey: key, events: [{ key: `from-${i}` }] }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const stored = answers.find((a) => a.status === 200)!.body.events.map((e: { id: string }) => e.id);
    const replay = answers.find((a) => a.status === 409)!;
    expect(replay.body).toMatchObject({ apiErrorCode: 'IDEMPOTENCY_KEY_USED', eventIds: stored });
    expect(await storedIds(key)).toEqual(stored);
  }
});

describe('a change through one gateway reaches the other’s cache', () => {
  test('a user renamed through A: B’s code lookup shows the new name', async () => {
    const owner = await identify(0, { firstName: 'Ada', lastName: 'Lovelace' });
    for (let n = 0; n < 2; n += 1) {
      expect((await call(1, 'GET', `/code/${owner.code}`)).body.referrerName).toBe('Ada Lovelace');
    }
    const renamed = await call(0, 'PUT', `/open/account/${owner.accountId}/user/${owner.userId}`, {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(renamed.status).toBe(200);
    await eventually('rename visible on B', async () => {
      return (await call(1, 'GET', `/code/${owner.code}`)).body.referrerName === 'Grace Hopper';
    });
  });

  test('program settings changed through B: A’s code lookup shows them', async () => {
    const owner = await identify(0);
    expect((await call(0, 'GET', `/code/${owner.code}`)).body.discountPercentage).toBe(10);
    expect((await call(1, 'PATCH', '/program', { referredDiscountPercent: 30 })).status).toBe(200);
    await eventually('program change visible on A', async () => {
      return (await call(0, 'GET', `/code/${owner.code}`)).body.discountPercentage === 30;
    });
  });

  test('an API key created and then revoked through A: B accepts it, then refuses it', async () => {
    const gql = (i: number, query: string, variables?: Record<string, unknown>) =>
      call(i, 'POST', '/graphql', { query, variables });
    const created = await gql(0, 'mutation { createApiKey { id key } }');
    const { id, key } = created.body.data.createApiKey as { id: string; key: string };
    const program = (i: number) => call(i, 'GET', '/program', undefined, key).then((r) => r.status);
    await eventually('new key accepted on B', async () => (await program(1)) === 200);
    expect(await program(1)).toBe(200); // now from B's cache
    const revoked = await gql(0, 'mutation R($id: ID!) { revokeApiKey(id: $id) { dateRevoked } }', { id });
    expect(revoked.body.data.revokeApiKey.dateRevoked).toEqual(expect.any(Number));
    expect(await program(0)).toBe(401);
    await eventually('revoked key refused on B', async () => (await program(1)) === 401);
  });
});

test('a referral attributed and converted through both gateways at once: one referral, one reward per side', async () => {
  const referrer = await identify(cluster.next());
  const friends = Array.from({ length: 4 }, () => uid('acct-f'));
  await Promise.all(
    friends.map(async (friend) => {
      const attributed = await Promise.all(
        [0, 1].map((i) =>
          call(i, 'PUT', `/open/account/${friend}/user/${uid('user')}`, { referredByCode: referrer.code }),
        ),
      );
      expect(attributed.map((a) => a.status)).toEqual([200, 200]);
      const paid = await Promise.all(
        [0, 1].map((i) => call(i, 'POST', '/accountsync', { id: friend, subscription: { status: 'PAID' } })),
      );
      for (const p of paid) expect([200, 503]).toContain(p.status); // 503: saved, the workflow was slow
    }),
  );
  const { id: tenantId } = cluster.tenant;
  await eventually('every referral converted', async () => {
    const rows = await cluster
      .db('referrals')
      .where({ tenant_id: tenantId })
      .whereIn('referred_account_id', friends);
    return rows.length === friends.length && rows.every((r: { status: string }) => r.status === 'CONVERTED');
  });
  const referrals: { id: string; referred_account_id: string }[] = await cluster
    .db('referrals')
    .where({ tenant_id: tenantId })
    .whereIn('referred_account_id', friends);
  expect(referrals.map((r) => r.referred_account_id).sort()).toEqual([...friends].sort());
  const rewards: { referral_id: string; reward_source: string }[] = await cluster
    .db('rewards')
    .where({ tenant_id: tenantId })
    .whereIn(
      'referral_id',
      referrals.map((r) => r.id),
    );
  for (const r of referrals) {
    const sources = rewards.filter((w) => w.referral_id === r.id).map((w) => w.reward_source);
    expect(sources.sort()).toEqual(['FRIEND_SIGNUP', 'REFERRED']);
  }
});

/** The worker processes' index whose process runs the import job's activity now (from Temporal). */
async function workerRunning(jobId: string): Promise<number | undefined> {
  const client = new Client({ connection: temporal });
  const handle = client.workflow.getHandle(workflowIds.importJob(cluster.tenant.alias, jobId));
  const { raw } = await handle.describe();
  const identity = raw.pendingActivities?.find((a) => a.lastWorkerIdentity)?.lastWorkerIdentity;
  const pid = Number(/^(\d+)@/.exec(identity ?? '')?.[1]);
  const group = pid ? processGroupOf(pid) : undefined;
  const index = cluster.workers.findIndex((w) => w.child.pid === group);
  return index < 0 ? undefined : index;
}

test('SIGKILL: the import continues on the other worker; the surviving gateway answers everything', async () => {
  const loadMs = faultLoadMs(4000, 45_000);
  const jobs = importClient({ base: cluster.api(0), auth: basic(cluster.tenant.apiKey) });
  const rows = Array.from(
    { length: IMPORT_ROWS },
    (_, i) => `imp${i},imp-a${i},imp${i}@example.com,F${i % 7},L`,
  );
  const fileRef = await jobs.upload('mp.csv', ['id,accountId,email,firstName,lastName', ...rows].join('\n'));
  const users = await Promise.all(Array.from({ length: 16 }, (_, i) => identify(i % 2)));

  let stopLoad!: () => void;
  const loadOver = new Promise<void>((r) => (stopLoad = r));
  const loading = eventLoad(cluster, users, loadOver, 0);
  let created: Record<string, any>;
  let killedAt: number;
  let atKill: number;
  try {
    created = await importClient({ base: cluster.api(1), auth: basic(cluster.tenant.apiKey) }).create({
      fileRef,
      type: 'MUTATION/USER',
    });
    let running: number | undefined;
    for (;;) {
      const job = (await jobs.job(created.id))!;
      expect(job.status).not.toBe('COMPLETED');
      running = job.stats.recordsProcessed >= 0.1 * IMPORT_ROWS ? await workerRunning(created.id) : undefined;
      if (running !== undefined) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    killedAt = Date.now();
    await cluster.workers[running]!.kill();
    atKill = (await jobs.job(created.id))!.stats.recordsProcessed as number;
    expect(atKill).toBeLessThan(IMPORT_ROWS);

    await new Promise((r) => setTimeout(r, loadMs / 2));
    await cluster.gateways[1]!.kill();
    await new Promise((r) => setTimeout(r, loadMs / 2));
  } finally {
    stopLoad(); // also when a check above failed, so the load's loops end
  }
  const load = await loading;

  const job = await jobs.waitFor(created.id, 90_000);
  const finishedMs = Date.now() - killedAt;
  expect(job).toMatchObject({
    status: 'COMPLETED',
    stats: { recordsProcessed: IMPORT_ROWS, recordsFailed: 0, recordsTotal: IMPORT_ROWS },
  });
  const { db } = cluster;
  const imported = await db('users')
    .where({ tenant_id: cluster.tenant.id })
    .where('account_id', 'like', 'imp-a%')
    .count<{ n: string }[]>('* as n');
  expect(Number(imported[0]!.n)).toBe(IMPORT_ROWS);
  const ledger = await db('import_job_chunks')
    .where({ job_id: created.id })
    .sum<{ sum: string }[]>('rows as sum');
  expect(Number(ledger[0]!.sum)).toBe(IMPORT_ROWS);
  const results = await jobs.results(job);
  expect(results.map((r) => Number(r[0]))).toEqual(Array.from({ length: IMPORT_ROWS }, (_, i) => i + 2));
  expect(new Set(results.map((r) => r[1]))).toEqual(new Set(['SUCCESS']));

  // The survivor answered every request sent to it with a 200, before and after the other died.
  expect(load.survivor.length).toBeGreaterThan(0);
  expect(load.survivor.filter((s) => s !== 200)).toEqual([]);
  expect(load.refused.size).toBe(0);
  // Row by row: each acknowledged key stored once with one event; nothing else stored by the load.
  const stored: { idempotency_key: string; n: string }[] = await db('user_events')
    .where({ tenant_id: cluster.tenant.id, key: 'load' })
    .groupBy('idempotency_key')
    .select('idempotency_key')
    .count('* as n');
  const byKey = new Map(stored.map((s) => [s.idempotency_key, Number(s.n)]));
  expect([...load.acknowledged].filter((k) => byKey.get(k) !== 1)).toEqual([]);
  expect([...byKey.keys()].filter((k) => !load.acknowledged.has(k))).toEqual([]);
  process.stdout.write(
    `multi-process SIGKILL: import ${atKill}/${IMPORT_ROWS} rows at the worker kill, done ${finishedMs} ms later; ` +
      `${load.acknowledged.size} events acknowledged, ${load.survivor.length} first attempts answered by the survivor, ` +
      `retries of unanswered ones there: ${JSON.stringify(load.retried)}\n`,
  );
}, 150_000);
