import type { SecretBox } from '../shared/crypto/secret-box';
import type { Db } from '../shared/db/knex';
import { syncAccountDiscount } from '../shared/domain/discount-sync';
import { applyNotification } from '../shared/domain/notification-effects';
import { openProcessor } from '../shared/domain/processor-notifications';
import type { Metrics } from '../shared/metrics';
import type { PaymentProcessor, PaymentProcessorFactory } from '../shared/processors/payment-processor';
import { createAccountsRepo } from '../shared/repos/accounts.repo';
import { createProcessorConnectionsRepo } from '../shared/repos/processor-connections.repo';
import { createProcessorNotificationsRepo } from '../shared/repos/processor-notifications.repo';
import { createReferralsRepo } from '../shared/repos/referrals.repo';
import type { TemporalDeps } from '../shared/temporal/client';
import { requestDiscountSync, startNotificationWorkflow } from '../shared/temporal/processor-workflows';
import { deliverLifecycleMessage } from '../shared/temporal/referral-lifecycle';
import type {
  DiscountSyncResult,
  DispatchInput,
  NotificationOutcome,
  NotificationWorkflowInput,
} from '../shared/types/processors';
import type { NudgeResult } from '../shared/types/referrals';

export interface ProcessorActivityDeps {
  db: Db;
  temporal?: TemporalDeps;
  metrics?: Metrics;
  secretBox?: SecretBox;
  processors?: PaymentProcessorFactory;
  processorOptions?: { baseUrl?: string; timeoutMs: number };
}

export function createProcessorActivities(deps: ProcessorActivityDeps) {
  const messaging = () => {
    if (!deps.temporal || !deps.metrics) throw new Error('this activity needs a Temporal client');
    return { temporal: deps.temporal, metrics: deps.metrics };
  };
  const processorFor = (tenantId: string): Promise<PaymentProcessor | null> => {
    if (!deps.processors) throw new Error('processor activities need a processor factory');
    return openProcessor(
      { db: deps.db, secretBox: deps.secretBox, processors: deps.processors },
      tenantId,
      deps.processorOptions ?? { timeoutMs: 10_000 },
    );
  };

  /** Asks for the account's discount sync when there is something to sync: a connection and a customer. */
  async function requestSyncIfConnected(
    target: { tenantId: string; tenantAlias: string; accountId: string },
    reason: string,
  ): Promise<boolean> {
    const [connection, account] = await Promise.all([
      createProcessorConnectionsRepo(deps.db).find(target.tenantId),
      createAccountsRepo(deps.db).find(target.tenantId, target.accountId),
    ]);
    if (!connection || !account?.payment_provider_id) return false;
    const { temporal, metrics } = messaging();
    await requestDiscountSync(temporal, metrics, target, { reason });
    return true;
  }

  return {
    /**
     * Applies a stored notification (once: the outcome is committed with the account change), then
     * passes its consequences on: the referral lifecycle if the change left one pending, and the discount
     * sync. Both are idempotent, so a retried attempt repeats them safely.
     */
    async applyProcessorNotification(input: NotificationWorkflowInput): Promise<NotificationOutcome> {
      const processor = await processorFor(input.tenantId);
      const outcome = await applyNotification(deps.db, processor, input.tenantId, input.notificationId);
      if (!outcome.accountId) return outcome;
      const referral = await createReferralsRepo(deps.db).findByReferredAccount(
        input.tenantId,
        outcome.accountId,
      );
      const { temporal, metrics } = messaging();
      // Waited (an update), so a completed notification workflow means its conversion or end is committed.
      if (referral?.lifecycle_pending_since) {
        await deliverLifecycleMessage(
          temporal,
          metrics,
          {
            tenantId: input.tenantId,
            tenantAlias: input.tenantAlias,
            accountId: outcome.accountId,
            referralId: referral.id,
            referrerUserId: referral.referrer_user_id,
            code: referral.referral_code_used,
          },
          { eventId: `notification:${input.notificationId}`, kind: 'reconcile' },
          { wait: true, timeoutMs: 30_000 },
        );
      }
      if (outcome.syncDiscount) {
        await requestDiscountSync(
          temporal,
          metrics,
          { tenantId: input.tenantId, tenantAlias: input.tenantAlias, accountId: outcome.accountId },
          { reason: `notification ${input.notificationId}` },
        );
      }
      return outcome;
    },

    /** Converges the processor's discounts and refunds for one account to our state; idempotent. */
    async syncAccountDiscount(input: { tenantId: string; accountId: string }): Promise<DiscountSyncResult> {
      return syncAccountDiscount(deps.db, await processorFor(input.tenantId), input);
    },

    /** From the referral lifecycle: a referrer's credit changed, so its discount at the processor must follow. */
    async requestReferrerDiscountSync(input: {
      tenantId: string;
      tenantAlias: string;
      accountId: string;
      reason: string;
    }): Promise<boolean> {
      return requestSyncIfConnected(input, input.reason);
    },

    /**
     * The safety net behind "acknowledge after storing": starts the workflows of stored notifications that
     * no gateway handed over (it crashed, or Temporal was down), oldest first.
     */
    async dispatchStoredNotifications(input: DispatchInput): Promise<NudgeResult> {
      const { temporal, metrics } = messaging();
      const repo = createProcessorNotificationsRepo(deps.db);
      const rows = await repo.listUndispatched(new Date(Date.now() - input.graceMs), input.batchSize);
      let delivered = 0;
      let failed = 0;
      for (let i = 0; i < rows.length; i += input.concurrency) {
        const batch = rows.slice(i, i + input.concurrency);
        const results = await Promise.allSettled(
          batch.map((row) => startNotificationWorkflow(temporal, metrics, row)),
        );
        const ok = batch.filter((_, j) => results[j]!.status === 'fulfilled').map((row) => row.id);
        await repo.markDispatched(ok);
        delivered += ok.length;
        failed += batch.length - ok.length;
      }
      return { found: rows.length, delivered, failed };
    },
  };
}
