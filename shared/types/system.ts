/** Arguments and results of the system workflows (imported as types by workflows/). */
export interface SelfCheckInput {
  requestedBy: string;
}

export interface DatabaseCheck {
  database: string;
  migrations: number;
}

export interface SelfCheckResult {
  requestedBy: string;
  database: DatabaseCheck;
}

export interface IdempotencyKeyPrunerInput {
  /** Keys first received longer ago than this are deleted (the 24-hour window plus a clock-skew margin). */
  olderThanMs: number;
  intervalMs: number;
  batchSize: number;
}

export type PruneKeysInput = Pick<IdempotencyKeyPrunerInput, 'olderThanMs' | 'batchSize'>;

export interface RetentionPrunerInput {
  /** Outbound webhook events (and their delivery log) older than this are deleted (WEBHOOK_RETENTION_DAYS). */
  webhookEventsOlderThanMs: number;
  /** Clients users identified from, last seen longer ago than this (SAME_CLIENT looks 30 days back). */
  userClientsOlderThanMs: number;
  intervalMs: number;
  batchSize: number;
}

export type PruneExpiredDataInput = Omit<RetentionPrunerInput, 'intervalMs'>;
