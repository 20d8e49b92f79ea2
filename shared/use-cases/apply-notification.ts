import type { Db } from '../db/knex';
import { applyNotification } from '../domain/processors/notification-effects';
import type { PaymentProcessor } from '../processors/payment-processor';
import { createReferralsRepo } from '../repos/referrals.repo';
import { requestDiscountSync } from '../temporal/processor-workflows';
import type { NotificationOutcome, NotificationWorkflowInput } from '../types/processors';
import { messageLifecycle } from './settle-lifecycle';
import type { WorkflowMessaging } from './use-case-deps';

/**
 * Applies a stored notification (once: the outcome is committed with the account change), then passes
 * its consequences on: the referral lifecycle if the change left one pending, and the discount sync.
 * Both are idempotent, so a retried attempt repeats them safely; a failure to reach Temporal throws.
 */
export async function applyStoredNotification(
  deps: WorkflowMessaging & { db: Db },
  processor: PaymentProcessor | null,
  input: NotificationWorkflowInput,
): Promise<NotificationOutcome> {
  const outcome = await applyNotification(deps.db, processor, input.tenantId, input.notificationId);
  if (!outcome.accountId) return outcome;
  const referral = await createReferralsRepo(deps.db).findByReferredAccount(
    input.tenantId,
    outcome.accountId,
  );
  // Waited (an update), so a completed notification workflow means its conversion or end is committed.
  if (referral?.lifecycle_pending_since) {
    await messageLifecycle(
      deps,
      { id: input.tenantId, alias: input.tenantAlias },
      referral,
      { eventId: `notification:${input.notificationId}`, kind: 'reconcile' },
      { wait: true, timeoutMs: 30_000 },
    );
  }
  if (outcome.syncDiscount) {
    await requestDiscountSync(
      deps.temporal,
      deps.metrics,
      { tenantId: input.tenantId, tenantAlias: input.tenantAlias, accountId: outcome.accountId },
      { reason: `notification ${input.notificationId}` },
    );
  }
  return outcome;
}
