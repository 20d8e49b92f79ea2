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
