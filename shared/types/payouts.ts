/** Arguments and results of the payout run workflow and its activities (imported as types by workflows/). */

export interface PayoutRunRef {
  tenantId: string;
  tenantAlias: string;
  runId: string;
}

export interface PayoutRunInput extends PayoutRunRef {
  /** How long between two polls of the payouts still on their way (PAYOUT_POLL_INTERVAL_MS). */
  pollIntervalMs: number;
  /**
   * How long a provider call may go without a heartbeat before Temporal retries it (PAYOUT_HEARTBEAT_TIMEOUT_MS):
   * a worker killed during a send is retried within seconds, and the retry is answered from the provider's
   * idempotency. Absent on runs started before it existed: the start-to-close timeout alone.
   */
  heartbeatTimeoutMs?: number;
  /** Where an earlier run of this workflow stopped, on continue-as-new. */
  resume?: { reservedAfter?: string; reserved?: boolean; sentBatches?: number; sending?: boolean };
}

export type PayoutRunStatus =
  'RESERVING' | 'AWAITING_APPROVAL' | 'SENDING' | 'SETTLING' | 'COMPLETED' | 'CANCELLED';

export interface ReservePageResult {
  next: string | null;
  reserved: number;
}

export interface CloseReservationResult {
  batches: number;
  status: PayoutRunStatus;
}

export type PayoutRunDecision = 'APPROVED' | 'CANCELLED' | 'WAITING';

/** The payout scheduler's input: how often it looks for programs whose weekly or monthly run is due. */
export interface PayoutSchedulerInput {
  intervalMs: number;
}
