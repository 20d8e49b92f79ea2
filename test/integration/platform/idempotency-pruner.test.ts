/**
 * Keys past their window are pruned in the background, a batch at a time, skipping rows in use so that
 * ingestion is never blocked; the pruner runs as a system workflow on the worker.
 */
import crypto from 'node:crypto';
import { createEventActivities } from '../../../activities/events.activities';
import { createDb, type Db } from '../../../shared/db/knex';
import { createTestTenant, startTestWorker, testConfig } from '../../helpers/harness';
import type { RunningWorker } from '../../../services/worker/worker';
import { createTemporal } from '../../../shared/temporal/client';
import { workflowIds } from '../../../shared/temporal/workflow-ids';

const HOUR_MS = 60 * 60 * 1000;
/** What the worker passes: the 24-hour window plus an hour for clock skew. */
const OLDER_THAN_MS = 25 * HOUR_MS;

let db: Db;
let tenantId: string;
beforeAll(async () => {
  db = createDb({ url: process.env.TEST_DATABASE_URL!, poolMax: 4 });
  const tenant = await createTestTenant(db, 'prune');
  tenantId = (await db('tenants').where({ alias: tenant.alias }).first('id')).id;
});
afterAll(async () => {
  await db?.destroy();
});

/** Inserts keys received `ageMs` ago; returns their names. */
async function keysAged(ageMs: number, count: number): Promise<string[]> {
  const keys = Array.from({ length: count }, () => crypto.randomUUID());
  await db('idempotency_keys').insert(
    keys.map((key) => ({
      tenant_id: tenantId,
      key,
      received_at: new Date(Date.now() - ageMs),
      event_ids: [crypto.randomUUID()],
    })),
  );
  return keys;
}

const remaining = async (keys: string[]) =>
  (await db('idempotency_keys').where({ tenant_id: tenantId }).whereIn('key', keys).pluck('key')).sort();

test('one batch deletes only keys past the window plus margin, at most batchSize, skipping locked rows', async () => {
  const expired = await keysAged(OLDER_THAN_MS + HOUR_MS, 5);
  const inMargin = await keysAged(24 * HOUR_MS + 30 * 60 * 1000, 2);
  const live = await keysAged(HOUR_MS, 2);
  const { pruneIdempotencyKeys } = createEventActivities({ db });

  // A request replacing one expired key holds its row: the pruner passes it by instead of waiting.
  const trx = await db.transaction();
  try {
    await trx('idempotency_keys').where({ tenant_id: tenantId, key: expired[0] }).forUpdate();
    let deleted = 0;
    for (let i = 0; i < 50 && (await remaining(expired)).length > 1; i += 1) {
      deleted += await pruneIdempotencyKeys({ olderThanMs: OLDER_THAN_MS, batchSize: 2 });
    }
    expect(deleted).toBeGreaterThanOrEqual(4);
    expect(await remaining(expired)).toEqual([expired[0]]);
  } finally {
    await trx.rollback();
  }
  expect(await remaining(inMargin)).toEqual([...inMargin].sort());
  expect(await remaining(live)).toEqual([...live].sort());
});

describe('the pruner workflow', () => {
  let worker: RunningWorker;
  const config = testConfig({ IDEMPOTENCY_PRUNE_INTERVAL_MS: '200' });
  const temporal = createTemporal({
    address: config.temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
  });
  afterAll(async () => {
    await temporal.client.workflow
      .getHandle(workflowIds.idempotencyKeyPruner(config.TEMPORAL_TASK_QUEUE))
      .terminate('test over')
      .catch(() => undefined);
    await worker?.close();
    await temporal.close();
  });

  test('runs on the worker and removes expired keys in the background', async () => {
    const expired = await keysAged(OLDER_THAN_MS + HOUR_MS, 3);
    const live = await keysAged(HOUR_MS, 1);
    worker = await startTestWorker(config, { keyPruner: true });
    const handle = temporal.client.workflow.getHandle(
      workflowIds.idempotencyKeyPruner(config.TEMPORAL_TASK_QUEUE),
    );
    expect((await handle.describe()).status.name).toBe('RUNNING');
    for (let i = 0; i < 100 && (await remaining(expired)).length > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await remaining(expired)).toEqual([]);
    expect(await remaining(live)).toEqual(live);
  });
});
