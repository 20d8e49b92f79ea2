import type http from 'node:http';
import type { SecretBox } from '../crypto/secret-box';
import type { Db } from '../db/knex';
import {
  boundError,
  boundExcerpt,
  classifyWebhookAnswer,
  failingLongEnough,
  WEBHOOK_ATTEMPT_TIMEOUT_MS,
  WEBHOOK_EXCERPT_BYTES,
  WEBHOOK_FAILING_DISABLE_MS,
} from '../domain/webhooks/webhook-delivery';
import { signWebhook } from '../domain/webhooks/webhook-signing';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import { UnsafeUrlError, vetWebhookUrl, type ResolvedAddress, type VettedUrl } from '../net/url-guard';
import { postWebhook, type WebhookPostResult } from '../net/webhook-post';
import { createWebhookDeliveriesRepo, type WebhookDeliveryRow } from '../repos/webhook-deliveries.repo';
import { createTenantsRepo } from '../repos/tenants.repo';
import { createWebhookEndpointsRepo, type WebhookEndpointRow } from '../repos/webhook-endpoints.repo';
import type { TemporalDeps } from '../temporal/client';
import { noteWebhookEndpointDisabled } from '../temporal/webhook-delivery';
import type { WebhookOutcome } from '../types/webhooks';

/** What sending and recording webhook attempts needs (the worker's activities provide it). */
export interface WebhookSendDeps {
  db: Db;
  secretBox: SecretBox | undefined;
  metrics: Metrics;
  logger?: Logger;
  webhooks: { allowHttp: boolean; allowPrivateAddresses: boolean };
  /** DNS for the guard (tests); the system resolver otherwise. */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  timeoutMs?: number;
  now?: () => number;
  /** Where an endpoint's disabling is recorded for operators (the worker has it; tests may leave it out). */
  temporal?: TemporalDeps;
}

/** An endpoint's URL as the SSRF guard judged it just now: vetted, or refused with a tenant-safe reason. */
export type VetResult = { vetted: VettedUrl } | { refused: string };

export async function vetEndpointUrl(deps: WebhookSendDeps, url: string): Promise<VetResult> {
  try {
    return {
      vetted: await vetWebhookUrl(url, {
        allowHttp: deps.webhooks.allowHttp,
        allowPrivateAddresses: deps.webhooks.allowPrivateAddresses,
        lookup: deps.lookup,
      }),
    };
  } catch (err) {
    if (!(err instanceof UnsafeUrlError)) throw err;
    return { refused: `refused by the URL guard: ${err.message}` };
  }
}

/** One attempt as it goes into the log (the row without its id). */
export type WebhookAttempt = Omit<WebhookDeliveryRow, 'id'>;

/** An attempt and, when it was logged as started (startWebhookAttempts), its row's id. */
export type LoggedWebhookAttempt = WebhookAttempt & { id?: string };

/** The log row of an attempt about to be sent: outcome UNKNOWN until completed. */
export function startedAttempt(
  event: { id: string },
  attempt: { tenantId: string; endpointId: string; number: number },
  at: number,
): WebhookAttempt {
  return {
    tenant_id: attempt.tenantId,
    endpoint_id: attempt.endpointId,
    event_id: event.id,
    attempt: attempt.number,
    started_at: new Date(at),
    status_code: null,
    latency_ms: 0,
    response_excerpt: null,
    error: null,
    outcome: 'UNKNOWN',
  };
}

/**
 * Logs attempts as started before their requests go out (one statement), so that a request that
 * reached a receiver is in the log even if the worker dies before its answer is recorded.
 * Answers their row ids, in order, for recordWebhookAttempts to complete.
 */
export async function startWebhookAttempts(
  deps: Pick<WebhookSendDeps, 'db'>,
  attempts: WebhookAttempt[],
): Promise<string[]> {
  return createWebhookDeliveriesRepo(deps.db).startMany(attempts);
}

/**
 * One signed POST of an event's payload (its JSON text, `webhook-id` = the event id) to a vetted URL,
 * signed with every current secret; a refused URL is a failed attempt that sent nothing.
 */
