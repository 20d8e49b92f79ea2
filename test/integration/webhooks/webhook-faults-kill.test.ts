/**
 * Outbound webhooks when processes die, black-box: the worker and the gateway run as child
 * processes and are killed with SIGKILL. The outbox is in PostgreSQL, so every committed event reaches
 * each endpoint (verified with the `standardwebhooks` library) once a worker runs.
 *
 * Here no HTTP exchange is cut by a kill, so every event arrives exactly once by webhook-id: the
 * worker is killed before the events are committed, and the gateway's kill stops only requests.
 * webhook-faults-burst.test.ts kills the worker in the middle of deliveries (at least once: an attempt
 * in flight may be sent again); webhook-faults.test.ts covers a receiver outage under load.
 */
import type { PortalTenant } from '../../helpers/admin-api';
import { uid } from '../../helpers/referrals';
import { deliveredCounts, duplicatesIn, identify, outboxIds } from '../../helpers/webhook-faults';
import { startKillHarness, type KillHarness } from '../../helpers/webhook-kill-harness';

let h: KillHarness;
beforeAll(async () => {
  h = await startKillHarness('webhook_kill');
});
afterAll(async () => {
  await h?.close();
});

const say = (line: string) => process.stdout.write(`webhook faults, ${line}\n`);

/** Identifications: a third referred by `code` (user.created, referral.started, reward.created). */
async function identifications(api: string, tenant: PortalTenant, code: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    const body = i % 3 === 0 ? { referredByCode: code } : { firstName: `User ${i}` };
    expect((await identify(api, tenant, uid('acct'), uid('user'), body)).status).toBe(200);
  }
}

test('the worker killed with SIGKILL between commit and delivery: the next worker delivers every event, each once', async () => {
  const { tenant, endpoints } = await h.tenantWithEndpoints();
  const api = h.gw.api(tenant.alias);
  let worker = await h.start('worker');
  const warmUp = await identify(api, tenant, uid('acct'), uid('user'), { firstName: 'Warm' });
  expect(warmUp.status).toBe(200);
  await h.everyEventArrives(tenant, endpoints, 60_000);

  // Killed first, then the commits: the window between commit and delivery is the whole outage.
  await worker.kill();
  const referrer = await identify(api, tenant, uid('acct'), uid('user'), { firstName: 'Rita' });
  expect(referrer.status).toBe(200);
  await identifications(api, tenant, referrer.body.shareCode as string, 30);
  const committed = await outboxIds(h.gw.deps.db, tenant.id);
  expect(committed.size).toBeGreaterThanOrEqual(1 + 1 + 30 + 10 * 2);
  await new Promise((r) => setTimeout(r, 1500));
  for (const e of endpoints) expect(deliveredCounts(h.rx, e.path, e.secret).size).toBe(1); // the warm-up

  worker = await h.start('worker');
  // A kill that lands in a dispatcher activity is seen by Temporal only at its start-to-close timeout.
  const tookMs = await h.everyEventArrives(tenant, endpoints, 45_000);
  for (const { counts } of await h.delivered(tenant, endpoints)) expect(duplicatesIn(counts)).toEqual([]);
  say(
    `worker down during the commits: ${committed.size} events delivered to 2 endpoints ` +
      `${tookMs} ms after the restart, none twice`,
  );
  await worker.kill();
}, 240_000);

test('the gateway killed with SIGKILL right after its commits: every committed event is delivered, once', async () => {
  const { tenant, endpoints } = await h.tenantWithEndpoints();
  const worker = await h.start('worker');
  const gateway = await h.start('gateway');
  const api = `http://127.0.0.1:${gateway.port}/api/v1/${tenant.alias}`;
  const referrer = await identify(api, tenant, uid('acct'), uid('user'), { firstName: 'Rita' });
  expect(referrer.status).toBe(200);

  // Four streams of identifications; the gateway dies right after its 40th answer, with the other
  // streams' requests in flight (committed or not: the outbox is the truth).
  const acknowledged: string[] = [];
  let cutOff = 0;
  let stop = false;
  const stream = async (lane: number) => {
    for (let i = 0; !stop; i += 1) {
      const userId = uid(`user-${lane}`);
      const body = i % 3 === 0 ? { referredByCode: referrer.body.shareCode } : { firstName: `User ${i}` };
      try {
        const res = await identify(api, tenant, uid('acct'), userId, body);
        if (res.status === 200) acknowledged.push(userId);
        if (acknowledged.length >= 40 && gateway.running()) await gateway.kill();
      } catch {
        cutOff += 1;
        stop = true;
      }
    }
  };
  await Promise.all([0, 1, 2, 3].map(stream));
  expect(gateway.running()).toBe(false);

  const tookMs = await h.everyEventArrives(tenant, endpoints, 60_000);
  const results = await h.delivered(tenant, endpoints);
  for (const { counts } of results) expect(duplicatesIn(counts)).toEqual([]);
  const rows: { payload: { data: { id: string } } }[] = await h.gw.deps
    .db('webhook_events')
    .where({ tenant_id: tenant.id, type: 'user.created' })
    .select('payload');
  const created = rows.map((r) => r.payload.data.id);
  for (const id of acknowledged) expect(created).toContain(id);
  say(
    `gateway SIGKILL: ${acknowledged.length} identifications acknowledged, ${cutOff} without an answer ` +
      `(${created.length - 1 - acknowledged.length} of them committed); all ${results[0]!.ids.size} events ` +
      `delivered ${tookMs} ms later, none twice`,
  );
  await worker.kill();
}, 240_000);
