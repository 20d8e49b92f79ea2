/** Arguments and results of the import job workflow and its activities (imported as types by workflows/). */
export interface ImportJobInput {
  tenantId: string;
  tenantAlias: string;
  jobId: string;
  /** How long applying chunks may go without a heartbeat before Temporal retries it (after a crash). */
  heartbeatTimeoutMs: number;
  /** Set on continue-as-new: the job was prepared by an earlier run. */
  prepared?: boolean;
}

export interface ImportJobRef {
  tenantId: string;
  tenantAlias: string;
  jobId: string;
}

/** What preparing found: run the chunks, or the job is already over (final, or failed at its header). */
export type PrepareResult = { proceed: true } | { proceed: false };

/** One activity's worth of chunks. */
export type ChunksResult =
  | { state: 'more' }
  | { state: 'done' }
  | { state: 'aborted' }
  | { state: 'failed'; error: string }
  | { state: 'final' };

export type FinishInput = ImportJobRef & {
  status: 'COMPLETED' | 'ABORTED' | 'FAILED';
  error?: string;
};

/** The heartbeat of the chunk activity: where the next chunk starts. */
export interface ImportPosition {
  offset: number;
  line: number;
}
