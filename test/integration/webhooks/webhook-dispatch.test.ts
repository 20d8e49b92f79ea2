/**
 * The outbox dispatcher's batch (the throughput part), called directly with the real gateway
 * deps, a worker for the delivery workflows (its own dispatcher off), Temporal and PostgreSQL, and a
 * receiver verifying every request with the `standardwebhooks` library: first attempts are made inline
 * over pooled connections and logged, with no workflow for what is delivered; a failed one goes to its
 * delivery workflow from attempt 2 and the endpoint's next events skip the inline path; an event taken
 * again sends nothing twice; with no inline concurrency every delivery is a workflow of its own.
 */
import { WorkflowNotFoundError } from '@temporalio/client';
import { WebhookEndpointHealth } from '../../../shared/domain/webhooks/webhook-endpoint-health';
import { recordWebhookEvents } from '../../../shared/domain/webhooks/webhook-events';
import type { RunningWorker } from '../../../services/worker/worker';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { dispatchWebhookEvents, type WebhookDispatchDeps } from '../../../shared/use-cases/webhook-dispatch';
import type { WebhookDispatchInput } from '../../../shared/types/webhooks';
import { createPortalTenant, type PortalTenant } from '../../helpers/admin-api';
import {
  basic,
  eventually,
  postJson,
  startTestGateway,
  startTestWorker,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';
import { ownDatabase } from '../../helpers/own-database';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';

// Its own database: these batches take every undispatched event of the database (helpers/own-database.ts).
const database = ownDatabase('webhook_dispatch');
const config = testConfig({
  DATABASE_URL: database.url,
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
  WEBHOOK_RETRY_SCHEDULE_MS: '0,500,500',
});
const SCHEDULE = [0, 500, 500];

let gw: TestGateway;
let worker: RunningWorker;
let rx: WebhookReceiver;
let deps: WebhookDispatchDeps;

beforeAll(async () => {
  await database.create();
  rx = await startWebhookReceiver();
  gw = await startTestGateway({ config });
  worker = await startTestWorker(config);
  deps = {
    ...gw.deps,
    webhooks: { allowHttp: true, allowPrivateAddresses: true },
    health: new WebhookEndpointHealth(),
  };
});

afterAll(async () => {
  await worker?.close();
  await gw?.close();
  await rx?.close();
  await database.drop();
});

let pathCounter = 0;
async function endpoint(tenant: PortalTenant) {
  pathCounter += 1;
  const path = `/batch-${pathCounter}`;
  const res = await postJson(
    `${gw.api(tenant.alias)}/graphql`,
    {
      query: `mutation C($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id secret } }`,
      variables: { input: { url: rx.url(path), eventTypes: ['user.created'] } },
    },
    { authorization: basic(tenant.apiKey) },
  );
  expect(res.json.errors).toBeUndefined();
  return { ...(res.json.data.createWebhookEndpoint as { id: string; secret: string }), path };
}
type Endpoint = Awaited<ReturnType<typeof endpoint>>;

async function emit(tenant: PortalTenant, count: number): Promise<string[]> {
  const payloads = await gw.deps.db.transaction((trx) =>
    recordWebhookEvents(
      trx,
      tenant.id,
      'user.created',
      Array.from({ length: count }, (_, n) => ({ n })),
    ),
  );
  return payloads.map((p) => p.id);
}

const input = (over: Partial<WebhookDispatchInput> = {}): WebhookDispatchInput => ({
  batchSize: 500,
  concurrency: 8,
  inlineConcurrency: 32,
  scheduleMs: SCHEDULE,
  ...over,
});

const idsAt = (e: Endpoint) => rx.verified(e.path, e.secret).map((p) => p.id as string);

/** The log has n attempts, all complete (an attempt is logged UNKNOWN before it is sent, then completed). */
async function settledLog(e: Endpoint, n: number): Promise<boolean> {
  const log = await logOf(e);
  return log.length === n && log.every((r) => r.outcome !== 'UNKNOWN');
}

async function logOf(e: Endpoint): Promise<{ event_id: string; attempt: number; outcome: string }[]> {
  return gw.deps.db('webhook_deliveries').where({ endpoint_id: e.id }).orderBy('id');
}

async function workflowExists(e: Endpoint, eventId: string): Promise<boolean> {
  try {
    await gw.deps.temporal.client.workflow.getHandle(workflowIds.webhookDelivery(e.id, eventId)).describe();
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}

test('120 events to 2 endpoints: each delivered once inline, logged as attempt 1, no workflow, pooled connections', async () => {
  const tenant = await createPortalTenant(gw.deps.db);
  const [a, b] = [await endpoint(tenant), await endpoint(tenant)];
  const connectionsBefore = rx.connections();
  const ids = await emit(tenant, 120);

  const result = await dispatchWebhookEvents(deps, input());
  expect(result).toEqual({ found: 120, delivered: 240, started: 0, failed: 0 });

  for (const e of [a!, b!]) {
    expect(idsAt(e).sort()).toEqual([...ids].sort());
    const log = await logOf(e);
    expect(log).toHaveLength(120);
    expect(new Set(log.map((r) => `${r.attempt}:${r.outcome}`))).toEqual(new Set(['1:SUCCEEDED']));
  }
  expect(await workflowExists(a!, ids[0]!)).toBe(false);
  // 240 requests over keep-alive connections: at most 16 per endpoint, not one each.
  expect(rx.connections() - connectionsBefore).toBeLessThanOrEqual(32);
  expect(await gw.deps.db('webhook_events').whereNull('dispatched_at').count('* as n')).toEqual([{ n: '0' }]);
});

test('a failed first attempt is retried by its workflow from attempt 2; the endpoint then skips the inline path', async () => {
  const tenant = await createPortalTenant(gw.deps.db);
  const e = await endpoint(tenant);
  rx.plans.set(e.path, [500]);
  const [first] = await emit(tenant, 1);
  const result = await dispatchWebhookEvents(deps, input());
  expect(result).toMatchObject({ found: 1, delivered: 0, started: 1, failed: 0 });
  await eventually('the retry is logged', () => settledLog(e, 2));
  expect((await logOf(e)).map((r) => [r.attempt, r.outcome])).toEqual([
    [1, 'FAILED'],
    [2, 'SUCCEEDED'],
  ]);
  expect(idsAt(e)).toEqual([first, first]);
  expect(await workflowExists(e, first!)).toBe(true);

  // Degraded for a while: the next event has a workflow of its own from attempt 1.
  const [second] = await emit(tenant, 1);
  expect(await dispatchWebhookEvents(deps, input())).toMatchObject({ found: 1, delivered: 0, started: 1 });
  await eventually('the second event arrives', async () => idsAt(e).length === 3 && (await settledLog(e, 3)));
  expect(idsAt(e)).toEqual([first, first, second]);
  expect(await workflowExists(e, second!)).toBe(true);
  expect((await logOf(e)).at(-1)).toMatchObject({ event_id: second, attempt: 1, outcome: 'SUCCEEDED' });
});

test('an event taken again (its round died before dispatched_at) is sent to nobody twice', async () => {
  const tenant = await createPortalTenant(gw.deps.db);
  const [ok, failing] = [await endpoint(tenant), await endpoint(tenant)];
  rx.plans.set(failing!.path, Array<number>(15).fill(503));
  const ids = await emit(tenant, 5);
  await dispatchWebhookEvents(deps, input());
  await eventually('every attempt is logged', () => settledLog(failing!, 15));
  const sentBefore = rx.received.length;

  await gw.deps.db('webhook_events').whereIn('id', ids).update({ dispatched_at: null });
  const again = await dispatchWebhookEvents(deps, input());
  // Every pair is over (SUCCEEDED, or ABANDONED after its workflow's last attempt): nothing is sent.
  expect(again).toEqual({ found: 5, delivered: 0, started: 0, failed: 0 });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(rx.received.length).toBe(sentBefore);
  expect(idsAt(ok!).sort()).toEqual([...ids].sort());
  expect(await logOf(failing!)).toHaveLength(15);
});

test('with no inline concurrency every delivery is a workflow of its own', async () => {
  const tenant = await createPortalTenant(gw.deps.db);
  const e = await endpoint(tenant);
  const ids = await emit(tenant, 3);
  expect(await dispatchWebhookEvents(deps, input({ inlineConcurrency: 0 }))).toMatchObject({
    found: 3,
    delivered: 0,
    started: 3,
  });
  await eventually('all three arrive', async () => idsAt(e).length === 3);
  expect(idsAt(e).sort()).toEqual([...ids].sort());
  for (const id of ids) expect(await workflowExists(e, id)).toBe(true);
});
