import type { RunningWorker } from '../../services/worker/worker';
import { createPortalTenant, type Json, type PortalTenant } from './admin-api';
import {
  basic,
  eventually,
  startTestGateway,
  startTestWorker,
  testConfig,
  type TestGateway,
} from './harness';
import { ownDatabase } from './own-database';
import { ACCOUNT_FIELDS } from './referrals';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';
import { keyApi } from './api-client';

/** An endpoint of the tenant on its own receiver path. */
export interface EventsEndpoint {
  secret: string;
  path: string;
}

/**
 * For the webhook event tests: the real gateway, a worker running the webhook dispatcher, a receiver
 * verifying with `standardwebhooks`, one tenant, and small verbs over them.
 */
export interface EventsHarness {
  gw: TestGateway;
  worker: RunningWorker;
  rx: WebhookReceiver;
  tenant: PortalTenant;
  auth(): { authorization: string };
  /** A GraphQL call that must not fail; its data. */
  gql(query: string, variables?: Json): Promise<Json>;
  identify(accountId: string, userId: string, body?: Json): Promise<{ status: number; body: Json }>;
  account(id: string): Promise<Json>;
  /** A new endpoint subscribed to `eventTypes` (all when empty). */
  endpoint(eventTypes?: string[]): Promise<EventsEndpoint>;
  /** Verified payloads the endpoint got (throws on a bad signature), every request counted. */
  got(e: EventsEndpoint, type?: string): Json[];
  waitFor(e: EventsEndpoint, type: string, count?: number): Promise<void>;
  /** The tenant's outbox rows of one type whose data matches `where`. */
  outbox(type: string, where: (data: Json) => boolean): Promise<{ payload: Json }[]>;
  /** The harness's own database (helpers/own-database.ts): its dispatcher takes only its events. */
  databaseUrl: string;
  close(): Promise<void>;
}

export async function startEventsHarness(): Promise<EventsHarness> {
  const database = ownDatabase('events');
  await database.create();
  const config = testConfig({
    DATABASE_URL: database.url,
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    WEBHOOK_RETRY_SCHEDULE_MS: '0,1000,1000,1000',
    WEBHOOK_DISPATCH_INTERVAL_MS: '100',
  });
  const rx = await startWebhookReceiver();
  const gw = await startTestGateway({ config });
  const worker = await startTestWorker(config, { webhookDispatcher: true });
  const tenant = await createPortalTenant(gw.deps.db);
  const auth = () => ({ authorization: basic(tenant.apiKey) });
  const gql = keyApi(gw, tenant).gqlOk;
  const enc = encodeURIComponent;
  const got = (e: EventsEndpoint, type?: string) =>
    (rx.verified(e.path, e.secret) as Json[]).filter((p) => type === undefined || p.type === type);
  let pathCounter = 0;
  return {
    gw,
    worker,
    rx,
    tenant,
    auth,
    gql,
    async identify(accountId, userId, body = {}) {
      const res = await fetch(`${gw.api(tenant.alias)}/open/account/${enc(accountId)}/user/${enc(userId)}`, {
        method: 'PUT',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Json };
    },
    account: async (id) => (await gql(ACCOUNT_FIELDS, { id })).account as Json,
    async endpoint(eventTypes = []) {
      pathCounter += 1;
      const path = `/events-${pathCounter}`;
      const data = await gql(
        `mutation C($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id secret } }`,
        { input: { url: rx.url(path), eventTypes } },
      );
      return { secret: data.createWebhookEndpoint.secret as string, path };
    },
    got,
    async waitFor(e, type, count = 1) {
      await eventually(`${count} ${type} at ${e.path}`, async () => got(e, type).length >= count);
    },
    async outbox(type, where) {
      const rows: { payload: Json }[] = await gw.deps
        .db('webhook_events')
        .where({ tenant_id: tenant.id, type })
        .select('payload');
      return rows.filter((r) => where(r.payload.data));
    },
    databaseUrl: database.url,
    async close() {
      await worker.close();
      await gw.close();
      await rx.close();
      await database.drop();
    },
  };
}
