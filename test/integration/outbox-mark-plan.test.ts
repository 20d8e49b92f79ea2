/**
 * Marking outbox events dispatched stays a primary-key lookup when the statistics are stale. After a big
 * import the outbox holds millions of undispatched events that autovacuum has not analyzed yet, and the
 * planner believed the partial index of undispatched events tiny: it answered `id in (...) and
 * dispatched_at is null` by scanning that whole index once per id (48 s for a batch of 500 on a 2-million
 * event backlog), which stalled every tenant's webhooks for hours. The statement now names no condition
 * the partial index could serve.
 */
import crypto from 'node:crypto';
import { createDb, type Db } from '../../shared/db/knex';
import { createTenant } from '../../shared/domain/tenants';
import { createWebhookEventsRepo } from '../../shared/repos/webhook-events.repo';
import { ownDatabase } from '../helpers/own-database';

const database = ownDatabase('outbox_plan');
let db: Db;
let tenantId: string;

beforeAll(async () => {
  await database.create();
  db = createDb({ url: database.url, poolMax: 2 });
  const tenant = await createTenant(db, { alias: `plan_${crypto.randomBytes(4).toString('hex')}` });
  tenantId = (await db('tenants').where({ alias: tenant.alias }).first('id')).id as string;
  // Statistics taken while every event was dispatched: the partial index looks empty to the planner.
  await db.raw(
    `insert into webhook_events (id, tenant_id, type, payload, dispatched_at)
     select gen_random_uuid(), ?, 'user.created', '{}', now() from generate_series(1, 2000)`,
    [tenantId],
  );
  await db.raw('analyze webhook_events');
  // Then a backlog the statistics do not know about.
  await db.raw(
    `insert into webhook_events (id, tenant_id, type, payload, created_at)
     select gen_random_uuid(), ?, 'user.created', '{}', now() + make_interval(secs => g / 1000.0)
     from generate_series(1, 50000) g`,
    [tenantId],
  );
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await database.drop();
});

test('markDispatched never walks the undispatched index to find its events', async () => {
  const repo = createWebhookEventsRepo(db);
  const batch = (await repo.listUndispatched(500)).map((e) => e.id);
  expect(batch).toHaveLength(500);

  const statements: { sql: string; bindings: unknown[] }[] = [];
  const capture = (q: { sql: string; bindings: unknown[] }) => statements.push(q);
  db.on('query', capture);
  await repo.markDispatched(batch);
  db.off('query', capture);
  const update = statements.find((s) => /^update/i.test(s.sql))!;
  const plan = (
    await db.raw<{ rows: { 'QUERY PLAN': string }[] }>(
      `explain ${update.sql.replace(/\$\d+/g, '?')}`,
      update.bindings as never,
    )
  ).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');
  expect(plan).not.toContain('webhook_events_undispatched_idx');

  // It marked exactly the batch, and a second call changes nothing that was already marked.
  const marked = await db('webhook_events').whereIn('id', batch).whereNotNull('dispatched_at');
  expect(marked).toHaveLength(500);
  const first = new Map(
    marked.map((r: { id: string; dispatched_at: Date }) => [r.id, r.dispatched_at.getTime()]),
  );
  await new Promise((r) => setTimeout(r, 20));
  await repo.markDispatched(batch);
  const again = await db('webhook_events').whereIn('id', batch);
  for (const r of again as { id: string; dispatched_at: Date }[]) {
    expect(r.dispatched_at.getTime()).toBe(first.get(r.id));
  }
  expect(await repo.listUndispatched(1)).not.toEqual([expect.objectContaining({ id: batch[0] })]);
});
