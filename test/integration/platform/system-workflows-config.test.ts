/**
 * The system workflows follow the deployed configuration: a worker started with configuration
 * A, then restarted with B on the same task queue. Under A every interval is an hour, so whatever happens
 * within seconds of B's start is B's doing: the retention pruner deletes by B's WEBHOOK_RETENTION_DAYS,
 * the reconciler re-delivers by B's grace and looks again at B's interval, and the webhook dispatcher
 * takes new events at B's interval and starts their deliveries on B's retry schedule, while the delivery
 * A started keeps A's (its attempts after B's start included). A database of its own: the dispatchers
 * and pruners take every row they find.
 */
import { defaultPayloadConverter } from '@temporalio/common';
import type { WebhookDeliveryResult } from '../../../shared/types/webhooks';
import { createDb, type Db } from '../../../shared/db/knex';
import { secretBoxFor } from '../../../shared/crypto/secret-box';
import { identifyUser } from '../../../shared/domain/accounts/identification';
import { createTenant } from '../../../shared/domain/tenants/tenants';
import { createWebhookEndpoint } from '../../../shared/domain/webhooks/webhook-endpoints';
import { recordWebhookEvents } from '../../../shared/domain/webhooks/webhook-events';
import type { TemporalDeps } from '../../../shared/temporal/client';
import { connectTemporal } from '../../../shared/temporal/connection';
import { configureSystemWorkflows } from '../../../shared/temporal/system-workflows';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import type { RunningWorker } from '../../../services/worker/worker';
import { eventually, startTestWorker, testConfig } from '../../helpers/harness';
import { ownDatabase } from '../../helpers/own-database';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';

const database = ownDatabase('system_config');
const HOUR = String(3600 * 1000);
const DAY = 24 * 3600 * 1000;
const WEBHOOKS = {
  DATABASE_URL: database.url,
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
};
const configA = testConfig({
  ...WEBHOOKS,
  WEBHOOK_RETENTION_DAYS: '30',
  IDEMPOTENCY_PRUNE_INTERVAL_MS: HOUR,
  RECONCILE_GRACE_MS: HOUR,
  RECONCILE_INTERVAL_MS: HOUR,
  WEBHOOK_DISPATCH_INTERVAL_MS: HOUR,
  NOTIFICATION_DISPATCH_INTERVAL_MS: HOUR,
  // Attempt 2 is due 3 s after the first: A's worker has stopped by then, so B's makes it.
  WEBHOOK_RETRY_SCHEDULE_MS: '0,3000,0',
});
const configB = testConfig({
  ...WEBHOOKS,
  TEMPORAL_TASK_QUEUE: configA.TEMPORAL_TASK_QUEUE,
  WEBHOOK_RETENTION_DAYS: '7',
  IDEMPOTENCY_PRUNE_INTERVAL_MS: HOUR,
  RECONCILE_GRACE_MS: '1',
  RECONCILE_INTERVAL_MS: '100',
  WEBHOOK_DISPATCH_INTERVAL_MS: '100',
  NOTIFICATION_DISPATCH_INTERVAL_MS: '100',
  // Five attempts, without delays (the dev server fires short timers about a second late).
  WEBHOOK_RETRY_SCHEDULE_MS: '0,0,0,0,0',
});
const EVERY_SYSTEM_WORKFLOW = { reconciler: true, keyPruner: true, webhookDispatcher: true };

let db: Db;
let temporal: TemporalDeps;
let rx: WebhookReceiver;
let worker: RunningWorker | undefined;
let tenantId: string;
let endpointId: string;
let referrerCode: string;

beforeAll(async () => {
  await database.create();
  db = createDb({ url: database.url, poolMax: 4 });
  temporal = connectTemporal(configA);
  rx = await startWebhookReceiver();
  const { alias } = await createTenant(db, { alias: 'sysconf' });
  tenantId = ((await db('tenants').where({ alias }).first('id')) as { id: string }).id;
  // Every request fails, so each delivery makes every attempt of its schedule.
  rx.plans.set('/failing', Array<number>(50).fill(500));
  const endpoint = await createWebhookEndpoint(
    { db, secretBox: secretBoxFor(configA.SECRET_KEY), config: configA },
    tenantId,
    { url: rx.url('/failing'), eventTypes: ['reward.redeemed'] },
  );
  endpointId = endpoint.id;
  const referrer = await identifyUser(db, tenantId, { accountId: 'referrer', userId: 'u1' }, {});
  referrerCode = referrer.user.share_code!;
});

afterAll(async () => {
  await worker?.close();
  await temporal?.close();
  await rx?.close();
  await db?.destroy();
  await database.drop();
});

/** `count` dispatched events made `ageDays` ago, each with its logged attempt. */
async function eventsAged(ageDays: number, count: number): Promise<string[]> {
  const at = Date.now() - ageDays * DAY;
  const data = Array.from({ length: count }, (_, n) => ({ n }));
  const ids = (
    await db.transaction((trx) => recordWebhookEvents(trx, tenantId, 'reward.redeemed', data, at))
  ).map((p) => p.id);
  await db('webhook_events')
    .whereIn('id', ids)
    .update({ created_at: new Date(at), dispatched_at: new Date(at) });
  return ids;
}

