import type { TenantCache } from '../cache/tenant-cache';
import type { UsedKeysCache } from '../cache/used-keys-cache';
import { logUserEvents, type LoggedUserEvents, type UserEventBatch } from '../domain/events/user-events';
import type { Logger } from '../logger';
import { userEventMessageId } from '../temporal/workflow-ids';
import { settleLifecycle, type SettleLifecycleDeps } from './settle-lifecycle';
import type { TenantRef } from './use-case-deps';

export interface RecordUserEventsDeps extends SettleLifecycleDeps {
  /** The tenant's program settings (its conversion event key); the gateway's cache. */
  cache: Pick<TenantCache, 'programSettings'>;
  /** Idempotency keys seen used, so a replay is answered from memory. */
  usedKeys: UsedKeysCache;
  /** Injectable clock (epoch ms): the events' receivedAt and the idempotency window. */
  now: () => number;
}

/**
 * Logs user events for REST, GraphQL and the analytics connector. Once the events are committed a 200 is
 * owed: a conversion they caused is delivered to the referral's lifecycle workflow and awaited like a
 * first PAID, but if Temporal cannot be reached the conversion stays marked pending in the same
 * transaction as the events, and the reconciler delivers it; the request still succeeds.
 */
export async function recordUserEvents(
  deps: RecordUserEventsDeps,
  tenant: TenantRef,
  request: { idempotencyKey: string | null; batches: UserEventBatch[] },
  log: Logger,
): Promise<LoggedUserEvents[]> {
  const program = await deps.cache.programSettings(tenant);
  const { results, conversions } = await logUserEvents(deps.db, tenant.id, request, {
    nowMs: deps.now(),
    conversionEventKey: program?.conversionEventKey ?? null,
    paymentEventKey: program?.paymentEventKey ?? null,
    usedKeys: deps.usedKeys,
  });
  const settled = await Promise.allSettled(
    conversions.map((c) =>
      settleLifecycle(deps, tenant, c.outcome, {
        eventId: userEventMessageId(tenant.alias, request.idempotencyKey, c.eventId),
      }),
    ),
  );
  for (const s of settled) {
    if (s.status === 'rejected') {
      log.warn({ err: s.reason }, 'conversion by event saved; the reconciler will deliver it');
    }
  }
  return results;
}
