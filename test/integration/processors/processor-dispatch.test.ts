/**
 * The default path of a webhook: the gateway only stores the notification and answers; the worker's
 * notification dispatcher starts its workflow. It runs against a database of its own, because the
 * dispatcher takes every stored notification and other test files share the suite's database.
 */
import { startProcessorSandbox, type ProcessorSandbox } from '../../../services/processor-sandbox/sandbox';
import { signedNotification } from '../../../services/processor-sandbox/notifications';
import type { RunningWorker } from '../../../services/worker/worker';
import {
  basic,
  createTestTenant,
  eventually,
  startTestGateway,
  startTestWorker,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';
import { ownDatabase } from '../../helpers/own-database';
import { sandboxGateway, subscribeCustomer } from '../../../services/processor-sandbox/merchant';

const database = ownDatabase('dispatch');
let sandbox: ProcessorSandbox;
let gw: TestGateway;
let worker: RunningWorker;

beforeAll(async () => {
  await database.create();
  sandbox = await startProcessorSandbox({ port: 0, host: '127.0.0.1' });
  const config = testConfig({
    DATABASE_URL: database.url,
    PROCESSOR_BASE_URL: sandbox.url,
    NOTIFICATION_DISPATCH_CONCURRENCY: '0',
    NOTIFICATION_DISPATCH_INTERVAL_MS: '200',
  });
  worker = await startTestWorker(config, { reconciler: true });
  gw = await startTestGateway({ config });
});
afterAll(async () => {
  await gw?.close();
  await worker?.close();
  await sandbox?.close();
  await database.drop();
});

test('a stored notification is started by the worker’s dispatcher and applied once', async () => {
  const tenant = await createTestTenant(gw.deps.db, 'disp');
  const keys = { merchantId: 'dispatch_m', publicKey: 'dispatch_pub', privateKey: 'dispatch_priv' };
  const api = gw.api(tenant.alias);
  const headers = { authorization: basic(tenant.apiKey), 'content-type': 'application/json' };
  const connect = await fetch(`${api}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      query:
        'mutation C($i: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $i) { environment } }',
      variables: { i: { processor: 'BRAINTREE', ...keys } },
    }),
  });
  expect(connect.status).toBe(200);
  const bt = sandboxGateway(sandbox.url, keys);
  const sub = await subscribeCustomer(bt, { priceCents: 1000 });
  const identified = await fetch(`${api}/open/account/acct-d/user/user-d`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ paymentProviderId: sub.customerId }),
  });
  expect(identified.status).toBe(200);

  const delivery = signedNotification(keys, 'subscription_went_active', sub.subscriptionId);
  const res = await fetch(`${api}/processor/braintree/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(delivery).toString(),
  });
  expect(res.status).toBe(200);
  const { notificationId } = (await res.json()) as { notificationId: string };
  const row = () => gw.deps.db('processor_notifications').where({ id: notificationId }).first();

  await eventually('the dispatcher processed it', async () => (await row()).status === 'PROCESSED', 400);
  expect((await row()).outcome).toMatchObject({
    result: 'APPLIED',
    accountId: 'acct-d',
    accountStatus: 'PAID',
  });
  expect((await row()).dispatched_at).not.toBeNull();
  // The gateway never started it: its start counter has no notification workflow.
  const starts = (await gw.deps.metrics.workflowStarts.get()).values;
  expect(starts.filter((v) => v.labels.workflow_type === 'processorNotificationWorkflow')).toEqual([]);
  const account = await gw.deps.db('accounts').where({ id: 'acct-d' }).first();
  expect(account.subscription_status).toBe('PAID');
});
