/**
 * Outbound webhooks under a receiver outage, black-box: a steady load of real API actions
 * (identifications, attributions, conversions) for 15 s (40 s in `npm run faults`) while both of the
 * tenant's endpoints are down for the first 10 s (30 s), one refusing connections (a closed port), the other answering 503. Afterwards each
 * endpoint has received, with a valid Standard Webhooks signature (the `standardwebhooks` library),
 * every event of the tenant's outbox, and each exactly once (2xx) by webhook-id; the public delivery log
 * (GraphQL webhookDeliveries) shows the failed attempts before the one success of each event.
 * webhook-faults-kill.test.ts kills the worker and the gateway.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { RunningWorker } from '../../../services/worker/worker';
import { closeServer } from '../../../shared/http';
import { faultLoadMs } from '../../faults/fault-scale';
import { createPortalTenant, type PortalTenant } from '../../helpers/admin-api';
import { startTestGateway, startTestWorker, testConfig, type TestGateway } from '../../helpers/harness';
import { ownDatabase } from '../../helpers/own-database';
import { uid } from '../../helpers/referrals';
import {
  createEndpoint,
  deliveredCounts,
  deliveryLog,
  duplicatesIn,
  explainMissing,
  identify,
  missingFrom,
  mixedAction,
  outboxIds,
  pacedLoad,
  drains,
  type LoggedAttempt,
} from '../../helpers/webhook-faults';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';

// `npm run faults` keeps the load on for 40 s with a 30 s outage; `npm test` for 15 s with a 10 s one. The
// checks are the same; the bound on failed attempts below scales with the outage.
const LOAD_MS = faultLoadMs(15_000, 40_000);
const DOWN_MS = Number(process.env.FAULTS_DOWN_MS ?? faultLoadMs(10_000, 30_000));
/** Identifications per second (about 1.7 events each): what the 2-core CI machine sustains. */
const RATE = 10;
// Retries 1, 3, 6 s, then every 8 s: an event waits at most 8 s once the receiver is back, and none runs
// out of attempts (58 s) during the 30 s outage.
const SCHEDULE = '0,1000,3000,6000,8000,8000,8000,8000,8000,8000';

const database = ownDatabase('webhook_faults');
const config = testConfig({
  DATABASE_URL: database.url,
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
  WEBHOOK_RETRY_SCHEDULE_MS: SCHEDULE,
  WEBHOOK_DISPATCH_INTERVAL_MS: '100',
});

let gw: TestGateway;
let worker: RunningWorker;
let rx: WebhookReceiver;
let revived: Server | undefined;

beforeAll(async () => {
  await database.create();
  rx = await startWebhookReceiver();
  gw = await startTestGateway({ config });
  worker = await startTestWorker(config, { webhookDispatcher: true });
});

afterAll(async () => {
  await worker?.close();
  await gw?.close();
  if (revived) await closeServer(revived);
  await rx?.close();
  await database.drop();
});

/** Each event has one SUCCEEDED attempt, after exactly its failed ones (1..n-1), and nothing else. */
function expectFailuresThenOneSuccess(log: LoggedAttempt[], ids: Set<string>) {
  const byEvent = new Map<string, LoggedAttempt[]>();
  for (const row of log) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row]);
  expect(new Set(byEvent.keys())).toEqual(ids);
  for (const [eventId, rows] of byEvent) {
    const ordered = [...rows].sort((a, b) => a.attempt - b.attempt);
    const outcomes = ordered.map((r) => r.outcome);
    const expected = [...Array<string>(ordered.length - 1).fill('FAILED'), 'SUCCEEDED'];
    if (outcomes.join() !== expected.join()) throw new Error(`event ${eventId}: ${outcomes.join()}`);
    expect(ordered.map((r) => r.attempt)).toEqual(ordered.map((_, i) => i + 1));
  }
}

