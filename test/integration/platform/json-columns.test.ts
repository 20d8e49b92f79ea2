/**
 * JSON columns are read back through a schema (shared/db/json-column.ts): what the service wrote reads
 * back as written, and a row holding anything else (an older format, a manual edit) fails naming the
 * table, the column and the row, instead of travelling on under a type it does not have.
 */
import crypto from 'node:crypto';
import { createDb, type Db } from '../../../shared/db/knex';
import { createImportJobsRepo } from '../../../shared/repos/import-jobs.repo';
import { createProcessorNotificationsRepo } from '../../../shared/repos/processor-notifications.repo';
import { createUserEventsRepo } from '../../../shared/repos/user-events.repo';
import type { NotificationOutcome } from '../../../shared/types/processors';
import { createTestTenant } from '../../helpers/harness';

let db: Db;
let tenantId: string;
beforeAll(async () => {
  db = createDb({ url: process.env.TEST_DATABASE_URL!, poolMax: 2 });
  const tenant = await createTestTenant(db, 'json');
  tenantId = (await db('tenants').where({ alias: tenant.alias }).first('id')).id;
});
afterAll(async () => {
  await db?.destroy();
});

describe('processor_notifications.outcome', () => {
  const notifications = () => createProcessorNotificationsRepo(db);

  async function stored(status: 'RECEIVED' | 'REJECTED', outcome?: { reason: string }) {
    const row = await notifications().record({
      tenant_id: tenantId,
      processor: 'BRAINTREE',
      notification_key: `test:${crypto.randomUUID()}`,
      kind: 'subscription_went_active',
      subject_id: 'sub-1',
      notified_at: new Date(),
      signature: 'sig',
      payload: 'payload',
      status,
      outcome,
    });
    return row.id;
  }

  test('an applied and a rejected outcome read back as written', async () => {
    const applied: NotificationOutcome = {
      status: 'PROCESSED',
      accountId: 'acct-1',
      customerId: 'cus-1',
      result: 'APPLIED',
      accountStatus: 'PAID',
      attributedBy: null,
      syncDiscount: true,
    };
    const id = await stored('RECEIVED');
    await db.transaction((trx) => notifications().finish(id, 'PROCESSED', applied, trx));
    expect((await notifications().find(tenantId, id))!.outcome).toEqual(applied);

    const rejected = await stored('REJECTED', { reason: 'unparsable payload' });
    expect((await notifications().find(tenantId, rejected))!.outcome).toEqual({
      reason: 'unparsable payload',
    });
  });

  test('a malformed outcome is an error naming the column and the row', async () => {
    const id = await stored('RECEIVED');
    await db('processor_notifications')
      .where({ id })
      .update({ status: 'PROCESSED', outcome: JSON.stringify({ status: 'PROCESSED', result: 'MAYBE' }) });
    const malformed = new RegExp(`processor_notifications\\.outcome \\(row ${id}\\) is malformed`);
    await expect(notifications().find(tenantId, id)).rejects.toThrow(malformed);
    await expect(db.transaction((trx) => notifications().lock(tenantId, id, trx))).rejects.toThrow(malformed);
  });
});

describe('user_events.fields', () => {
  async function eventWith(userId: string, fields: unknown) {
    const id = crypto.randomUUID();
    await db('user_events').insert({
      id,
      tenant_id: tenantId,
      account_id: 'acct-1',
      user_id: userId,
      key: 'purchase',
      fields: JSON.stringify(fields),
      date_triggered: new Date(),
      date_received: new Date(),
    });
    return id;
  }
  const list = (userId: string) =>
    createUserEventsRepo(db).listForUser(tenantId, 'acct-1', userId, { limit: 10, offset: 0 });

  test('an object reads back as written', async () => {
    await eventWith('user-ok', { sku: 'A1', cart: [{ qty: 2 }] });
    const { events } = await list('user-ok');
    expect(events.map((e) => e.fields)).toEqual([{ sku: 'A1', cart: [{ qty: 2 }] }]);
  });

  test('anything but an object is an error naming the column and the row', async () => {
    const id = await eventWith('user-bad', [1, 2]);
    await expect(list('user-bad')).rejects.toThrow(`user_events.fields (row ${id}) is malformed`);
  });
});

describe('import_jobs.columns', () => {
  async function job() {
    const { row } = await createImportJobsRepo(db).insertOnce({
      id: crypto.randomUUID(),
      tenant_id: tenantId,
      type: 'MUTATION/USER',
      requester: 'API',
      name: null,
      file_ref: 'ref',
      file_format: 'csv',
      output_format: 'CSV',
      idempotency_key: null,
    });
    return row;
  }

  test('a header reads back as written, and null before the job starts', async () => {
    const row = await job();
    expect(row.columns).toBeNull();
    await createImportJobsRepo(db).start(row.id, {
      columns: ['accountId', 'userId'],
      next_offset: '10',
      next_line: 2,
      records_total: '1',
    });
    expect((await createImportJobsRepo(db).find(tenantId, row.id))!.columns).toEqual(['accountId', 'userId']);
  });

  test('a malformed header is an error naming the column and the row', async () => {
    const row = await job();
    await db('import_jobs')
      .where({ id: row.id })
      .update({ columns: JSON.stringify({ accountId: 1 }) });
    const malformed = `import_jobs.columns (row ${row.id}) is malformed`;
    await expect(createImportJobsRepo(db).find(tenantId, row.id)).rejects.toThrow(malformed);
    const listed = createImportJobsRepo(db).list(tenantId, { limit: 100, offset: 0 });
    await expect(listed).rejects.toThrow(malformed);
  });
});
