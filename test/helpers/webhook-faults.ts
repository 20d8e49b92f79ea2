import type { Client } from '@temporalio/client';
import type { Db } from '../../shared/db/knex';
import { workflowIds } from '../../shared/temporal/workflow-ids';
import type { Json, PortalTenant } from './admin-api';
import { basic, postJson } from './harness';
import { uid } from './referrals';
import type { WebhookReceiver } from './webhook-receiver';

/**
 * For the webhook fault tests (webhook-faults*.test.ts): black-box views of what a receiver got and
 * what the public delivery log says, a paced load of real API actions, and the outbox as the truth
 * (every committed event is a row of webhook_events).
 */

/** The environment of a worker or gateway child process sharing a test file's database and queue. */
export function serviceEnv(databaseUrl: string, taskQueue: string, extra: Record<string, string> = {}) {
  return {
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS!,
    TEMPORAL_TASK_QUEUE: taskQueue,
    SECRET_KEY: 'test-secret-key-that-is-at-least-32-characters',
    HOST: '127.0.0.1',
    PORT: '0',
    WORKER_HTTP_PORT: '0',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    ...extra,
  };
}

/** webhook-id → how many requests to `path` the receiver answered with a 2xx (each verified). */
export function deliveredCounts(rx: WebhookReceiver, path: string, secret: string): Map<string, number> {
  rx.verified(path, secret); // throws on any request whose signature does not verify
  const counts = new Map<string, number>();
  for (const r of rx.at(path)) {
    if (r.status < 200 || r.status > 299) continue;
    const id = r.headers['webhook-id']!;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** The ids of the tenant's outbox events (test events excluded: none are sent in these tests). */
export async function outboxIds(db: Db, tenantId: string): Promise<Set<string>> {
  const rows: { id: string }[] = await db('webhook_events').where({ tenant_id: tenantId }).select('id');
  return new Set(rows.map((r) => r.id));
}

export const missingFrom = (expected: Set<string>, got: Map<string, number>) =>
  [...expected].filter((id) => !got.has(id));

export const duplicatesIn = (got: Map<string, number>) => [...got].filter(([, n]) => n > 1);

export interface LoggedAttempt {
  eventId: string;
  attempt: number;
  statusCode: number | null;
  error: string | null;
  outcome: string;
}

const DELIVERIES = `query D($endpointId: ID!, $first: Int, $after: String) {
  webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {
    items { eventId attempt statusCode error outcome } endCursor hasNextPage } }`;

/** Every row of an endpoint's public delivery log (GraphQL `webhookDeliveries`, all pages). */
export async function deliveryLog(api: string, tenant: PortalTenant, endpointId: string) {
  const rows: LoggedAttempt[] = [];
  let after: string | undefined;
  for (;;) {
    const res = await postJson(
      `${api}/graphql`,
      { query: DELIVERIES, variables: { endpointId, first: 100, after } },
      { authorization: basic(tenant.apiKey) },
    );
    expect(res.json.errors).toBeUndefined();
    const page = res.json.data.webhookDeliveries as {
      items: LoggedAttempt[];
      endCursor: string;
      hasNextPage: boolean;
    };
    rows.push(...page.items);
    if (!page.hasNextPage) return rows;
    after = page.endCursor;
  }
}

/** A new endpoint of the tenant for every event type; its id and signing secret. */
export async function createEndpoint(api: string, tenant: PortalTenant, url: string) {
  const res = await postJson(
    `${api}/graphql`,
    {
      query: `mutation C($input: CreateWebhookEndpointInput!) {
        createWebhookEndpoint(input: $input) { id secret } }`,
      variables: { input: { url, eventTypes: [] } },
    },
    { authorization: basic(tenant.apiKey) },
  );
  expect(res.json.errors).toBeUndefined();
  return res.json.data.createWebhookEndpoint as { id: string; secret: string };
}

/** PUT an identification (REST), answering the status and body. */
export async function identify(
  api: string,
  tenant: PortalTenant,
  accountId: string,
  userId: string,
  body: Json = {},
) {
  const enc = encodeURIComponent;
  const res = await fetch(`${api}/open/account/${enc(accountId)}/user/${enc(userId)}`, {
    method: 'PUT',
    headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
}

/**
 * An identification as a merchant's server sends it: a 503 (the change is saved, the referral lifecycle
 * was not reached in time) is retried, as its message asks, up to 5 times a second apart. Answers the
 * last answer and how many 503s came before it.
 */
export async function identifyRetrying(
  api: string,
  tenant: PortalTenant,
  accountId: string,
  userId: string,
  body: Json,
) {
  let retried = 0;
  for (;;) {
    const res = await identify(api, tenant, accountId, userId, body);
    if (res.status !== 503 || retried === 5) return { ...res, retried };
    retried += 1;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * The i-th action of a steady mix: a new user (user.created); every third one referred by one of the
 * referrers' codes (also referral.started, reward.created); every sixth then converting (PAID: also
 * referral.converted and the referrer's reward.created). Answers each call's final status and retries.
 */
export async function mixedAction(api: string, tenant: PortalTenant, codes: string[], i: number) {
  const accountId = uid('acct');
  const userId = uid('user');
  const referred = i % 3 === 0;
  const body: Json = referred ? { referredByCode: codes[i % codes.length] } : { firstName: `User ${i}` };
  const answers = [await identifyRetrying(api, tenant, accountId, userId, body)];
  if (referred && i % 6 === 0) {
    answers.push(await identifyRetrying(api, tenant, accountId, userId, { accountStatus: 'PAID' }));
  }
  return answers.map((a) => ({ status: a.status, retried: a.retried }));
}

/**
 * Runs `action(i)` at `perSecond` for `durationMs` without waiting for each to finish (at most
 * `maxInFlight` at once: a slower system gets fewer, never a pile-up), then waits for all.
 */
export async function pacedLoad<T>(
  perSecond: number,
  durationMs: number,
  action: (i: number) => Promise<T>,
  maxInFlight = 32,
): Promise<T[]> {
  const started = Date.now();
  const inFlight = new Set<Promise<T>>();
  const all: Promise<T>[] = [];
  for (let i = 0; Date.now() - started < durationMs; i += 1) {
    const due = started + (i * 1000) / perSecond;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    const p = action(i);
    all.push(p);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => undefined);
  }
  return Promise.all(all);
}

/** Polls `check` every 250 ms until it is true or `ms` passed; answers whether it became true. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Polls `remaining` every 250 ms until it is 0; gives up when it has not gone down for `stallMs` or
 * `maxMs` passed. Answers whether it reached 0: a backlog that drains slowly on a busy machine passes,
 * one that stops draining (something lost) fails within `stallMs`.
 */
export async function drains(
  remaining: () => Promise<number>,
  { stallMs, maxMs }: { stallMs: number; maxMs: number },
): Promise<boolean> {
  const deadline = Date.now() + maxMs;
  let best = Infinity;
  let lastProgress = Date.now();
  for (;;) {
    const left = await remaining();
    if (left === 0) return true;
    if (left < best) [best, lastProgress] = [left, Date.now()];
    if (Date.now() > deadline || Date.now() - lastProgress > stallMs) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Why events have not arrived at an endpoint, for a failure message: how many are still undispatched
 * in the outbox, and the latest logged outcome (with its attempt number) of the others.
 */
export async function explainMissing(
  db: Db,
  endpointId: string,
  missing: string[],
  temporal?: Client,
): Promise<string> {
  if (missing.length === 0) return 'nothing missing';
  const undispatched: { id: string }[] = await db('webhook_events')
    .whereIn('id', missing)
    .whereNull('dispatched_at')
    .select('id');
  const latest: { event_id: string; attempt: number; outcome: string; started_at: Date }[] = await db
    .from('webhook_deliveries')
    .where({ endpoint_id: endpointId })
    .whereIn('event_id', missing)
    .distinctOn('event_id')
    .orderBy([{ column: 'event_id' }, { column: 'started_at', order: 'desc' }])
    .select('event_id', 'attempt', 'outcome', 'started_at');
  const tally = new Map<string, number>();
  for (const r of latest) {
    const key = `${r.outcome}#${r.attempt}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  const newest = Math.max(0, ...latest.map((r) => r.started_at.getTime()));
  return (
    `${missing.length} missing: ${undispatched.length} undispatched, ` +
    `${missing.length - undispatched.length - latest.length} dispatched with no attempt logged, ` +
    `latest attempts ${JSON.stringify(Object.fromEntries(tally))}` +
    (newest ? `, newest ${Date.now() - newest} ms ago` : '') +
    (temporal ? `; workflows: ${await describeDeliveries(temporal, endpointId, missing.slice(0, 3))}` : '')
  );
}

/** What Temporal says of a few events' delivery workflows: status, history length, pending activity. */
async function describeDeliveries(temporal: Client, endpointId: string, eventIds: string[]): Promise<string> {
  const described = await Promise.all(
    eventIds.map(async (eventId) => {
      try {
        const d = await temporal.workflow
          .getHandle(workflowIds.webhookDelivery(endpointId, eventId))
          .describe();
        const pending = d.raw.pendingActivities?.[0];
        const activity = pending
          ? ` activity ${String(pending.state)} attempt ${String(pending.attempt)}` +
            ` last failure ${JSON.stringify(pending.lastFailure?.message ?? null)}`
          : ' no pending activity';
        return `${d.status.name} after ${d.historyLength} events,${activity}`;
      } catch (err) {
        return `not found (${(err as Error).name})`;
      }
    }),
  );
  return described.join(' | ');
}
