/**
 * Fault: the Temporal server stopped and started again under load. A gateway and a worker
 * (reconciler and webhook dispatcher on) run against a dev server of this file's own, persisted in
 * SQLite, which the test stops while conversions, import jobs and outbound webhook deliveries are in
 * flight, and starts again on the same port and file. During the outage nothing answers 500: a
 * conversion is 503 with its change saved; a job is 503 (saved under an idempotency key, removed
 * without one) or held until Temporal is back; /readyz says Temporal is down. Afterwards, row by row:
 * every conversion's referral and rewards exist exactly once (half the clients retry their 503s, the
 * reconciler finishes the other half), every job completed with every row applied once and a refused
 * job left nothing, and every outbox event reached each endpoint exactly once (receiver log against
 * the database), including the retries that waited on durable timers across the restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunningWorker } from '../../services/worker/worker';
import type { Db } from '../../shared/db/knex';
import { createPortalTenant, type PortalTenant } from '../helpers/admin-api';
import {
  basic,
  eventually,
  startTestGateway,
  startTestWorker,
  testConfig,
  type TestGateway,
} from '../helpers/harness';
import { importClient } from '../helpers/imports';
import { ownDatabase } from '../helpers/own-database';
import { ledgerViolationsSince } from '../helpers/ledger';
import { uid } from '../helpers/referrals';
import { explainMissing, identify, pacedLoad, within } from '../helpers/webhook-faults';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { convert, conversionProblems, SAVED_BUT_UNAVAILABLE } from './conversion-client';
import { FAULTS_FULL, faultLoadMs } from './fault-scale';
import { deliveryTally, receiverEndpoint } from './outbox-delivery';
import { startRestartableTemporal, type RestartableTemporal } from './restartable-temporal';

/** Load before the stop, the outage itself, and load after the start. */
const LEAD_MS = faultLoadMs(1000, 5_000);
const DOWN_MS = faultLoadMs(3_000, 40_000);
const TAIL_MS = faultLoadMs(500, 10_000);
/** Conversions started per second (two requests each, more with retries). */
const RATE = FAULTS_FULL ? 10 : 5;
const IMPORT_ROWS = FAULTS_FULL ? 20_000 : 1_000;
const SMALL_JOB_ROWS = 100;

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referral-ftp-temporal-'));
const database = ownDatabase('ftp_temporal');
let temporal: RestartableTemporal;
let gw: TestGateway;
let worker: RunningWorker;
let rx: WebhookReceiver;

