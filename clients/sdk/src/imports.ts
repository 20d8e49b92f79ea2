import { ApiError, WaitTimeoutError } from './errors';
import { graphqlData } from './graphql';
import type { CallOptions, Transport } from './http';
import { sleep } from './retry';
import type { ImportJobInput, Job, JobInput, JobValidation } from './types';

/** Every field of a Job. */
const JOB_FIELDS = /* GraphQL */ `
  fragment JobFields on Job {
    id
    type
    requester
    name
    status
    fileRef
    resultFileRef
    filters {
      from
      to
      status
      programId
    }
    outputFormat
    dateCreated
    dateStarted
    dateCompleted
    error
    stats {
      recordsProcessed
      recordsFailed
      recordsTotal
    }
  }
`;

const VALIDATE = /* GraphQL */ `
  query ValidateJobCreation($jobInput: JobInput!) {
    validateJobCreation(jobInput: $jobInput) {
      errors
    }
  }
`;

const CREATE = /* GraphQL */ `
  ${JOB_FIELDS}
  mutation CreateJob($jobInput: JobInput!) {
    createJob(jobInput: $jobInput) {
      ...JobFields
    }
  }
`;

const GET = /* GraphQL */ `
  ${JOB_FIELDS}
  query Job($id: ID!) {
    job(id: $id) {
      ...JobFields
    }
  }
`;

export const FINAL_JOB_STATUSES: readonly string[] = ['COMPLETED', 'FAILED', 'ABORTED'];

/**
 * GraphQL validateJobCreation: the file's problems for that job type (`line N: ...`, at most 100); an
 * empty list means createImportJob with the same fileRef and type will run. A read, so it is retried.
 */
export function validateImport(
  transport: Transport,
  input: Pick<ImportJobInput, 'fileRef' | 'type'>,
  call?: CallOptions,
): Promise<JobValidation> {
  return graphqlData<{ validateJobCreation: JobValidation }>(
    transport,
    {
      operation: 'validateImport',
      query: VALIDATE,
      variables: { jobInput: { fileRef: input.fileRef, type: input.type } },
      retryable: true,
    },
    call,
  ).then((data) => data.validateJobCreation);
}

/**
 * GraphQL createJob (outputFormat CSV unless given). With an idempotencyKey the call is retried, and a
 * repeat answers the job the key created first.
 */
export function createImportJob(transport: Transport, input: JobInput, call?: CallOptions): Promise<Job> {
  return graphqlData<{ createJob: Job }>(
    transport,
    {
      operation: 'createImportJob',
      query: CREATE,
      variables: { jobInput: { outputFormat: 'CSV', ...input } },
      retryable: input.idempotencyKey !== undefined && input.idempotencyKey !== null,
    },
    call,
  ).then((data) => data.createJob);
}

/** GraphQL job(id): the job, or null when the tenant has none with this id. */
export function getImportJob(transport: Transport, id: string, call?: CallOptions): Promise<Job | null> {
  return graphqlData<{ job: Job | null }>(
    transport,
    { operation: 'getImportJob', query: GET, variables: { id }, retryable: true },
    call,
  ).then((data) => data.job);
}

export interface WaitOptions extends CallOptions {
  /** Give up after this long (WaitTimeoutError). Default 600 000 (10 minutes). */
  waitTimeoutMs?: number;
  /** Between polls. Default 1000. */
  pollIntervalMs?: number;
  /** Called with each state seen (progress display). */
  onProgress?: (job: Job) => void;
}

/**
 * Polls getImportJob until the job is COMPLETED, FAILED or ABORTED and answers it (a FAILED job is an
 * answer, not an error: see its `error`). An unknown id is ApiError 404 NOT_FOUND; time running out is
 * WaitTimeoutError carrying the last state seen.
 */
export async function waitForImportJob(
  transport: Transport,
  id: string,
  options: WaitOptions = {},
): Promise<Job> {
  const { waitTimeoutMs = 600_000, pollIntervalMs = 1000, onProgress, ...call } = options;
  const deadline = Date.now() + waitTimeoutMs;
  for (;;) {
    const job = await getImportJob(transport, id, call);
    if (!job) {
      throw new ApiError({ statusCode: 404, message: `No import job "${id}"`, apiErrorCode: 'NOT_FOUND' });
    }
    onProgress?.(job);
    if (FINAL_JOB_STATUSES.includes(job.status)) return job;
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new WaitTimeoutError(`Job ${id} is still ${job.status} after ${waitTimeoutMs} ms`, job);
    }
    await sleep(Math.min(pollIntervalMs, left), call.signal);
  }
}
