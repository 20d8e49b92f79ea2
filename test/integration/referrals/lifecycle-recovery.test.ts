/**
 * No acknowledged change is lost when Temporal cannot be reached after the database committed: the
 * request says so (503), and the change is applied either by the client's retry or by the reconciler.
 */
import type { Db } from '../../../shared/db/knex';
import type { RunningWorker } from '../../../services/worker/worker';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import {
  basic,
  createTestTenant,
  startTestGateway,
  startTestWorker,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';
import { importClient } from '../../helpers/imports';
import { until } from '../../helpers/wait';

let worker: RunningWorker;
let healthy: TestGateway;
let broken: TestGateway;
let db: Db;
let tenantId: string;
let jobsVia: (gw: TestGateway) => ReturnType<typeof importClient>;
let call: (
  gw: TestGateway,
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  const config = testConfig();
  worker = await startTestWorker(config);
  healthy = await startTestGateway({ config });
  // Same database, but Temporal is unreachable: nothing listens on port 1.
  broken = await startTestGateway({
    config: testConfig({
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      LIFECYCLE_WAIT_MS: '1500',
      TEMPORAL_TASK_QUEUE: config.TEMPORAL_TASK_QUEUE,
    }),
  });
  db = healthy.deps.db;
  const tenant = await createTestTenant(db, 'rec');
  tenantId = (await db('tenants').where({ alias: tenant.alias }).first('id')).id;
  call = async (gw, method, path, body) => {
    const res = await fetch(`${gw.api(tenant.alias)}${path}`, {
      method,
      headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  jobsVia = (gw) => importClient({ base: gw.api(tenant.alias), auth: basic(tenant.apiKey) });
});

afterAll(async () => {
  await Promise.allSettled([healthy?.close(), broken?.close()]);
  await worker?.close();
});

async function referral(accountId: string) {
  return db('referrals').where({ tenant_id: tenantId, referred_account_id: accountId }).first();
}

async function referrerCode(name: string): Promise<{ accountId: string; code: string }> {
  const accountId = `ref-${name}-${Date.now()}`;
  const res = await call(healthy, 'PUT', `/open/account/${accountId}/user/u1`, { firstName: name });
  return { accountId, code: res.body.shareCode };
}

test('a conversion committed while Temporal is down answers 503, and the retry completes it', async () => {
  const r = await referrerCode('Retry');
  const accountId = `acct-retry-${Date.now()}`;
  const attributed = await call(broken, 'PUT', `/open/account/${accountId}/user/u1`, {
    referredByCode: r.code,
  });
  expect(attributed.status).toBe(503);
  expect(attributed.body.apiErrorCode).toBe('SERVICE_UNAVAILABLE');
  const paid = await call(broken, 'PUT', `/open/account/${accountId}/user/u1`, { accountStatus: 'PAID' });
  expect(paid.status).toBe(503);
  // The facts are saved; the referral waits for its workflow.
  expect(await referral(accountId)).toMatchObject({
    status: 'IN_PROGRESS',
    lifecycle_pending_since: expect.any(Date),
  });

  const retried = await call(healthy, 'PUT', `/open/account/${accountId}/user/u1`, { accountStatus: 'PAID' });
  expect(retried.status).toBe(200);
  expect(retried.body.referredBy).toEqual({ code: r.code, status: 'CONVERTED' });
  expect(await referral(accountId)).toMatchObject({ status: 'CONVERTED', lifecycle_pending_since: null });
  expect(await db('rewards').where({ tenant_id: tenantId, account_id: r.accountId })).toHaveLength(1);
});

test('without a retry, the reconciler applies it once', async () => {
  const reconciling = await startTestWorker(
    testConfig({ RECONCILE_GRACE_MS: '300', RECONCILE_INTERVAL_MS: '200' }),
    {
      reconciler: true,
    },
  );
  try {
    await reconcilerApplies();
  } finally {
    await reconciling.close();
  }
});

async function reconcilerApplies() {
  const r = await referrerCode('Reconcile');
  const accountId = `acct-reconcile-${Date.now()}`;
  const res = await call(broken, 'POST', '/accountsync', { id: accountId, referral: { code: r.code } });
  expect(res.status).toBe(503);
  expect(
    (await call(broken, 'PUT', `/open/account/${accountId}/user/u1`, { accountStatus: 'PAID' })).status,
  ).toBe(503);

  const converted = await until(
    () => referral(accountId),
    (row) => row?.status === 'CONVERTED' && row.lifecycle_pending_since === null,
  );
  expect(converted).toMatchObject({ status: 'CONVERTED', lifecycle_pending_since: null });
  expect(await db('rewards').where({ tenant_id: tenantId, account_id: r.accountId })).toHaveLength(1);
  const view = await call(healthy, 'GET', `/account/${r.accountId}/reward`);
  expect(view.body.referrerDiscountPercent).toBe(10);
}

test('an attribution whose workflow could not be started is started by the retry', async () => {
  const r = await referrerCode('Start');
  const accountId = `acct-start-${Date.now()}`;
  expect(
    (await call(broken, 'POST', '/accountsync', { id: accountId, referral: { code: r.code } })).status,
  ).toBe(503);
  const retried = await call(healthy, 'POST', '/accountsync', { id: accountId, referral: { code: r.code } });
  expect(retried.status).toBe(200);
  expect(retried.body.referral).toEqual({ code: r.code, status: 'IN_PROGRESS' });
  const row = await until(
    () => referral(accountId),
    (x) => x?.lifecycle_pending_since === null,
  );
  expect(row.lifecycle_pending_since).toBeNull();
  const alias = (await db('tenants').where({ id: tenantId }).first('alias')).alias;
  const description = await healthy.deps.temporal.client.workflow
    .getHandle(workflowIds.referral(alias, accountId))
    .describe();
  expect(description.status.name).toBe('RUNNING');
});

test('an import job whose workflow could not be started is 503: removed without a key, kept for the retry with one', async () => {
  const jobs = jobsVia(broken);
  const csv = ['id,accountId,email', `u1,acct-job-${Date.now()},one@example.com`].join('\n');
  const fileRef = await jobs.upload('users.csv', csv);
  const jobsOfFile = () => db('import_jobs').where({ tenant_id: tenantId, file_ref: fileRef });

  const unkeyed = await jobs.createRaw({ fileRef, type: 'MUTATION/USER' });
  expect(unkeyed.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
  expect(unkeyed.errors[0].message).toBe('The job could not be started; retry');
  expect(await jobsOfFile()).toHaveLength(0);

  const idempotencyKey = `job-key-${Date.now()}`;
  const keyed = await jobs.createRaw({ fileRef, type: 'MUTATION/USER', idempotencyKey });
  expect(keyed.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
  const saved = await jobsOfFile();
  expect(saved).toMatchObject([{ status: 'PENDING', idempotency_key: idempotencyKey }]);

  const retried = await jobsVia(healthy).create({ fileRef, type: 'MUTATION/USER', idempotencyKey });
  expect(retried.id).toBe(saved[0].id);
  expect(await jobsVia(healthy).waitFor(retried.id)).toMatchObject({ status: 'COMPLETED' });
});
