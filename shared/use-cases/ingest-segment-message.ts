import { identifyUser } from '../domain/accounts/identification';
import { shareLink } from '../domain/accounts/user-view';
import type { SegmentCommand, SegmentOutcome } from '../domain/analytics/segment';
import type { Logger } from '../logger';
import { recordUserEvents, type RecordUserEventsDeps } from './record-user-events';
import { settleLifecycle } from './settle-lifecycle';
import type { TenantRef } from './use-case-deps';

/**
 * Applies one analytics-connector (Segment) message: a track logs the user's events, an identify upserts
 * the user. A message is accepted once it is committed: an identify's lifecycle that cannot be reached
 * now is left to the reconciler. A failure of the message's own content throws as on its own route (the
 * caller maps it with messageFailure).
 */
export async function ingestSegmentMessage(
  deps: RecordUserEventsDeps & { publicUrl: string },
  tenant: TenantRef,
  command: SegmentCommand,
  log: Logger,
): Promise<SegmentOutcome> {
  switch (command.kind) {
    case 'ignored':
      return { status: 'ignored' };
    case 'invalid':
      return {
        status: 'rejected',
        apiErrorCode: 'VALIDATION_FAILED',
        message: `Invalid input: ${command.validationErrors.map((v) => v.path).join(', ')}`,
        validationErrors: command.validationErrors,
      };
    case 'track': {
      const [logged] = await recordUserEvents(
        deps,
        tenant,
        { idempotencyKey: command.idempotencyKey, batches: [command.batch] },
        log,
      );
      return { status: 'accepted', eventIds: logged!.events.map((e) => e.id) };
    }
    case 'identify': {
      const format = await deps.cache.programSettings(tenant);
      const outcome = await identifyUser(deps.db, tenant.id, command.ids, command.body, (code) =>
        shareLink(deps.publicUrl, tenant.alias, code, format),
      );
      // Committed: a lifecycle that cannot be reached now is delivered by the reconciler.
      await settleLifecycle(deps, tenant, outcome).catch((err: unknown) =>
        log.warn({ err }, 'identify saved; the reconciler will deliver its lifecycle change'),
      );
      return { status: 'accepted' };
    }
  }
}
