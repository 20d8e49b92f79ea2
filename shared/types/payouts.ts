/** Arguments and results of the payout run workflow and its activities (imported as types by workflows/). */

export interface PayoutRunRef {
  tenantId: string;
  tenantAlias: string;
  runId: string;
}

export interface PayoutRunInput extends PayoutRunRef {
  /** How long between two polls of the payouts still on their way (PAYOUT_POLL_INTERVAL_MS). */
  pollIntervalMs: number;
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
