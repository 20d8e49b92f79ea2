/**
 * Outbound webhooks, delivery (second part), with the real gateway, worker (its webhook
 * dispatcher on), Temporal and PostgreSQL, and a local receiver that verifies every request with the
 * `standardwebhooks` library: an outbox event is delivered once, signed, to each enabled endpoint that
 * wants it; retries follow the (shortened) schedule and are logged; 410 disables; a receiver that was
 * down is reached later; ABANDONED after the last attempt; the test event; replays keep the webhook-id;
 * the delivery log pages; another tenant's endpoints and events are NOT_FOUND; VIEWERs read only; the
 * SSRF guard refuses at delivery time a host that now resolves to a private address.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { listAuditLog } from '../../../shared/domain/common/audit-log';
import { createWebhookEndpoint } from '../../../shared/domain/webhooks/webhook-endpoints';
import { recordWebhookEvent } from '../../../shared/domain/webhooks/webhook-events';
import { closeServer } from '../../../shared/http';
import { createMetrics } from '../../../shared/metrics';
import type { RunningWorker } from '../../../services/worker/worker';
import { attemptWebhookDelivery } from '../../../shared/use-cases/webhook-attempt';
import {
  adminApi,
  createPortalTenant,
  signedInOperator,
  type Json,
  type PortalTenant,
} from '../../helpers/admin-api';
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

// Its own database: its dispatcher must not take other files' outbox events (helpers/own-database.ts).
const database = ownDatabase('webhooks');
const config = testConfig({
  DATABASE_URL: database.url,
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
  WEBHOOK_RETRY_SCHEDULE_MS: '0,1000,1000,1000',
  WEBHOOK_DISPATCH_INTERVAL_MS: '100',
});

let gw: TestGateway;
let worker: RunningWorker;
let rx: WebhookReceiver;

beforeAll(async () => {
  await database.create();
  rx = await startWebhookReceiver();
  gw = await startTestGateway({ config });
  worker = await startTestWorker(config, { webhookDispatcher: true });
});

afterAll(async () => {
  await worker?.close();
  await gw?.close();
  await rx?.close();
  await database.drop();
});

const gql = async (tenant: PortalTenant, query: string, variables?: Json) =>
  postJson(`${gw.api(tenant.alias)}/graphql`, { query, variables }, { authorization: basic(tenant.apiKey) });

const CREATE = `mutation C($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) { id secret } }`;
const DELIVERIES = `query D($endpointId: ID!, $first: Int, $after: String) {
  webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {
    items { id endpointId eventId eventType attempt dateStarted statusCode latencyMs responseExcerpt error outcome }
    endCursor hasNextPage } }`;
const REPLAY = `mutation R($eventId: ID!, $endpointId: ID) {
  replayWebhookEvent(eventId: $eventId, endpointId: $endpointId) { eventId endpointIds } }`;
const REPLAY_FAILED = `mutation F($endpointId: ID!, $since: EpochMillis!) {
  replayFailedWebhookEvents(endpointId: $endpointId, since: $since) { endpointId eventIds } }`;
const TEST = `mutation T($endpointId: ID!) { sendTestWebhook(endpointId: $endpointId) { eventId endpointId } }`;

interface Endpoint {
  id: string;
  secret: string;
  path: string;
}

let pathCounter = 0;
async function endpoint(
  tenant: PortalTenant,
  eventTypes: string[] = [],
  base = `http://127.0.0.1:${rx.port}`,
) {
  pathCounter += 1;
  const path = `/hook-${pathCounter}`;
  const res = await gql(tenant, CREATE, { input: { url: `${base}${path}`, eventTypes } });
  expect(res.json.errors).toBeUndefined();
  const created = res.json.data.createWebhookEndpoint as { id: string; secret: string };
  return { ...created, path } satisfies Endpoint;
}

const at = (e: Endpoint) => rx.at(e.path);

/** Every request to the endpoint verifies with its secret, and answers the payload. */
const verified = (e: Endpoint) => rx.verified(e.path, e.secret) as Json[];