const eventsLeft = async (ids: string[]) =>
  Number((await db('webhook_events').whereIn('id', ids).count('* as n'))[0]!.n);

async function newEvent(): Promise<string> {
  const [payload] = await db.transaction((trx) =>
    recordWebhookEvents(trx, tenantId, 'reward.redeemed', [{ n: 0 }]),
  );
  return payload!.id;
}

const dispatched = async (eventId: string) =>
  (await db('webhook_events').where({ id: eventId }).first('dispatched_at')).dispatched_at !== null;

/** A referred account whose referral waits for its lifecycle workflow (nothing told Temporal). */
async function pendingReferral(accountId: string): Promise<void> {
  await identifyUser(db, tenantId, { accountId, userId: 'u1' }, { referredByCode: referrerCode });
  expect(await pendingSince(accountId)).toEqual(expect.any(Date));
}

const pendingSince = async (accountId: string): Promise<Date | null> =>
  (await db('referrals').where({ tenant_id: tenantId, referred_account_id: accountId }).first())
    .lifecycle_pending_since;

const delivery = (eventId: string) =>
  temporal.client.workflow
    .getHandle(workflowIds.webhookDelivery(endpointId, eventId))
    .result() as Promise<WebhookDeliveryResult>;

const attemptsOf = (eventId: string): Promise<{ attempt: number; started_at: Date }[]> =>
  db('webhook_deliveries').where({ event_id: eventId }).orderBy('attempt').select('attempt', 'started_at');

test('a worker restarted with new settings: the running system workflows act on them within one interval', async () => {
  const expiredUnderA = await eventsAged(40, 2);
  const expiredUnderB = await eventsAged(10, 2);
  const kept = await eventsAged(5, 2);
  await pendingReferral('referred-1');
  const startedUnderA = await newEvent();

  worker = await startTestWorker(configA, EVERY_SYSTEM_WORKFLOW);
  // A's first rounds: past 30 days deleted, the delivery started (attempt 1 made inline and failed).
  await eventually('A prunes', async () => (await eventsLeft(expiredUnderA)) === 0);
  await eventually('A dispatches', () => dispatched(startedUnderA));
  await worker.close();
  expect(await eventsLeft(expiredUnderB)).toBe(2);
  expect(await pendingSince('referred-1')).toEqual(expect.any(Date));

  const restartedAt = new Date();
  worker = await startTestWorker(configB, EVERY_SYSTEM_WORKFLOW);
  // B's retention (7 days) and grace (1 ms), long before A's hour is up.
  await eventually('B prunes', async () => (await eventsLeft(expiredUnderB)) === 0);
  expect(await eventsLeft(kept)).toBe(2);
  await eventually('B reconciles', async () => (await pendingSince('referred-1')) === null);
  // Made after a round of B's: only a further round, at B's interval, finds them.
  await pendingReferral('referred-2');
  const startedUnderB = await newEvent();
  await eventually('B reconciles again', async () => (await pendingSince('referred-2')) === null);
  await eventually('B dispatches', () => dispatched(startedUnderB));

  // B's schedule (5 attempts) for the new delivery; A's (3) for the one A started, though B's worker made
  // its later attempts.
  expect(await delivery(startedUnderB)).toEqual({ outcome: 'ABANDONED', attempts: 5 });
  expect(await delivery(startedUnderA)).toEqual({ outcome: 'ABANDONED', attempts: 3 });
  expect((await attemptsOf(startedUnderB)).map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5]);
  const underA = await attemptsOf(startedUnderA);
  expect(underA.map((a) => a.attempt)).toEqual([1, 2, 3]);
  expect(underA[0]!.started_at.getTime()).toBeLessThan(restartedAt.getTime());
  expect(underA[1]!.started_at.getTime()).toBeGreaterThanOrEqual(restartedAt.getTime());
}, 60_000);

test('a system workflow continues as new with the configuration it was given last', async () => {
  const queue = configB.TEMPORAL_TASK_QUEUE;
  const handle = temporal.client.workflow.getHandle(workflowIds.referralReconciler(queue));
  const { runId } = await handle.describe();
  // Batches of 0 are always "full", so its 200 rounds come one after the other and it continues as new.
  const spinning = { graceMs: DAY, intervalMs: 100, batchSize: 0, concurrency: 1 };
  await configureSystemWorkflows(temporal, queue, { referralReconciler: spinning });
  await eventually('continued as new', async () => (await handle.describe()).runId !== runId, 1200);
  const [started] = (await handle.fetchHistory()).events!;
  const input = started!.workflowExecutionStartedEventAttributes!.input!.payloads![0]!;
  expect(defaultPayloadConverter.fromPayload(input)).toEqual(spinning);
  await configureSystemWorkflows(temporal, queue, { referralReconciler: { ...spinning, batchSize: 100 } });
  // 200 rounds of an activity each: about 10 s on a quiet machine, more than 30 s on a loaded CI one.
}, 90_000);
