/**
 * Data kept only for a while, on real PostgreSQL: dispatched webhook events older than their retention
 * are deleted with their attempt log, in batches, while newer and undispatched ones stay;
 * users' client addresses and device ids go once SAME_CLIENT no longer looks at them; the
 * worker's retention pruner does both on its own.
 */
import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '../../../shared/db/knex';
import { createTenant } from '../../../shared/domain/tenants/tenants';
import { recordWebhookEvents } from '../../../shared/domain/webhooks/webhook-events';
import { uuidv7Floor } from '../../../shared/repos/webhook-events.repo';
import type { RunningWorker } from '../../../services/worker/worker';
import { pruneExpiredData } from '../../../shared/use-cases/data-retention';
import { eventually, startTestWorker, testConfig } from '../../helpers/harness';
import { ownDatabase } from '../../helpers/own-database';

const database = ownDatabase('data_retention');
const DAY = 24 * 3600 * 1000;
let db: Db;
let tenantId: string;
let endpointId: string;

beforeAll(async () => {
  await database.create();
  db = createDb({ url: database.url, poolMax: 4 });
  const issued = await createTenant(db, { alias: 'retention' });
  tenantId = ((await db('tenants').where({ alias: issued.alias }).first('id')) as { id: string }).id;
  endpointId = randomUUID();
  await db('webhook_endpoints').insert({
    id: endpointId,
    tenant_id: tenantId,
    url: 'https://hooks.example.com/in',
    event_types: [],
    secret_sealed: 'sealed',
  });
});

afterAll(async () => {
  await db?.destroy();
  await database.drop();
});

/** `count` events made `ageDays` ago, dispatched or not, each with one logged attempt. */
async function eventsAged(ageDays: number, count: number, dispatched = true): Promise<string[]> {
  const at = Date.now() - ageDays * DAY;
  const payloads = await db.transaction((trx) =>
    recordWebhookEvents(
      trx,
      tenantId,
      'reward.created',
      Array.from({ length: count }, (_, n) => ({ n })),
      at,
    ),
  );
  const ids = payloads.map((p) => p.id);
  await db('webhook_events')
    .whereIn('id', ids)
    .update({ created_at: new Date(at), dispatched_at: dispatched ? new Date(at) : null });
  await db('webhook_deliveries').insert(
    ids.map((id) => ({
      tenant_id: tenantId,
      endpoint_id: endpointId,
      event_id: id,
      attempt: 1,
      started_at: new Date(at),
      status_code: 200,
      latency_ms: 3,
      outcome: 'SUCCEEDED',
    })),
  );
  return ids;
}

const remaining = async (ids: string[]) => ({
  events: Number((await db('webhook_events').whereIn('id', ids).count('* as n'))[0]!.n),
  log: Number((await db('webhook_deliveries').whereIn('event_id', ids).count('* as n'))[0]!.n),
});

test('the UUIDv7 floor of an instant sorts below every id made from that instant on, above earlier ones', () => {
  const at = new Date('2026-11-24T10:00:00.000Z');
  const floor = uuidv7Floor(at);
  expect(floor).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7000-8000-0{12}$/);
  expect(floor < uuidv7Floor(new Date(at.getTime() + 1))).toBe(true);
  expect(floor > uuidv7Floor(new Date(at.getTime() - 1))).toBe(true);
});

test('old dispatched events go with their log, in batches; recent and undispatched ones stay', async () => {
  const old = await eventsAged(40, 25);
  const waiting = await eventsAged(40, 2, false);
  const recent = await eventsAged(10, 5);

  const deps = { db };
  const input = { webhookEventsOlderThanMs: 30 * DAY, userClientsOlderThanMs: 30 * DAY, batchSize: 10 };
  expect(await pruneExpiredData(deps, input)).toBe(10);
  expect(await pruneExpiredData(deps, input)).toBe(10);
  expect(await pruneExpiredData(deps, input)).toBe(5);
  expect(await pruneExpiredData(deps, input)).toBe(0);

  expect(await remaining(old)).toEqual({ events: 0, log: 0 });
  expect(await remaining(waiting)).toEqual({ events: 2, log: 2 });
  expect(await remaining(recent)).toEqual({ events: 5, log: 5 });
});

test("users' clients last seen before the window go; recent ones stay", async () => {
  const seen = (days: number) => new Date(Date.now() - days * DAY);
  await db('user_clients').insert([
    {
      tenant_id: tenantId,
      account_id: 'a1',
      user_id: 'u1',
      kind: 'ADDRESS',
      value: '203.0.113.7',
      last_seen_at: seen(31),
    },
    {
      tenant_id: tenantId,
      account_id: 'a1',
      user_id: 'u1',
      kind: 'DEVICE',
      value: 'old-device-0000001',
      last_seen_at: seen(40),
    },
    {
      tenant_id: tenantId,
      account_id: 'a1',
      user_id: 'u1',
      kind: 'DEVICE',
      value: 'new-device-0000001',
      last_seen_at: seen(29),
    },
  ]);
  const input = { webhookEventsOlderThanMs: 3650 * DAY, userClientsOlderThanMs: 30 * DAY, batchSize: 10 };
  expect(await pruneExpiredData({ db }, input)).toBe(2);
  expect(
    (await db('user_clients').where({ tenant_id: tenantId }).select('value')).map((r) => r.value),
  ).toEqual(['new-device-0000001']);
});

describe('the worker', () => {
  let worker: RunningWorker;
  afterAll(() => worker?.close());

  test('prunes on its own, past WEBHOOK_RETENTION_DAYS', async () => {
    const old = await eventsAged(8, 3);
    const kept = await eventsAged(6, 3);
    worker = await startTestWorker(testConfig({ DATABASE_URL: database.url, WEBHOOK_RETENTION_DAYS: '7' }), {
      keyPruner: true,
    });
    await eventually('pruned', async () => (await remaining(old)).events === 0, 400);
    expect(await remaining(old)).toEqual({ events: 0, log: 0 });
    expect(await remaining(kept)).toEqual({ events: 3, log: 3 });
  });
});
