/**
 * Arguments and results of the outbound webhook workflows, imported as types by workflows/.
 */
/**
 * What an attempt came to. UNKNOWN: logged before its request was sent and never completed (in flight
 * now, or its worker stopped before the answer was recorded); the delivery goes on with the same webhook-id.
 */
export type WebhookOutcome = 'SUCCEEDED' | 'FAILED' | 'GONE' | 'ABANDONED' | 'UNKNOWN';

export interface WebhookDeliveryInput {
  tenantId: string;
  tenantAlias: string;
  endpointId: string;
  eventId: string;
  /** Delay before each attempt, in ms (the first is usually 0); its length is the number of attempts. */
  scheduleMs: number[];
  /**
   * The 1-based attempt this workflow starts at: 2 when the dispatcher already made the first attempt
   * itself (inline, in its batch) and it failed; 1 when absent.
   */
  firstAttempt?: number;
}

export interface WebhookAttemptInput {
  tenantId: string;
  endpointId: string;
  eventId: string;
  /** 1-based. */
  attempt: number;
  /** Whether a failure of this attempt ends the delivery (ABANDONED rather than FAILED). */
  last: boolean;
}

/**
 * One attempt's result. SKIPPED: nothing was sent, because the endpoint is disabled or deleted or the
 * event is gone; the workflow stops.
 */
export interface WebhookAttemptResult {
  outcome: WebhookOutcome | 'SKIPPED';
  statusCode: number | null;
}

export interface WebhookDeliveryResult {
  outcome: WebhookOutcome | 'SKIPPED';
  attempts: number;
}

export interface WebhookDispatchInput {
  batchSize: number;
  /** Workflow starts in flight at once. */
  concurrency: number;
  /** Inline first attempts (HTTP requests) in flight at once, over all endpoints; 0 sends none inline. */
  inlineConcurrency?: number;
  scheduleMs: number[];
}

export interface WebhookDispatchResult {
  /** Outbox rows read. */
  found: number;
  /** First attempts made inline that ended the delivery (SUCCEEDED, GONE). */
  delivered?: number;
  /** Delivery workflows started (or found already started). */
  started: number;
  /** Rows left undispatched because a start failed (taken again next round). */
  failed: number;
}

/** An endpoint the delivery disabled, as the operators' Temporal entry records it. */
export interface WebhookEndpointDisabledInput {
  tenantAlias: string;
  endpointId: string;
  reason: string;
  /** When it was disabled, ms since the epoch. */
  disabledAt: number;
}
