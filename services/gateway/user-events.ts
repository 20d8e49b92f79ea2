import { logUserEvents, type LoggedUserEvents, type UserEventBatch } from '../../shared/domain/user-events';
import { userEventMessageId } from '../../shared/temporal/workflow-ids';
import type { AuthenticatedTenant, GatewayDeps } from './context';
import { settleLifecycle } from './lifecycle';

/**
 * Logs user events for REST, GraphQL and the analytics connector. Once the events are committed a 200 is
 * owed: a conversion they caused is delivered to the referral's lifecycle workflow and awaited like a
 * first PAID, but if Temporal cannot be reached the conversion stays marked pending in the same
 * transaction as the events, and the reconciler delivers it; the request still succeeds.
 */
export async function recordUserEvents(
  deps: GatewayDeps,
  tenant: AuthenticatedTenant,
  request: { idempotencyKey: string | null; batches: UserEventBatch[] },
  log: GatewayDeps['logger'],
): Promise<LoggedUserEvents[]> {
  const program = await deps.cache.programSettings(tenant);
  const { results, conversions } = await logUserEvents(deps.db, tenant.id, request, {
    nowMs: deps.now(),
    conversionEventKey: program?.conversionEventKey ?? null,
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
