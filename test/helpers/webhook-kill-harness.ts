import { createPortalTenant, type PortalTenant } from './admin-api';
import { startTestGateway, testConfig, type TestGateway } from './harness';
import { ownDatabase } from './own-database';
import { startServiceProcess, type ServiceProcess } from './service-process';
import {
  createEndpoint,
  deliveredCounts,
  explainMissing,
  missingFrom,
  outboxIds,
  serviceEnv,
  within,
} from './webhook-faults';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

/**
 * For the tests that kill processes under outbound webhooks (webhook-faults-kill*.test.ts): a database
 * of the file's own, an in-process gateway for setup and reads, a receiver verifying with
 * `standardwebhooks`, and workers or gateways as child processes on the same database and task queue,
 * to be killed with SIGKILL.
 */
export interface KillTarget {
  id: string;
  secret: string;
  path: string;
}

export interface KillHarness {
  gw: TestGateway;
  rx: WebhookReceiver;
  /** A worker or gateway child process (killed at close if still running). */
  start(service: 'worker' | 'gateway'): Promise<ServiceProcess>;
  /** A tenant with two endpoints for every event type, on the receiver. */
  tenantWithEndpoints(): Promise<{ tenant: PortalTenant; endpoints: KillTarget[] }>;
  /**
   * Waits until each endpoint got every outbox event of the tenant (throws, saying why, after `ms`),
   * then 2 s more for late duplicates; answers how long the arrival took.
   */
  everyEventArrives(tenant: PortalTenant, endpoints: KillTarget[], ms: number): Promise<number>;
  /** Per endpoint, the webhook-ids answered 2xx, after checking they are exactly the outbox's. */
  delivered(
    tenant: PortalTenant,
    endpoints: KillTarget[],
  ): Promise<{ endpoint: KillTarget; ids: Set<string>; counts: Map<string, number> }[]>;
  close(): Promise<void>;
}

const SCHEDULE = '0,1000,2000,4000,8000';

export async function startKillHarness(suffix: string): Promise<KillHarness> {
  const database = ownDatabase(suffix);
  await database.create();
  const config = testConfig({
    DATABASE_URL: database.url,
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    WEBHOOK_RETRY_SCHEDULE_MS: SCHEDULE,
  });
  const rx = await startWebhookReceiver();
  const gw = await startTestGateway({ config });
  const children = new Set<ServiceProcess>();
  const env = serviceEnv(database.url, config.TEMPORAL_TASK_QUEUE, {
    WEBHOOK_RETRY_SCHEDULE_MS: SCHEDULE,
    WEBHOOK_DISPATCH_INTERVAL_MS: '100',
  });

  const missingAt = async (tenant: PortalTenant, endpoints: KillTarget[]) => {
    const ids = await outboxIds(gw.deps.db, tenant.id);
    return endpoints.map((e) => ({ e, missing: missingFrom(ids, deliveredCounts(rx, e.path, e.secret)) }));
  };

  return {
    gw,
    rx,
    async start(service) {
      const child = await startServiceProcess(service, env);
      children.add(child);
      return child;
    },
    async tenantWithEndpoints() {
      const tenant = await createPortalTenant(gw.deps.db);
      const endpoints: KillTarget[] = [];
      for (const name of ['a', 'b']) {
        const path = `/${tenant.alias}/${name}`;
        endpoints.push({ ...(await createEndpoint(gw.api(tenant.alias), tenant, rx.url(path))), path });
      }
      return { tenant, endpoints };
    },
    async everyEventArrives(tenant, endpoints, ms) {
      const since = Date.now();
      const arrived = await within(ms, async () =>
        (await missingAt(tenant, endpoints)).every((m) => m.missing.length === 0),
      );
      if (!arrived) {
        const why = await Promise.all(
          (await missingAt(tenant, endpoints)).map(
            async ({ e, missing }) =>
              `${e.path}: ${await explainMissing(gw.deps.db, e.id, missing, gw.deps.temporal.client)}`,
          ),
        );
        throw new Error(`not every event arrived within ${ms} ms: ${why.join('; ')}`);
      }
      const tookMs = Date.now() - since;
      await new Promise((r) => setTimeout(r, 2000));
      return tookMs;
    },
    async delivered(tenant, endpoints) {
      const ids = await outboxIds(gw.deps.db, tenant.id);
      return endpoints.map((endpoint) => {
        const counts = deliveredCounts(rx, endpoint.path, endpoint.secret);
        expect(missingFrom(ids, counts)).toEqual([]);
        expect(new Set(counts.keys())).toEqual(ids);
        return { endpoint, ids, counts };
      });
    },
    async close() {
      for (const child of children) await child.kill();
      await gw.close();
      await rx.close();
      await database.drop();
    },
  };
}
