import type { Db } from '../../shared/db/knex';
import type { PortalTenant } from '../helpers/admin-api';
import { basic, postJson } from '../helpers/harness';
import { deliveredCounts, duplicatesIn, missingFrom, outboxIds } from '../helpers/webhook-faults';
import type { WebhookReceiver } from '../helpers/webhook-receiver';

/** An endpoint on the test receiver: its id and secret, its path, and the one event type it takes (or all). */
export interface ReceiverEndpoint {
  id: string;
  secret: string;
  path: string;
  type?: string;
}

/** A new endpoint of the tenant at the receiver's `path`, for one event type or (none given) all. */
export async function receiverEndpoint(
  api: string,
  tenant: PortalTenant,
  rx: WebhookReceiver,
  path: string,
  type?: string,
): Promise<ReceiverEndpoint> {
  const res = await postJson(
    `${api}/graphql`,
    {
      query: `mutation C($input: CreateWebhookEndpointInput!) {
        createWebhookEndpoint(input: $input) { id secret } }`,
      variables: { input: { url: rx.url(path), eventTypes: type ? [type] : [] } },
    },
    { authorization: basic(tenant.apiKey) },
  );
  expect(res.json.errors).toBeUndefined();
  const created = res.json.data.createWebhookEndpoint as { id: string; secret: string };
  return { ...created, path, type };
}

/** The ids of the tenant's outbox events the endpoint must receive. */
export async function eventsFor(db: Db, tenantId: string, e: ReceiverEndpoint): Promise<Set<string>> {
  if (e.type === undefined) return outboxIds(db, tenantId);
  const rows: { id: string }[] = await db('webhook_events')
    .where({ tenant_id: tenantId, type: e.type })
    .select('id');
  return new Set(rows.map((r) => r.id));
}

export interface DeliveryTally {
  events: number;
  /** Distinct events the receiver acknowledged (2xx), each verified by its signature. */
  delivered: number;
  missing: string[];
  duplicated: string[];
}

/** Receiver log against the outbox: which of the endpoint's events arrived, and which more than once. */
export async function deliveryTally(
  db: Db,
  tenantId: string,
  rx: WebhookReceiver,
  e: ReceiverEndpoint,
): Promise<DeliveryTally> {
  const ids = await eventsFor(db, tenantId, e);
  const counts = deliveredCounts(rx, e.path, e.secret);
  return {
    events: ids.size,
    delivered: counts.size,
    missing: missingFrom(ids, counts),
    duplicated: duplicatesIn(counts).map(([id]) => id),
  };
}