async function emit(tenant: PortalTenant, type: Parameters<typeof recordWebhookEvent>[2], data: Json = {}) {
  return gw.deps.db.transaction((trx) => recordWebhookEvent(trx, tenant.id, type, data));
}

const deliveries = async (tenant: PortalTenant, e: Endpoint, first = 100) => {
  const res = await gql(tenant, DELIVERIES, { endpointId: e.id, first });
  expect(res.json.errors).toBeUndefined();
  return res.json.data.webhookDeliveries.items as Json[];
};

const quietly = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('an outbox event is delivered once, signed, to each enabled endpoint that wants it', async () => {
  const t = await createPortalTenant(gw.deps.db);
  const all = await endpoint(t);
  const converted = await endpoint(t, ['referral.converted', 'reward.created']);
  const other = await endpoint(t, ['user.created']);
  const payload = await emit(t, 'referral.converted', { referralId: 'r1', accountId: 'acc-1' });

  await eventually(
    'both wanting endpoints received it',
    async () => at(all).length === 1 && at(converted).length === 1,
    400,
  );
  for (const e of [all, converted]) {
    const [body] = verified(e);
    expect(body).toEqual(payload);
    expect(body).toMatchObject({
      type: 'referral.converted',
      data: { referralId: 'r1', accountId: 'acc-1' },
    });
    expect(at(e)[0]!.headers['webhook-id']).toBe(payload.id);
    expect(at(e)[0]!.headers['content-type']).toBe('application/json');
  }
  // The batch marks its events dispatched after its first attempts are logged, a moment after they arrive.
  await eventually('marked dispatched', async () => {
    const row = await gw.deps.db('webhook_events').where({ id: payload.id }).first();
    return row.dispatched_at !== null;
  });

  await eventually('logged', async () => (await deliveries(t, all)).length === 1);
  const [logged] = await deliveries(t, all);
  expect(logged).toMatchObject({
    endpointId: all.id,
    eventId: payload.id,
    eventType: 'referral.converted',
    attempt: 1,
    statusCode: 200,
    error: null,
    outcome: 'SUCCEEDED',
  });
  expect(Buffer.byteLength(logged!.responseExcerpt as string)).toBeLessThanOrEqual(512);
  expect(logged!.responseExcerpt).toMatch(/^\{"status":200,"note":"é+$/);

  await quietly(1500);
  expect(at(all)).toHaveLength(1);
  expect(at(converted)).toHaveLength(1);
  expect(at(other)).toHaveLength(0);
});

test('500 then 200: retried on the schedule, delivered once by webhook-id, every attempt logged', async () => {
  const t = await createPortalTenant(gw.deps.db);
  const e = await endpoint(t);
  rx.plans.set(e.path, [500, 503]);
  const payload = await emit(t, 'reward.created', { rewardId: 'rw1' });
  await eventually('three attempts', async () => at(e).length === 3, 400);
  const ids = new Set(at(e).map((r) => r.headers['webhook-id']));
  expect([...ids]).toEqual([payload.id]);
  expect(verified(e)).toHaveLength(3);
  await eventually('all logged', async () => (await deliveries(t, e)).length === 3);
  const log = await deliveries(t, e);
  expect(log.map((d) => [d.attempt, d.statusCode, d.outcome])).toEqual([
    [3, 200, 'SUCCEEDED'],
    [2, 503, 'FAILED'],
    [1, 500, 'FAILED'],
  ]);
  // The durable timer waited about the shortened schedule's second between attempts.
  expect((log[1]!.dateStarted as number) - (log[2]!.dateStarted as number)).toBeGreaterThanOrEqual(900);

  // Keyset pages: one at a time, newest first, then none left.
  const p1 = (await gql(t, DELIVERIES, { endpointId: e.id, first: 2 })).json.data.webhookDeliveries;
  expect(p1.items.map((d: Json) => d.attempt)).toEqual([3, 2]);
  expect(p1.hasNextPage).toBe(true);
  const p2 = (await gql(t, DELIVERIES, { endpointId: e.id, first: 2, after: p1.endCursor })).json.data
    .webhookDeliveries;
  expect(p2.items.map((d: Json) => d.attempt)).toEqual([1]);
  expect(p2.hasNextPage).toBe(false);
});

test('a failure on every attempt is ABANDONED; replayFailedWebhookEvents delivers it later', async () => {
  const t = await createPortalTenant(gw.deps.db);
  const e = await endpoint(t);
  const since = Date.now();
  rx.plans.set(e.path, [500, 500, 500, 500]);
  const payload = await emit(t, 'user.created', { userId: 'u1' });
  await eventually('abandoned', async () => (await deliveries(t, e))[0]?.outcome === 'ABANDONED', 400);
  expect((await deliveries(t, e)).map((d) => d.outcome)).toEqual(['ABANDONED', 'FAILED', 'FAILED', 'FAILED']);

  const res = await gql(t, REPLAY_FAILED, { endpointId: e.id, since });
  expect(res.json.errors).toBeUndefined();
  expect(res.json.data.replayFailedWebhookEvents).toEqual({ endpointId: e.id, eventIds: [payload.id] });
  await eventually('delivered by the replay', async () => at(e).length === 5, 400);
  expect(verified(e).at(-1)).toEqual(payload);
  expect(at(e).at(-1)!.headers['webhook-id']).toBe(payload.id);
  // Now delivered: a second "replay failed" finds nothing.
  await eventually('logged', async () => (await deliveries(t, e))[0]?.outcome === 'SUCCEEDED');
  const again = await gql(t, REPLAY_FAILED, { endpointId: e.id, since });
  expect(again.json.data.replayFailedWebhookEvents.eventIds).toEqual([]);
});

test('410 Gone disables the endpoint and stops', async () => {
  const t = await createPortalTenant(gw.deps.db);
  const e = await endpoint(t);
  rx.plans.set(e.path, [410]);
  await emit(t, 'reward.cancelled');
  await eventually(
    'disabled',
    async () => {
      const row = await gw.deps.db('webhook_endpoints').where({ id: e.id }).first();
      return row.disabled_at !== null;
    },
    400,
  );
  const list = await gql(t, '{ webhookEndpoints { id enabled disabledReason } }');
  expect(list.json.data.webhookEndpoints).toEqual([
    { id: e.id, enabled: false, disabledReason: expect.stringMatching(/410 Gone/) },
  ]);
  await quietly(1500);
  expect(at(e)).toHaveLength(1);
  expect((await deliveries(t, e)).map((d) => d.outcome)).toEqual(['GONE']);

  // Operators find it in Temporal's UI: a `webhook` entry of the tenant and the endpoint saying why.
  const query = `WorkflowKind = "webhook" AND EntityId = "${e.id}" AND WorkflowType = "webhookEndpointDisabledWorkflow"`;
  const entries: { id: string; summary?: string }[] = [];
  await eventually(
    'the Temporal entry is listed',
    async () => {
      entries.length = 0;
      for await (const wf of gw.deps.temporal.client.workflow.list({ query })) {
        entries.push({ id: wf.workflowId });
      }
      return entries.length === 1;
    },
    200,
  );
  const handle = gw.deps.temporal.client.workflow.getHandle(entries[0]!.id);
  expect(await handle.result()).toMatchObject({
    tenantAlias: t.alias,
    endpointId: e.id,
    reason: expect.stringMatching(/410 Gone/),
  });
  expect(await (await handle.describe()).staticSummary()).toMatch(/disabled: The endpoint answered 410 Gone/);

  // A disabled endpoint gets nothing more, and is refused for a test or a replay.
  await emit(t, 'reward.cancelled');
  const test = await gql(t, TEST, { endpointId: e.id });
  expect(test.json.errors[0].extensions.code).toBe('CONFLICT');
  await quietly(1500);
  expect(at(e)).toHaveLength(1);
});

test('a disabled endpoint gets nothing while the others do', async () => {
  const t = await createPortalTenant(gw.deps.db);
  const on = await endpoint(t);
  const off = await endpoint(t);
  const upd = await gql(
    t,
    'mutation { updateWebhookEndpoint(id: "' + off.id + '", input: { enabled: false }) { enabled } }',
  );
  expect(upd.json.data.updateWebhookEndpoint.enabled).toBe(false);
  await emit(t, 'import_job.completed', { jobId: 'j1' });
  await eventually('the enabled one received it', async () => at(on).length === 1, 400);
  await quietly(1000);
  expect(at(off)).toHaveLength(0);
});

test('a receiver that was down (connection refused) is reached by a later attempt', async () => {
  const t = await createPortalTenant(gw.deps.db);
  const spare = await rx.listenOn(0);
  const sparePort = (spare.address() as AddressInfo).port;
  await closeServer(spare);
  const e = await endpoint(t, [], `http://127.0.0.1:${sparePort}`);
  const payload = await emit(t, 'referral.started');
  await eventually('a refused attempt', async () => (await deliveries(t, e)).length >= 1, 400);
  expect((await deliveries(t, e))[0]).toMatchObject({
    statusCode: null,
    outcome: 'FAILED',
    error: 'connection refused',
  });
  const up = await rx.listenOn(sparePort);
  try {
    await eventually('delivered', async () => at(e).length === 1, 400);
    expect(verified(e)).toEqual([payload]);
  } finally {
    await closeServer(up);
  }
});

test('sendTestWebhook sends a webhook.test event to that endpoint only; replay keeps the webhook-id', async () => {
  const t = await createPortalTenant(gw.deps.db);
  const target = await endpoint(t);
  const bystander = await endpoint(t);
  const sent = await gql(t, TEST, { endpointId: target.id });
  expect(sent.json.errors).toBeUndefined();
  const { eventId } = sent.json.data.sendTestWebhook as { eventId: string };
  await eventually('test received', async () => at(target).length === 1, 400);
  expect(verified(target)[0]).toMatchObject({
    id: eventId,
    type: 'webhook.test',
    data: { endpointId: target.id },
  });

  // Replay of a test event without an endpoint: to its own endpoint again, not the others.
  const replayed = await gql(t, REPLAY, { eventId });
  expect(replayed.json.data.replayWebhookEvent).toEqual({ eventId, endpointIds: [target.id] });
  await eventually('replayed', async () => at(target).length === 2, 400);
  expect(at(target).map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);

  // A catalogue event replayed to one endpoint, then to every one that wants it.
  const payload = await emit(t, 'reward.redeemed');
  await eventually('first delivery', async () => at(bystander).length === 1 && at(target).length === 3, 400);
  const one = await gql(t, REPLAY, { eventId: payload.id, endpointId: bystander.id });
  expect(one.json.data.replayWebhookEvent.endpointIds).toEqual([bystander.id]);
  await eventually('replayed to one', async () => at(bystander).length === 2, 400);
  const both = await gql(t, REPLAY, { eventId: payload.id });
  expect([...both.json.data.replayWebhookEvent.endpointIds].sort()).toEqual([bystander.id, target.id].sort());
  await eventually(
    'replayed to both',
    async () => at(bystander).length === 3 && at(target).length === 4,
    400,
  );
  expect(new Set(at(bystander).map((r) => r.headers['webhook-id']))).toEqual(new Set([payload.id]));
  expect(verified(bystander)).toEqual([payload, payload, payload]);
  await quietly(1000);
  expect(at(bystander)).toHaveLength(3);
});

test('another tenant cannot read, replay or test these endpoints and events; bad input names the field', async () => {
  const a = await createPortalTenant(gw.deps.db);
  const b = await createPortalTenant(gw.deps.db);
  const e = await endpoint(a);
  const payload = await emit(a, 'reward.created');
  await eventually('delivered', async () => at(e).length === 1, 400);

  const notFound = async (query: string, variables: Json) => {
    const res = await gql(b, query, variables);
    expect(res.json.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  };
  await notFound(DELIVERIES, { endpointId: e.id });
  await notFound(REPLAY, { eventId: payload.id });
  await notFound(REPLAY, { eventId: payload.id, endpointId: e.id });
  await notFound(TEST, { endpointId: e.id });
  await notFound(REPLAY_FAILED, { endpointId: e.id, since: 0 });
  await quietly(1000);
  expect(at(e)).toHaveLength(1);

  const bad = async (query: string, variables: Json, path: string) => {
    const res = await gql(a, query, variables);
    expect(res.json.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(res.json.errors[0].extensions.validationErrors.map((v: Json) => v.path)).toContain(path);
    expect(res.text).not.toMatch(/select|stack/i);
  };
  await bad(DELIVERIES, { endpointId: 'nope' }, 'endpointId');
  await bad(DELIVERIES, { endpointId: e.id, first: 0 }, 'first');
  await bad(DELIVERIES, { endpointId: e.id, after: 'garbage!' }, 'after');
  await bad(REPLAY, { eventId: 'x' }, 'eventId');
  await bad(TEST, { endpointId: '1' }, 'endpointId');
});

test('a VIEWER reads the delivery log but cannot replay or send a test', async () => {
  const t = await createPortalTenant(gw.deps.db);
  const e = await endpoint(t);
  const payload = await emit(t, 'reward.created');
  await eventually('delivered', async () => at(e).length === 1, 400);
  const viewer = await signedInOperator(gw, t, 'VIEWER');
  const api = adminApi(gw);
  const log = await api.graphql(viewer, DELIVERIES, { endpointId: e.id });
  expect(log.json.errors).toBeUndefined();
  expect(log.json.data.webhookDeliveries.items.length).toBeGreaterThanOrEqual(1);
  for (const [query, variables] of [
    [REPLAY, { eventId: payload.id }],
    [TEST, { endpointId: e.id }],
    [REPLAY_FAILED, { endpointId: e.id, since: 0 }],
  ] as const) {
    const res = await api.graphql(viewer, query, variables);
    expect(res.json.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  }
  await quietly(1000);
  expect(at(e)).toHaveLength(1);

  // An OWNER may, and the change is audited with the endpoint as target.
  const owner = await signedInOperator(gw, t, 'OWNER');
  const sent = await api.graphql(owner, TEST, { endpointId: e.id });
  expect(sent.json.errors).toBeUndefined();
  await eventually('test delivered', async () => at(e).length === 2, 400);
  const { entries } = await listAuditLog(gw.deps.db, t.id, { first: 50 });
  expect(entries.find((x) => x.action === 'sendTestWebhook')).toMatchObject({
    target: e.id,
    details: { endpointId: e.id },
  });
});

test('an endpoint whose every attempt failed for three days is disabled', async () => {
  const t = await createPortalTenant(gw.deps.db);
  const e = await endpoint(t);
  const old = await emit(t, 'reward.created');
  await eventually('delivered', async () => at(e).length === 1, 400);
  // History: the endpoint last changed four days ago, its only success as long ago, and attempts have
  // failed ever since three days and a minute ago.
  const day = 24 * 3600 * 1000;
  await gw.deps
    .db('webhook_endpoints')
    .where({ id: e.id })
    .update({ updated_at: new Date(Date.now() - 4 * day) });
  await gw.deps
    .db('webhook_deliveries')
    .where({ endpoint_id: e.id })
    .update({ started_at: new Date(Date.now() - 4 * day) });
  await gw.deps.db('webhook_deliveries').insert({
    tenant_id: t.id,
    endpoint_id: e.id,
    event_id: old.id,
    attempt: 1,
    started_at: new Date(Date.now() - 3 * day - 60_000),
    status_code: 500,
    latency_ms: 5,
    outcome: 'ABANDONED',
  });
  rx.plans.set(e.path, [500, 500, 500, 500]);
  await emit(t, 'reward.created');
  await eventually(
    'disabled',
    async () => {
      const row = await gw.deps.db('webhook_endpoints').where({ id: e.id }).first();
      return row.disabled_at !== null;
    },
    400,
  );
  const row = await gw.deps.db('webhook_endpoints').where({ id: e.id }).first();
  expect(row.disabled_reason).toMatch(/failed for 72 hours/);
  await quietly(1500);
  expect(at(e)).toHaveLength(2); // the failed attempt that disabled it; no retry after
  rx.plans.delete(e.path);
});

test('the worker counts attempts by outcome', async () => {
  const text = await (await fetch(`http://127.0.0.1:${worker.httpPort}/metrics`)).text();
  expect(text).toMatch(/webhook_deliveries_total\{outcome="SUCCEEDED"\} [1-9]/);
  expect(text).toMatch(/webhook_deliveries_total\{outcome="GONE"\} 1/);
  expect(text).toContain('webhook_attempt_duration_seconds_bucket');
  expect(text).toMatch(/webhook_outbox_backlog_age_seconds \d/);
});

test('the SSRF guard refuses at delivery time a host that now resolves to a private address', async () => {
  const t = await createPortalTenant(gw.deps.db);
  let answer = '93.184.215.14';
  const lookup = async () => [{ address: answer, family: 4 as const }];
  const guarded = { WEBHOOK_ALLOW_HTTP: true, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: false };
  const created = await createWebhookEndpoint(
    { db: gw.deps.db, secretBox: gw.deps.secretBox, config: guarded, lookup },
    t.id,
    { url: `http://hooks.example.test:${rx.port}/rebound` },
  );
  const payload = await emit(t, 'reward.created');
  // The dispatcher's own attempt (this suite's worker allows private addresses, and the system resolver
  // does not know the host) fails too; this checks the guard as a production worker runs it.
  answer = '127.0.0.1';
  const result = await attemptWebhookDelivery(
    {
      db: gw.deps.db,
      secretBox: gw.deps.secretBox,
      metrics: createMetrics({ collectDefaults: false }),
      webhooks: { allowHttp: true, allowPrivateAddresses: false },
      lookup,
    },
    { tenantId: t.id, endpointId: created.id, eventId: payload.id, attempt: 1, last: false },
  );
  expect(result).toEqual({ outcome: 'FAILED', statusCode: null });
  const rows = await gw.deps.db('webhook_deliveries').where({ endpoint_id: created.id, attempt: 1 });
  expect(rows.map((r: Json) => r.error)).toContainEqual(expect.stringMatching(/URL guard.*loopback address/));
  expect(rx.at('/rebound')).toHaveLength(0);
});

test('an answer slower than the attempt timeout is FAILED, timed out', async () => {
  const t = await createPortalTenant(gw.deps.db);
  const silent = http.createServer(() => undefined); // accepts, never answers
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    const e = await endpoint(t, [], `http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
    const payload = await emit(t, 'reward.created');
    const result = await attemptWebhookDelivery(
      {
        db: gw.deps.db,
        secretBox: gw.deps.secretBox,
        metrics: createMetrics({ collectDefaults: false }),
        webhooks: { allowHttp: true, allowPrivateAddresses: true },
        timeoutMs: 300,
      },
      { tenantId: t.id, endpointId: e.id, eventId: payload.id, attempt: 1, last: true },
    );
    expect(result).toEqual({ outcome: 'ABANDONED', statusCode: null });
    const rows = await gw.deps.db('webhook_deliveries').where({ endpoint_id: e.id, attempt: 1 });
    expect(rows.map((r: Json) => r.error)).toContain('timed out after 0.3 s');
  } finally {
    silent.closeAllConnections();
    await closeServer(silent);
  }
});
