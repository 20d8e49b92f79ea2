/**
 * A payout is sent exactly once, whatever happens between the send and its record (docs/payouts.md):
 *
 * - the worker is killed (SIGKILL) after PayPal paid and before the answer was recorded: a new worker's
 *   retry sends the same batch, which PayPal (its PayPal-Request-Id) answers with the first payment;
 * - PayPal pays, then answers after the client gave up (a timeout): the retry finds the payment.
 *
 * The stand-in counts the payments per payout; the ledger is verified after each.
 */
import { createPortalTenant, type PortalTenant } from '../../helpers/admin-api';
import { basic, startTestGateway, testConfig, type TestGateway } from '../../helpers/harness';
import { ledgerViolations } from '../../helpers/ledger';
import { ownDatabase } from '../../helpers/own-database';
import { startPayoutStandIns, type PayoutStandIns } from '../../helpers/payout-stand-ins';
import { startServiceProcess, type ServiceProcess } from '../../helpers/service-process';
import { serviceEnv } from '../../helpers/webhook-faults';
import { until } from '../../helpers/wait';
import { payoutRunWorkflowId } from '../../../shared/ids';

const database = ownDatabase('payout_exactly_once');
let standIns: PayoutStandIns;
let gw: TestGateway;
let tenant: PortalTenant;
const workers: ServiceProcess[] = [];
let env: Record<string, string>;

beforeAll(async () => {
  await database.create();
  standIns = await startPayoutStandIns();
  env = {
    PAYPAL_BASE_URL: standIns.paypal.url,
    PAYOUT_HEARTBEAT_TIMEOUT_MS: '2000',
    PAYOUT_POLL_INTERVAL_MS: '300',
    PROCESSOR_TIMEOUT_MS: '2000',
  };
  gw = await startTestGateway({ config: testConfig({ DATABASE_URL: database.url, ...env }) });
  tenant = await createPortalTenant(gw.deps.db);
  const creds = standIns.paypal.credentials();
  await gql(`mutation C($i: PayoutConnectionInput!) { connectPayoutProvider(input: $i) { provider } }`, {
    i: { provider: 'PAYPAL', clientId: creds.clientId, secret: creds.secret },
  });
  await gql(`mutation P($i: PayoutPolicyInput!) { setPayoutPolicy(input: $i) { programId } }`, {
    i: { minimumCents: 100, schedule: 'MANUAL', requireApproval: false },
  });
}, 60_000);
afterAll(async () => {
  for (const w of workers) await w.kill();
  await gw?.close();
  await standIns?.close();
  await database.drop();
});

const workerEnv = () => serviceEnv(database.url, gw.deps.config.TEMPORAL_TASK_QUEUE, env);

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${gw.api(tenant.alias)}${path}`, {
    method,
    headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const res = await call('POST', '/graphql', { query, variables });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
}

/** A referrer with a PayPal address and `cents` of cash: answers their account id. */
async function payee(cents: number): Promise<string> {
  const accountId = `payee-${crypto.randomUUID()}`;
  expect((await call('PUT', `/open/account/${accountId}/user/u1`, {})).status).toBe(200);
  const method = await call('PUT', `/open/account/${accountId}/user/u1/payout-method`, {
    type: 'PAYPAL',
    email: `${accountId}@example.com`,
  });
  expect(method.status).toBe(200);
  await gw.deps.db('rewards').insert({
    tenant_id: tenant.id,
    account_id: accountId,
    referral_id: null,
    reward_source: 'ADJUSTMENT',
    type: 'CASH',
    amount_cents: cents,
    unit: 'USD',
    status: 'AVAILABLE',
  });
  return accountId;
}

const payoutOf = (accountId: string) =>
  gw.deps.db('payouts').where({ tenant_id: tenant.id, account_id: accountId }).first();

async function requestRun(): Promise<string> {
  return (await gql(`mutation { requestPayoutRun { id } }`)).requestPayoutRun.id;
}

const result = (runId: string) =>
  gw.deps.temporal.client.workflow.getHandle(payoutRunWorkflowId(tenant.alias, runId)).result();

test('SIGKILL of the worker after PayPal paid and before the answer was recorded: paid once', async () => {
  workers.push(await startServiceProcess('worker', workerEnv()));
  const accountId = await payee(4200);
  // PayPal pays at once but answers only after 20 s: the worker is killed while it waits.
  await standIns.paypal.answerNextPayments('late', { delayMs: 20_000 });
  const runId = await requestRun();
  await until(
    () => Promise.resolve(standIns.paypal.payments().filter((p) => p.amountCents === 4200)),
    (paid) => paid.length === 1,
  );
  await workers[0]!.kill();
  const unrecorded = await payoutOf(accountId);
  expect(unrecorded.status).toBe('RESERVED');

  workers.push(await startServiceProcess('worker', workerEnv()));
  expect(await result(runId)).toBe('COMPLETED');
  const payout = await payoutOf(accountId);
  expect(payout.status).toBe('PAID');
  expect(standIns.paypal.payments(payout.id)).toHaveLength(1);
  expect(await ledgerViolations(gw.deps.db, { id: tenant.id })).toEqual([]);
}, 120_000);

test('PayPal pays and answers after the client timed out: the retry finds that payment', async () => {
  if (!workers.at(-1)?.running()) workers.push(await startServiceProcess('worker', workerEnv()));
  const accountId = await payee(1300);
  await standIns.paypal.answerNextPayments('late', { delayMs: 5000 });
  const runId = await requestRun();
  expect(await result(runId)).toBe('COMPLETED');
  const payout = await payoutOf(accountId);
  expect(payout.status).toBe('PAID');
  expect(standIns.paypal.payments(payout.id)).toHaveLength(1);
  // More than one call reached PayPal for that batch: the first timed out, a retry was answered.
  const posts = standIns.paypal
    .calls()
    .filter((c) => c.method === 'POST' && c.path === '/v1/payments/payouts');
  expect(posts.length).toBeGreaterThanOrEqual(2);
  expect(await ledgerViolations(gw.deps.db, { id: tenant.id })).toEqual([]);
}, 90_000);