beforeAll(async () => {
  [temporal, rx] = await Promise.all([
    startRestartableTemporal('temporal-restart'),
    startWebhookReceiver(),
    database.create(),
  ]);
  const config = testConfig({
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: temporal.address,
    FILE_STORAGE_DIR: storageDir,
    // Small chunks, so the job started before the outage is still running through it; its activity's
    // heartbeats stop with the server, and the retry after the restart comes quickly.
    IMPORT_CHUNK_ROWS: '20',
    IMPORT_HEARTBEAT_TIMEOUT_MS: '2000',
    LIFECYCLE_WAIT_MS: '1000',
    RECONCILE_GRACE_MS: '1000',
    RECONCILE_INTERVAL_MS: '500',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    WEBHOOK_RETRY_SCHEDULE_MS: '0,1000,2000,3000,3000,3000,3000,3000,3000,3000',
    WEBHOOK_DISPATCH_INTERVAL_MS: '100',
  });
  [gw, worker] = await Promise.all([
    startTestGateway({ config }),
    startTestWorker(config, { reconciler: true, webhookDispatcher: true }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([worker?.close(), gw?.close(), rx?.close()]);
  await Promise.all([temporal?.close(), database.drop()]);
  fs.rmSync(storageDir, { recursive: true, force: true });
});

// After each scenario, every ledger it touched keeps its invariants (docs/payouts.md).
afterEach(async () => {
  expect(await ledgerViolationsSince(gw.deps.db, new Date(0))).toEqual([]);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function usersFile(prefix: string, rows: number): string {
  const lines = Array.from(
    { length: rows },
    (_, i) => `${prefix}-u${i},${prefix}-a${i},${prefix}${i}@x.test`,
  );
  return ['id,accountId,email', ...lines].join('\n');
}

/** createJob's outcome: created (possibly held until Temporal was back) or 503 SERVICE_UNAVAILABLE. */
async function createJobOnce(jobs: ReturnType<typeof importClient>, fileRef: string, key?: string) {
  const result = await jobs.createRaw({ fileRef, type: 'MUTATION/USER', idempotencyKey: key });
  if (!result.errors) return { status: 'created' as const, id: result.data.createJob.id as string };
  expect(result.errors.map((e: any) => e.extensions.code)).toEqual(['SERVICE_UNAVAILABLE']);
  return { status: 'unavailable' as const, id: undefined, message: result.errors[0].message as string };
}

/** The users a job's file made (ids `{prefix}-u{n}`), each counted once: the rows applied exactly once. */
async function importedUsers(db: Db, tenantId: string, prefix: string): Promise<number> {
  const rows: { id: string; n: string }[] = await db('users')
    .where({ tenant_id: tenantId })
    .whereLike('id', `${prefix}-u%`)
    .groupBy('id')
    .select('id', db.raw('count(*) as n'));
  expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
  return rows.length;
}

test(
  'Temporal stopped and started under conversions, imports and webhook deliveries: nothing lost or doubled',
  async () => {
    const db = gw.deps.db;
    const shop: PortalTenant = await createPortalTenant(db);
    const importer: PortalTenant = await createPortalTenant(db);
    const api = gw.api(shop.alias);
    const jobs = importClient({ base: gw.api(importer.alias), auth: basic(importer.apiKey) });

    // One endpoint for every event, always up; one for conversions only, failing until the outage starts,
    // so its deliveries wait in workflows on durable timers across the restart.
    const endpoints = [
      await receiverEndpoint(api, shop, rx, '/steady'),
      await receiverEndpoint(api, shop, rx, '/flaky', 'referral.converted'),
    ];
    rx.plans.set('/flaky', Array<number>(1_000_000).fill(503));

    const referrerOf = new Map<string, string>();
    for (let i = 0; i < 3; i += 1) {
      const accountId = uid('acct-ref');
      const res = await identify(api, shop, accountId, uid('user-ref'), { firstName: `Referrer ${i}` });
      expect(res.status).toBe(200);
      referrerOf.set(res.body.shareCode as string, accountId);
    }
    const codes = [...referrerOf.keys()];

    // A job running when Temporal stops (created just before); two more created during the outage, with
    // and without a key.
    const runningRef = await jobs.upload('running.csv', usersFile('run', IMPORT_ROWS));
    const keyedRef = await jobs.upload('keyed.csv', usersFile('key', SMALL_JOB_ROWS));
    const unkeyedRef = await jobs.upload('unkeyed.csv', usersFile('nokey', SMALL_JOB_ROWS));
    const idempotencyKey = uid('job-key');

    const started = Date.now();
    const load = pacedLoad(RATE, LEAD_MS + DOWN_MS + TAIL_MS, (i) =>
      convert(api, shop, codes[i % codes.length]!, i % 2 === 0, DOWN_MS + 30_000),
    );

    // The outage, once the load has run a while and a delivery to /flaky has failed.
    await sleep(LEAD_MS);
    await eventually('a delivery to /flaky failed', async () => rx.at('/flaky').length > 0);
    // The job starts now, so it is mid-run (not yet done) when the server stops, whatever the import speed.
    const running = await jobs.create({ fileRef: runningRef, type: 'MUTATION/USER' });
    let atStop = running;
    await eventually('the job applies its first rows', async () => {
      atStop = (await jobs.job(running.id as string))!;
      return atStop.stats.recordsProcessed > 0;
    });
    const stopMs = await temporal.stop();
    const downAt = Date.now();
    const flakyFailures = rx.at('/flaky').filter((r) => r.status === 503).length;
    rx.plans.delete('/flaky');
    const keyed = createJobOnce(jobs, keyedRef, idempotencyKey);
    const unkeyed = createJobOnce(jobs, unkeyedRef);
    await eventually('/readyz says Temporal is down', async () => {
      const res = await fetch(`${gw.url}/readyz`);
      const body = (await res.json()) as Record<string, any>;
      return res.status === 503 && body.checks?.temporal === 'unavailable' && body.checks?.postgres === 'ok';
    });
    await sleep(downAt + DOWN_MS - Date.now());
    const startMs = await temporal.start();
    const upAt = Date.now();
    await eventually('/readyz is ready again', async () => (await fetch(`${gw.url}/readyz`)).status === 200);
    const readyMs = Date.now() - upAt;

    // The keyed job: a 503 saved it, and the retry with the same key lands on it.
    const keyedAttempt = await keyed;
    let keyedId = keyedAttempt.id;
    if (keyedAttempt.status === 'unavailable') {
      expect(keyedAttempt.message).toBe(
        'The job is saved but could not be started; retry with the same idempotencyKey',
      );
      const saved = await db('import_jobs').where({ tenant_id: importer.id, file_ref: keyedRef });
      expect(saved).toMatchObject([{ status: 'PENDING', idempotency_key: idempotencyKey }]);
      keyedId = (await jobs.create({ fileRef: keyedRef, type: 'MUTATION/USER', idempotencyKey }))
        .id as string;
      expect(keyedId).toBe(saved[0].id);
    }
    // The unkeyed job: refused (503) left nothing stored; created, it must run.
    const unkeyedAttempt = await unkeyed;
    const unkeyedRows = await db('import_jobs').where({ tenant_id: importer.id, file_ref: unkeyedRef });
    if (unkeyedAttempt.status === 'unavailable') {
      expect(unkeyedAttempt.message).toBe('The job could not be started; retry');
      expect(unkeyedRows).toEqual([]);
    } else {
      expect(unkeyedRows.map((r) => r.id)).toEqual([unkeyedAttempt.id]);
    }

    const conversions = await load;
    const loadMs = Date.now() - started;

    // Every answer was 200, or 503 with the standard body (the change saved); never a 500.
    const answers = conversions.flatMap((c) => [...c.attribution, ...c.conversion]);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect({ status: a.status, body: { ...a.body, requestId: 'x' } }).toEqual({
        status: 503,
        body: { ...SAVED_BUT_UNAVAILABLE, requestId: 'x' },
      });
    }
    const unavailable = answers.filter((a) => a.status === 503).length;
    const firstAckMs =
      Math.min(...answers.filter((a) => a.status === 200 && a.at > upAt).map((a) => a.at)) - upAt;

    // Drain: the reconciler finishes the conversions nobody retried, jobs complete, webhooks arrive.
    const expectedJobs = new Map<string, { prefix: string; rows: number }>([
      [running.id as string, { prefix: 'run', rows: IMPORT_ROWS }],
      [keyedId!, { prefix: 'key', rows: SMALL_JOB_ROWS }],
    ]);
    if (unkeyedAttempt.id) expectedJobs.set(unkeyedAttempt.id, { prefix: 'nokey', rows: SMALL_JOB_ROWS });
    // When each part was done, in ms after the start (the first poll that found it so).
    const doneAfter: Record<'conversions' | 'jobs' | 'webhooks', number | undefined> = {
      conversions: undefined,
      jobs: undefined,
      webhooks: undefined,
    };
    const parts = {
      conversions: async () =>
        !(await db('referrals')
          .where({ tenant_id: shop.id })
          .where((q) => q.whereNot({ status: 'CONVERTED' }).orWhereNotNull('lifecycle_pending_since'))
          .first('id')),
      jobs: async () => {
        for (const id of expectedJobs.keys()) if ((await jobs.job(id))?.status !== 'COMPLETED') return false;
        return true;
      },
      webhooks: async () => {
        for (const e of endpoints)
          if ((await deliveryTally(db, shop.id, rx, e)).missing.length > 0) return false;
        return true;
      },
    };
    const settled = async () => {
      // Webhooks last: conversions the reconciler finishes still add events to the outbox.
      for (const name of ['conversions', 'jobs', 'webhooks'] as const) {
        if (name === 'webhooks' && doneAfter.conversions === undefined) break;
        if (doneAfter[name] === undefined && (await parts[name]())) doneAfter[name] = Date.now() - upAt;
      }
      return Object.values(doneAfter).every((ms) => ms !== undefined);
    };
    const drained = await within(FAULTS_FULL ? 180_000 : 25_000, settled);
    await sleep(FAULTS_FULL ? 3000 : 1000); // late duplicates would show up now

    const report = [
      `${conversions.length} conversions, ${answers.length} requests (${unavailable} answered 503) over ` +
        `${loadMs} ms; running job at ${atStop.stats.recordsProcessed}/${IMPORT_ROWS} rows at the stop; ` +
        `Temporal stopped in ${stopMs} ms, down ${upAt - downAt} ms, started in ${startMs} ms; after the ` +
        `start: /readyz ready in ${readyMs} ms, first conversion acknowledged in ${firstAckMs} ms, done in ms ` +
        `${JSON.stringify(doneAfter)} (${drained ? 'complete' : 'INCOMPLETE'}); jobs created during the ` +
        `outage: keyed ${keyedAttempt.status}, unkeyed ${unkeyedAttempt.status}`,
    ];
    for (const e of endpoints) {
      const t = await deliveryTally(db, shop.id, rx, e);
      report.push(
        `${e.path}: ${t.events} events, ${t.delivered} delivered, ${t.duplicated.length} duplicated; ` +
          (await explainMissing(db, e.id, t.missing)),
      );
    }
    console.log(`temporal-restart:\n${report.join('\n')}`);

    // The outage met every kind of work: answers 503, a job mid-run, deliveries waiting to be retried.
    expect(unavailable).toBeGreaterThan(0);
    expect(atStop.stats.recordsProcessed).toBeLessThan(IMPORT_ROWS);
    expect(flakyFailures).toBeGreaterThan(0);

    expect(await conversionProblems(db, shop.id, conversions, referrerOf)).toEqual([]);
    for (const e of endpoints) {
      const t = await deliveryTally(db, shop.id, rx, e);
      expect({ path: e.path, missing: t.missing, duplicated: t.duplicated }).toEqual({
        path: e.path,
        missing: [],
        duplicated: [],
      });
      expect(t.delivered).toBe(t.events);
    }
    for (const [id, { prefix, rows }] of expectedJobs) {
      expect(await jobs.job(id)).toMatchObject({
        status: 'COMPLETED',
        stats: { recordsProcessed: rows, recordsFailed: 0, recordsTotal: rows },
      });
      expect(await importedUsers(db, importer.id, prefix)).toBe(rows);
    }
    const storedJobs: { id: string }[] = await db('import_jobs')
      .where({ tenant_id: importer.id })
      .select('id');
    expect(storedJobs.map((j) => j.id).sort()).toEqual([...expectedJobs.keys()].sort());
    if (!unkeyedAttempt.id) expect(await importedUsers(db, importer.id, 'nokey')).toBe(0);
    expect(drained).toBe(true);
  },
  FAULTS_FULL ? 300_000 : 60_000,
);
