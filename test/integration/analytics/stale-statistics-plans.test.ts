/**
 * Statements a big import leans on keep their index probes when the statistics are stale. During a bulk
 * load the tables grow far faster than autovacuum analyzes them (and some servers run without it), so the
 * planner believes a tenant or a partial index small. Two statements were answered by scanning it whole:
 * - marking outbox events dispatched walked the partial index of undispatched events once per id (48 s
 *   for a batch of 500 on a 2-million event backlog), which stalled every tenant's webhooks;
 * - the share-code check of an import chunk read every code of the tenant (6.4 million rows, 4.4 s per
 *   chunk), so a USER import slowed as the tenant grew.
 * Each test takes statistics while the data is small, adds a lot more, and reads the statement's plan.
 */
import crypto from 'node:crypto';
import { createDb, type Db } from '../../../shared/db/knex';
import { createTenant } from '../../../shared/domain/tenants/tenants';
import { createReferralCodesRepo } from '../../../shared/repos/referral-codes.repo';
import { createWebhookEventsRepo } from '../../../shared/repos/webhook-events.repo';
import { ownDatabase } from '../../helpers/own-database';

const database = ownDatabase('stale_stats');
let db: Db;
let tenantId: string;

beforeAll(async () => {
  await database.create();
  db = createDb({ url: database.url, poolMax: 2 });
  const tenant = await createTenant(db, { alias: `plan_${crypto.randomBytes(4).toString('hex')}` });
  tenantId = (await db('tenants').where({ alias: tenant.alias }).first('id')).id as string;
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await database.drop();
});

/** The plan of the one statement `run` sends that matches `which`, with its own bindings. */
async function planOf(which: RegExp, run: () => Promise<unknown>): Promise<string> {
  const statements: { sql: string; bindings: unknown[] }[] = [];
  const capture = (q: { sql: string; bindings: unknown[] }) => statements.push(q);
  db.on('query', capture);
  try {
    await run();
  } finally {
    db.off('query', capture);
  }
  const matching = statements.filter((s) => which.test(s.sql));
  expect(matching).toHaveLength(1);
  const { sql, bindings } = matching[0]!;
  const { rows } = await db.raw<{ rows: { 'QUERY PLAN': string }[] }>(
    `explain ${sql.replace(/\$\d+/g, '?')}`,
    bindings as never,
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

test('markDispatched never walks the undispatched index to find its events', async () => {
  // Statistics taken while every event was dispatched: the partial index looks empty to the planner.
  await db.raw(
    `insert into webhook_events (id, tenant_id, type, payload, dispatched_at)
     select gen_random_uuid(), ?, 'user.created', '{}', now() from generate_series(1, 2000)`,
    [tenantId],
  );
  await db.raw('analyze webhook_events');
  await db.raw(
    `insert into webhook_events (id, tenant_id, type, payload, created_at)
     select gen_random_uuid(), ?, 'user.created', '{}', now() + make_interval(secs => g / 1000.0)
     from generate_series(1, 50000) g`,
    [tenantId],
  );
  const repo = createWebhookEventsRepo(db);
  const batch = (await repo.listUndispatched(500)).map((e) => e.id);
  expect(batch).toHaveLength(500);

  const plan = await planOf(/^update/i, () => repo.markDispatched(batch));
  expect(plan).not.toContain('webhook_events_undispatched_idx');

  // It marked exactly the batch, and a second call changes nothing that was already marked.
  const marked: { id: string; dispatched_at: Date }[] = await db('webhook_events')
    .whereIn('id', batch)
    .whereNotNull('dispatched_at');
  expect(marked).toHaveLength(500);
  const first = new Map(marked.map((r) => [r.id, r.dispatched_at.getTime()]));
  await new Promise((r) => setTimeout(r, 20));
  await repo.markDispatched(batch);
  const again: { id: string; dispatched_at: Date }[] = await db('webhook_events').whereIn('id', batch);
  for (const r of again) expect(r.dispatched_at.getTime()).toBe(first.get(r.id));
  expect((await repo.listUndispatched(1))[0]?.id).not.toBe(batch[0]);
});

test("an import chunk's share-code check probes the code index instead of reading the tenant's codes", async () => {
  const addCodes = (from: number, to: number) =>
    db
      .raw(
        `with g as (select generate_series(?::int, ?::int) as i),
        a as (insert into accounts (tenant_id, id) select ?, 'a' || i from g),
        u as (insert into users (tenant_id, account_id, id) select ?, 'a' || i, 'u' || i from g)
       select 1`,
        [from, to, tenantId, tenantId],
      )
      .then(() =>
        db.raw(
          `insert into referral_codes (tenant_id, code, account_id, user_id)
         select ?, 'NAME' || i, 'a' || i, 'u' || i from generate_series(?::int, ?::int) i`,
          [tenantId, from, to],
        ),
      );
  // Statistics from when the tenant had 200 codes, then 60,000 more.
  await addCodes(1, 200);
  await db.raw('analyze accounts, users, referral_codes');
  await addCodes(201, 60_200);

  const repo = createReferralCodesRepo(db);
  const candidates = Array.from({ length: 1000 }, (_, i) => `name${i * 97 + 1}`);
  let taken = new Set<string>();
  const plan = await planOf(/referral_codes/, async () => {
    taken = await repo.takenAmong(tenantId, candidates);
  });
  expect(plan).toMatch(/Index (Only )?Scan using referral_codes_code_idx/);
  expect(plan).not.toMatch(/Filter: \(upper\(\(?code\)?(::text)?\) = ANY/);
  // The answer: every candidate up to NAME60200 exists (upper-cased), the rest do not.
  const expected = candidates.map((c) => c.toUpperCase()).filter((c) => Number(c.slice(4)) <= 60_200);
  expect([...taken].sort()).toEqual([...expected].sort());
  expect(await repo.takenAmong(tenantId, ['NOSUCHCODE', 'name1', 'Name1'])).toEqual(new Set(['NAME1']));
});