export async function sendWebhookAttempt(
  deps: Pick<WebhookSendDeps, 'timeoutMs' | 'now'>,
  target: { url: VetResult; secrets: string[]; agent?: http.Agent },
  event: { id: string; payload: unknown },
  attempt: { tenantId: string; endpointId: string; number: number; last: boolean },
): Promise<WebhookAttempt> {
  const now = deps.now ?? Date.now;
  const started = now();
  let result: WebhookPostResult;
  if ('refused' in target.url) {
    result = { statusCode: null, answer: Buffer.alloc(0), error: target.url.refused };
  } else {
    const body = JSON.stringify(event.payload);
    const headers = signWebhook({
      id: event.id,
      timestamp: Math.floor(started / 1000),
      body,
      secrets: target.secrets,
    });
    result = await postWebhook(
      target.url.vetted,
      body,
      { ...headers },
      {
        timeoutMs: deps.timeoutMs ?? WEBHOOK_ATTEMPT_TIMEOUT_MS,
        maxAnswerBytes: WEBHOOK_EXCERPT_BYTES,
        agent: target.agent,
      },
    );
  }
  return {
    tenant_id: attempt.tenantId,
    endpoint_id: attempt.endpointId,
    event_id: event.id,
    attempt: attempt.number,
    started_at: new Date(started),
    status_code: result.statusCode,
    latency_ms: Math.max(0, now() - started),
    response_excerpt: result.statusCode === null ? null : boundExcerpt(result.answer),
    error: result.error === null ? null : boundError(result.error),
    outcome: classifyWebhookAnswer(result.statusCode, attempt.last),
  };
}

const GONE_REASON = 'The endpoint answered 410 Gone';
const FAILING_REASON = `Every delivery failed for ${WEBHOOK_FAILING_DISABLE_MS / 3_600_000} hours`;

/**
 * Writes attempts to the log (one statement: completes those started with an id, inserts the others;
 * a batch has one kind), counts them, and applies what they mean for their
 * endpoints: a 410 disables the endpoint; a failure disables it when every attempt since its last
 * success (or change) failed for three days. Each disabling is logged and recorded for operators as a
 * `webhook` entry in Temporal's UI.
 */
export async function recordWebhookAttempts(
  deps: Pick<WebhookSendDeps, 'db' | 'metrics' | 'logger' | 'now' | 'temporal'>,
  attempts: LoggedWebhookAttempt[],
  endpoints: Map<string, Pick<WebhookEndpointRow, 'id' | 'tenant_id' | 'updated_at'>>,
): Promise<void> {
  if (attempts.length === 0) return;
  const deliveries = createWebhookDeliveriesRepo(deps.db);
  const started = attempts.filter((a): a is WebhookDeliveryRow => a.id !== undefined);
  await deliveries.completeMany(started);
  await deliveries.insertMany(attempts.filter((a) => a.id === undefined));
  const byOutcome = new Map<WebhookOutcome, WebhookAttempt[]>();
  for (const a of attempts) {
    byOutcome.set(a.outcome, [...(byOutcome.get(a.outcome) ?? []), a]);
    deps.metrics.webhookDeliveries.inc({ outcome: a.outcome });
    deps.metrics.webhookAttemptDuration.observe({ outcome: a.outcome }, a.latency_ms / 1000);
  }
  const gone = new Set((byOutcome.get('GONE') ?? []).map((a) => a.endpoint_id));
  const failing = new Set(
    attempts.filter((a) => a.outcome === 'FAILED' || a.outcome === 'ABANDONED').map((a) => a.endpoint_id),
  );
  const now = (deps.now ?? Date.now)();
  for (const endpointId of gone) await disable(deps, endpoints.get(endpointId)!, GONE_REASON, now);
  for (const endpointId of failing) {
    if (gone.has(endpointId)) continue;
    const endpoint = endpoints.get(endpointId)!;
    const oldest = await deliveries.oldestFailureSince(endpoint.tenant_id, endpointId, endpoint.updated_at);
    if (failingLongEnough(oldest, now)) await disable(deps, endpoint, FAILING_REASON, now);
  }
}

/** Disables an endpoint for a reason the tenant sees, and records it for operators in Temporal's UI. */
async function disable(
  deps: Pick<WebhookSendDeps, 'db' | 'metrics' | 'logger' | 'temporal'>,
  endpoint: Pick<WebhookEndpointRow, 'id' | 'tenant_id'>,
  reason: string,
  now: number,
): Promise<void> {
  const changed = await createWebhookEndpointsRepo(deps.db).update(endpoint.tenant_id, endpoint.id, {
    enabled: { value: false, reason },
  });
  deps.logger?.warn({ endpointId: endpoint.id, reason }, 'webhook endpoint disabled');
  if (!changed || !deps.temporal) return;
  const tenant = await createTenantsRepo(deps.db).findById(endpoint.tenant_id);
  if (!tenant) return;
  await noteWebhookEndpointDisabled(deps.temporal, deps.metrics, {
    tenantAlias: tenant.alias,
    endpointId: endpoint.id,
    reason,
    disabledAt: now,
  });
}