test(`receiver down for ${DOWN_MS / 1000} seconds under load, then up: every event arrives, none twice by webhook-id`, async () => {
  const tenant: PortalTenant = await createPortalTenant(gw.deps.db);
  const api = gw.api(tenant.alias);

  // One endpoint on a port nobody listens on (connection refused), one answering 503.
  const spare = await rx.listenOn(0);
  const sparePort = (spare.address() as AddressInfo).port;
  await closeServer(spare);
  const refusedPath = '/refused';
  const refusing = await createEndpoint(api, tenant, `http://127.0.0.1:${sparePort}${refusedPath}`);
  const failingPath = '/unavailable';
  const failing = await createEndpoint(api, tenant, rx.url(failingPath));
  rx.plans.set(failingPath, Array<number>(1_000_000).fill(503));

  const codes: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    const res = await identify(api, tenant, uid('acct-r'), uid('user-r'), { firstName: `Referrer ${i}` });
    expect(res.status).toBe(200);
    codes.push(res.body.shareCode as string);
  }

  const started = Date.now();
  const receiverUp = (async () => {
    await new Promise((r) => setTimeout(r, DOWN_MS));
    rx.plans.delete(failingPath);
    revived = await rx.listenOn(sparePort);
    return Date.now() - started;
  })();
  const actions = await pacedLoad(RATE, LOAD_MS, (i) => mixedAction(api, tenant, codes, i));
  const answers = actions.flat();
  const retried = answers.reduce((n, a) => n + a.retried, 0);
  // A conversion waits for its referral's lifecycle workflow (LIFECYCLE_WAIT_MS), 503 after.
  const conversions = actions.filter((a) => a.length === 2).map((a) => a[1]!);
  const conversionsRetried = conversions.filter((a) => a.retried > 0).length;
  const upAfterMs = await receiverUp;
  const loadMs = Date.now() - started;

  const endpoints = [
    { ...refusing, path: refusedPath },
    { ...failing, path: failingPath },
  ];
  const stillMissing = async () => {
    const ids = await outboxIds(gw.deps.db, tenant.id);
    return endpoints.reduce((n, e) => n + missingFrom(ids, deliveredCounts(rx, e.path, e.secret)).length, 0);
  };
  // Measured 23-28 s on a quiet machine, 49 s beside three busy processes (the webhook worker works
  // through the outage's backlog of retries); a CI run beside other suites had 90 % after 90 s, and a slow CI machine missed 150 s. So the bound is
  // progress: every 45 s at least one more delivery, and all of them within 240 s.
  const drained = await drains(stillMissing, { stallMs: 45_000, maxMs: 240_000 });
  const drainMs = Date.now() - started - loadMs;
  // Late duplicates would show up now.
  await new Promise((r) => setTimeout(r, 3000));

  const ids = await outboxIds(gw.deps.db, tenant.id);
  const report: string[] = [
    `${answers.length} API calls in ${loadMs} ms (${retried} retries after a 503; ` +
      `${conversionsRetried} of ${conversions.length} conversions retried), ${ids.size} outbox events; ` +
      `receiver up after ${upAfterMs} ms; ` +
      `drained ${drainMs} ms after the load (${drained ? 'complete' : 'INCOMPLETE'})`,
  ];
  for (const e of endpoints) {
    const counts = deliveredCounts(rx, e.path, e.secret);
    const requests = rx.at(e.path).length;
    report.push(
      `${e.path}: ${counts.size} delivered, ${duplicatesIn(counts).length} duplicated, ` +
        `${requests} requests reached the receiver; ` +
        (await explainMissing(gw.deps.db, e.id, missingFrom(ids, counts), gw.deps.temporal.client)),
    );
  }
  process.stdout.write(`webhook faults, receiver outage: ${report.join('; ')}\n`);

  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  // The paced load makes about 17 events a second on a quiet machine; a loaded one falls behind (a CI
  // run made 290 in 40 s), so this asks only for a real backlog, not the rate.
  expect(ids.size).toBeGreaterThan((RATE * LOAD_MS) / 4000);
  for (const e of endpoints) {
    const counts = deliveredCounts(rx, e.path, e.secret);
    expect(missingFrom(ids, counts)).toEqual([]);
    expect(new Set(counts.keys())).toEqual(ids);
    expect(duplicatesIn(counts)).toEqual([]);
  }

  // The public log: failed attempts, then one success per event.
  const refusedLog = await deliveryLog(api, tenant, refusing.id);
  const failingLog = await deliveryLog(api, tenant, failing.id);
  expectFailuresThenOneSuccess(refusedLog, ids);
  expectFailuresThenOneSuccess(failingLog, ids);
  const failedRefused = refusedLog.filter((r) => r.outcome === 'FAILED');
  const failedUnavailable = failingLog.filter((r) => r.outcome === 'FAILED');
  // Most events are created during the outage, but on a busy machine the delivery workflows fall behind
  // and first try most events after the receiver is back (a CI run beside other suites logged 104 failed
  // attempts to the 503 endpoint for 640 events, another 306 for 633): one failure per second of outage
  // still proves the failures were logged, and the 503 count below proves each exactly once.
  expect(failedRefused.length).toBeGreaterThan(DOWN_MS / 1000);
  expect(failedUnavailable.length).toBeGreaterThan(DOWN_MS / 1000);
  for (const r of failedRefused) expect(r).toMatchObject({ statusCode: null, error: 'connection refused' });
  for (const r of failedUnavailable) expect(r).toMatchObject({ statusCode: 503 });
  // What reached the 503 receiver is exactly the logged attempts: nothing unlogged, nothing unsent.
  expect(rx.at(failingPath).filter((r) => r.status === 503)).toHaveLength(failedUnavailable.length);
}, 350_000);
