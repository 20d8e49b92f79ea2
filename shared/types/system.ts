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
