import type {
  MailDeliveryInput,
  MailDeliveryResult,
  MailNotifierInput,
  MailNotifierResult,
} from '../shared/types/notifications';
import type { ChunksResult, FinishInput, ImportJobRef, PrepareResult } from '../shared/types/imports';
import type {
  DiscountSyncResult,
  DispatchInput,
  NotificationOutcome,
  NotificationWorkflowInput,
} from '../shared/types/processors';
import type {
  CloseReservationResult,
  PayoutRunDecision,
  PayoutRunRef,
  ReservePageResult,
} from '../shared/types/payouts';
import type { NudgeInput, NudgeResult, ReconcileInput, ReferralSnapshot } from '../shared/types/referrals';
import type { DatabaseCheck, PruneExpiredDataInput, PruneKeysInput } from '../shared/types/system';
import type {
  WebhookAttemptInput,
  WebhookAttemptResult,
  WebhookDispatchInput,
  WebhookDispatchResult,
} from '../shared/types/webhooks';

/**
 * Every activity the worker registers, as the workflows see it (proxyActivities<Activities>). Written out
 * rather than inferred from the implementations, so workflows depend on shared/types only, not on the
 * activities' own imports (which reach shared/temporal and, from there, the workflows again);
 * createActivities is checked against it.
 */
export interface Activities {
  checkDatabase(): Promise<DatabaseCheck>;
  reconcileReferral(input: ReconcileInput): Promise<ReferralSnapshot | null>;
  nudgeStaleReferrals(input: NudgeInput): Promise<NudgeResult>;
  pruneIdempotencyKeys(input: PruneKeysInput): Promise<number>;
  prepareImportJob(input: ImportJobRef): Promise<PrepareResult>;
  importChunks(input: ImportJobRef): Promise<ChunksResult>;
  finishImportJob(input: FinishInput): Promise<void>;
  applyProcessorNotification(input: NotificationWorkflowInput): Promise<NotificationOutcome>;
  syncAccountDiscount(input: { tenantId: string; accountId: string }): Promise<DiscountSyncResult>;
  requestReferrerDiscountSync(input: {
    tenantId: string;
    tenantAlias: string;
    accountId: string;
    reason: string;
  }): Promise<boolean>;
  dispatchStoredNotifications(input: DispatchInput): Promise<NudgeResult>;
  attemptWebhookDelivery(input: WebhookAttemptInput): Promise<WebhookAttemptResult>;
  dispatchWebhookEvents(input: WebhookDispatchInput): Promise<WebhookDispatchResult>;
  pruneExpiredData(input: PruneExpiredDataInput): Promise<number>;
  reservePayoutPage(input: { ref: PayoutRunRef; after: string }): Promise<ReservePageResult>;
  closePayoutReservation(input: PayoutRunRef): Promise<CloseReservationResult>;
  payoutRunDecision(input: PayoutRunRef): Promise<PayoutRunDecision>;
  markPayoutRunSending(input: PayoutRunRef): Promise<void>;
  sendPayoutBatch(input: { ref: PayoutRunRef; batchNo: number }): Promise<number>;
  pollPayoutRun(input: PayoutRunRef): Promise<number>;
  finishPayoutRun(input: PayoutRunRef): Promise<void>;
  startScheduledPayoutRuns(input: Record<string, never>): Promise<number>;
  deliverMail(input: MailDeliveryInput): Promise<MailDeliveryResult>;
  runMailNotifier(input: MailNotifierInput): Promise<MailNotifierResult>;
}
