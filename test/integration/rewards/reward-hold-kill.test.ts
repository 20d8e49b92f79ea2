/**
 * A reward hold survives the worker's death: the worker runs as a child process on short
 * days (REWARD_DAY_MS) and is killed with SIGKILL while two referrers' rewards are held. While it is
 * down, one referred account cancels. A new worker then releases the other reward once its hold has ended
 * (the lifecycle workflow's durable timer lives in Temporal, not in the worker: it fires whether or not a
 * worker runs, and the next one takes its task) and cancels the first: neither is lost, neither is
 * released twice. The hold (15 s) may end before the new worker is up: then the release waits for it.
 * test/workflows/referral-lifecycle-timers.test.ts has the same for a timer days long.
 */
import { basic } from '../../helpers/harness';
import { createPortalTenant, type PortalTenant } from '../../helpers/admin-api';
import { startTestGateway, testConfig, type TestGateway } from '../../helpers/harness';
import { ownDatabase } from '../../helpers/own-database';
import { uid } from '../../helpers/referrals';
import { startServiceProcess, type ServiceProcess } from '../../helpers/service-process';
import { serviceEnv } from '../../helpers/webhook-faults';

const DAY_MS = 15_000;
const database = ownDatabase('reward_hold_kill');
const config = testConfig({ DATABASE_URL: database.url, LIFECYCLE_WAIT_MS: '3000' });
const workerEnv = () =>
  serviceEnv(database.url, config.TEMPORAL_TASK_QUEUE, {
    REWARD_DAY_MS: String(DAY_MS),
    RECONCILE_GRACE_MS: '1000',
  });

let gw: TestGateway;
let tenant: PortalTenant;
const workers: ServiceProcess[] = [];
beforeAll(async () => {
  await database.create();
  gw = await startTestGateway({ config });
  tenant = await createPortalTenant(gw.deps.db);
});
afterAll(async () => {
  for (const w of workers) await w.kill();
  await gw?.close();
  await database.drop();
});

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${gw.api(tenant.alias)}${path}`, {
    method,
    headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function reward(friend: string) {
  const res = await call('POST', '/graphql', {
    query: `query A($id: String!) { account(id: $id) { referredBy { referrerReward { id status holdUntil } } } }`,
    variables: { id: friend },
  });
  return res.body.data.account.referredBy.referrerReward as { id: string; status: string; holdUntil: number };
}

async function heldReward() {
  const referrer = await call('PUT', `/open/account/${uid('acct-r')}/user/${uid('user')}`, {
    firstName: 'Rita',
  });
  const friend = uid('acct-f');
  await call('PUT', `/open/account/${friend}/user/${uid('user')}`, {
    referredByCode: referrer.body.shareCode,
  });
  expect((await call('POST', '/accountsync', { id: friend, subscription: { status: 'PAID' } })).status).toBe(
    200,
  );
  const held = await reward(friend);
  expect(held.status).toBe('PENDING');
  return { friend, ...held };
}

test('SIGKILL during a hold: the new worker releases one reward on time and cancels the other', async () => {
  workers.push(await startServiceProcess('worker', workerEnv()));
  const program = await call('POST', '/graphql', {
    query: 'mutation { updateProgram(input: { rewardHoldDays: 1 }) { rewardHoldDays } }',
  });
  expect(program.body.data.updateProgram.rewardHoldDays).toBe(1);
  const kept = await heldReward();
  const cut = await heldReward();

  expect(Date.now()).toBeLessThan(kept.holdUntil);
  await workers[0]!.kill();
  // The cancellation is saved while no worker runs (the answer may be a 503 asking for a retry).
  const cancelled = await call('POST', '/accountsync', {
    id: cut.friend,
    subscription: { status: 'CANCELLED' },
  });
  expect([200, 503]).toContain(cancelled.status);
  workers.push(await startServiceProcess('worker', workerEnv()));

  let released: { status: string } = kept;
  while (released.status === 'PENDING' && Date.now() < kept.holdUntil + 40_000) {
    await new Promise((r) => setTimeout(r, 200));
    released = await reward(kept.friend);
  }
  const lateMs = Date.now() - kept.holdUntil;
  process.stdout.write(`reward hold, worker SIGKILL: released ${lateMs} ms after the hold's end\n`);
  expect(released.status).toBe('AVAILABLE');
  expect((await reward(cut.friend)).status).toBe('CANCELLED');

  const events = await gw.deps
    .db('webhook_events')
    .where({ tenant_id: tenant.id })
    .whereIn('type', ['reward.available', 'reward.cancelled']);
  const of = (type: string, id: string) =>
    events.filter(
      (e: { type: string; payload: { data: { id: string } } }) => e.type === type && e.payload.data.id === id,
    ).length;
  expect(of('reward.available', kept.id)).toBe(1);
  expect(of('reward.available', cut.id)).toBe(0);
  expect(of('reward.cancelled', cut.id)).toBe(1);
}, 150_000);
