/** Inputs and results of the e-mail notification workflows and activities (docs/notifications.md). */

/** One message to one recipient: the planned delivery (domain/notifications/notification-plan.ts) and its tenant. */
export interface MailDeliveryInput {
  tenantId: string;
  tenantAlias: string;
  key: string;
  kind: string;
  eventId?: string;
  referralId?: string;
  rewardId?: string;
  accountId?: string;
  programId?: string;
  amountCents?: number;
  currency?: string;
  operatorId?: string;
}

/** What became of it: a delivery status, or SKIPPED when what it was about is gone. */
export interface MailDeliveryResult {
  status: string;
}

/** The mail notifier system workflow's input (its `configure` signal carries the same). */
export interface MailNotifierInput {
  intervalMs: number;
  batchSize: number;
  /** How often the credit-expiry and digest scans run (each once per interval across workers). */
  scanIntervalMs: number;
}

export interface MailNotifierResult {
  /** Outbox events taken this round. */
  events: number;
  started: number;
}
