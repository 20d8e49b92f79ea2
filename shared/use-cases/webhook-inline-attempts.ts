import type http from 'node:http';
import type { WebhookEndpointHealth } from '../domain/webhooks/webhook-endpoint-health';
import { openWebhookSigningSecrets } from '../domain/webhooks/webhook-endpoints';
import { mapLimited } from '../net/each-limited';
import { webhookAgent } from '../net/webhook-post';
import type { WebhookEndpointRow } from '../repos/webhook-endpoints.repo';
import type { UndispatchedWebhookEvent } from '../repos/webhook-events.repo';
import {
  sendWebhookAttempt,
  startedAttempt,
  vetEndpointUrl,
  type LoggedWebhookAttempt,
  type VetResult,
  type WebhookAttempt,
  type WebhookSendDeps,
} from './webhook-send';

/** One event for one endpoint; `attempt` 1 unless an earlier one's outcome is UNKNOWN. */
export interface WebhookPair {
  event: UndispatchedWebhookEvent;
  endpoint: WebhookEndpointRow;
  attempt?: number;
}

interface Target {
  url: VetResult;
  secrets: string[];
  agent?: http.Agent;
}

/** While a batch runs, its attempts are logged this many at a time, or after this long. */
const RECORD_EVERY = 50;
const RECORD_AFTER_MS = 50;

/** Connections one endpoint gets from one batch at most. */
const MAX_SOCKETS_PER_ENDPOINT = 16;

/**
 * The first attempts of a dispatcher batch, made by the batch itself (for the outbound webhooks' throughput target):
 * each endpoint's URL is vetted by the SSRF guard once for the batch and its secrets opened once, its
 * requests share a few keep-alive connections to the vetted address, and at most `concurrency` requests
 * are in flight in all. Answers the attempts in the pairs' order, once `record` has logged them all;
 * each endpoint's health notes how its attempts went.
 */
export async function makeInlineFirstAttempts(
  deps: WebhookSendDeps & { health: WebhookEndpointHealth },
  pairs: WebhookPair[],
  options: {
    concurrency: number;
    /** Attempts in the retry schedule: an attempt with this number is the last. */
    scheduleLength: number;
    /**
     * Logs every attempt as started (outcome UNKNOWN) in one statement before any request goes out and
     * answers the rows' ids: a request in flight when the worker dies is then in the log.
     */
    start: (attempts: WebhookAttempt[]) => Promise<string[]>;
    /**
     * Completes the started rows as attempts finish (RECORD_EVERY at a time, or every RECORD_AFTER_MS), so
     * that a batch taken again after a crash skips what was already logged, and hands what was in flight
     * (still UNKNOWN) to a delivery workflow, which sends it again with the same webhook-id.
     */
    record: (attempts: LoggedWebhookAttempt[]) => Promise<void>;
  },
): Promise<LoggedWebhookAttempt[]> {
  const counts = new Map<string, number>();
  for (const { endpoint } of pairs) counts.set(endpoint.id, (counts.get(endpoint.id) ?? 0) + 1);
  const targets = new Map<string, Target>();
  for (const { endpoint } of pairs) {
    if (targets.has(endpoint.id)) continue;
    const url = await vetEndpointUrl(deps, endpoint.url);
    const count = counts.get(endpoint.id)!;
    targets.set(endpoint.id, {
      url,
      secrets: openWebhookSigningSecrets(deps, endpoint),
      agent:
        'vetted' in url ? webhookAgent(url.vetted, Math.min(count, MAX_SOCKETS_PER_ENDPOINT)) : undefined,
    });
  }
  const now = deps.now ?? Date.now;
  const meta = ({ event, endpoint, attempt = 1 }: WebhookPair) => ({
    tenantId: event.tenant_id,
    endpointId: endpoint.id,
    number: attempt,
    last: attempt >= options.scheduleLength,
  });
  const unrecorded: LoggedWebhookAttempt[] = [];
  let lastRecord = now();
  try {
    const startedAt = now();
    const ids = await options.start(pairs.map((pair) => startedAttempt(pair.event, meta(pair), startedAt)));
    const indexed = pairs.map((pair, i) => ({ pair, id: ids[i] }));
    const attempts = await mapLimited(indexed, options.concurrency, async ({ pair, id }) => {
      const { event, endpoint } = pair;
      const sent = await sendWebhookAttempt(deps, targets.get(endpoint.id)!, event, meta(pair));
      const attempt: LoggedWebhookAttempt = { ...sent, id };
      deps.health.record(endpoint.id, attempt.outcome === 'SUCCEEDED', attempt.latency_ms, now());
      unrecorded.push(attempt);
      if (unrecorded.length >= RECORD_EVERY || now() - lastRecord >= RECORD_AFTER_MS) {
        lastRecord = now();
        await options.record(unrecorded.splice(0));
      }
      return attempt;
    });
    await options.record(unrecorded.splice(0));
    return attempts;
  } finally {
    for (const target of targets.values()) target.agent?.destroy();
  }
}
