/**
 * The import page's vocabulary: the job types with their columns (shared/contract/enums.ts), the
 * Job as the GraphQL API answers it, its GraphQL documents, and the speed and time-left arithmetic.
 */
import type { BadgeTone } from '../../components';
import { graphql } from '../../gql';
import type { ImportJobFragment, JobStatus as GqlJobStatus } from '../../gql/graphql';
import {
  FINAL_IMPORT_JOB_STATUSES,
  IMPORT_JOB_COLUMNS,
  IMPORT_JOB_TYPES,
  importColumnLabel,
  type ImportJobRequester,
  type ImportJobType,
} from '../../../../../shared/contract/enums';

export interface JobTypeInfo {
  value: ImportJobType;
  label: string;
  description: string;
  /** Column names (the contract's); `*` marks a required one. */
  columns: string[];
  /** A two-line CSV sample (header and one row). */
  example: string;
}

/** What the page says of each job type; its columns are the server's (shared/contract/enums.ts). */
const JOB_TYPE_TEXT: Record<ImportJobType, Omit<JobTypeInfo, 'value' | 'columns'>> = {
  'MUTATION/USER': {
    label: 'Import users',
    description:
      'Creates or updates users and their accounts, as identification through the API does (share codes, attribution, conversion).',
    example: 'id,accountId,email,firstName,lastName\nu-1,acme-1,jane@example.com,Jane,Doe',
  },
  'MUTATION/DELETE_USER': {
    label: 'Delete users',
    description:
      'Deletes users; an account left without users goes too, unless preserveEmptyAccount is true. doNotTrack keeps the id from coming back.',
    example: 'id,accountId,preserveEmptyAccount,doNotTrack\nu-2,acme-2,false,true',
  },
  'MUTATION/USER_EVENT': {
    label: 'Import user events',
    description:
      'Logs events (purchases, subscription changes …) for users; a row with an idempotency key used in the last 24 hours is refused.',
    example:
      'userId,accountId,idempotencyKey,event.key,event.fields.revenue\nu-1,acme-1,order-000001,purchase,49.50',
  },
  'MUTATION/REDEEMABLE_REWARD_BALANCE': {
    label: 'Redeem reward balances',
    description:
      "Redeems credit from accounts' available rewards of a unit, oldest first, all or nothing per row.",
    example: 'accountId,userId,unit,valueToRedeem\nacme-1,u-1,USD,500',
  },
};

export const JOB_TYPES: JobTypeInfo[] = IMPORT_JOB_TYPES.map((value) => ({
  value,
  ...JOB_TYPE_TEXT[value],
  columns: IMPORT_JOB_COLUMNS[value].map(importColumnLabel),
}));

/** "Import users", or for an export (a QUERY/… job, listed with the imports) "Export of webhook deliveries". */
export function jobTypeLabel(value: string): string {
  const known = JOB_TYPES.find((t) => t.value === value)?.label;
  if (known) return known;
  return value.startsWith('QUERY/') ? `Export of ${value.slice(6).toLowerCase().replace(/_/g, ' ')}` : value;
}

export type JobStatus = GqlJobStatus;

export type Job = ImportJobFragment;

export const isFinal = (job: Job) => FINAL_IMPORT_JOB_STATUSES.includes(job.status);

export const STATUS_BADGES: Record<JobStatus, { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Waiting', tone: 'neutral' },
  IN_PROGRESS: { label: 'Running', tone: 'info' },
  COMPLETED: { label: 'Completed', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'danger' },
  ABORTED: { label: 'Aborted', tone: 'warning' },
};

graphql(`
  fragment ImportJob on Job {
    id
    type
    requester
    name
    status
    resultFileRef
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
`);

export const JOB_QUERY = graphql(`
  query ImportJob($id: ID!) {
    job(id: $id) {
      ...ImportJob
    }
  }
`);

export const JOBS_QUERY = graphql(`
  query ImportJobs($limit: Int, $offset: Int) {
    jobs(limit: $limit, offset: $offset) {
      totalCount
      jobs {
        ...ImportJob
      }
    }
  }
`);

/** The jobs still going, for picking one up when the page opens. */
export const ACTIVE_JOBS_QUERY = graphql(`
  query ActiveImportJobs {
    running: jobs(status: IN_PROGRESS, limit: 1) {
      jobs {
        ...ImportJob
      }
    }
    pending: jobs(status: PENDING, limit: 1) {
      jobs {
        ...ImportJob
      }
    }
  }
`);

export const VALIDATE_QUERY = graphql(`
  query ValidateImport($jobInput: JobInput!) {
    validateJobCreation(jobInput: $jobInput) {
      errors
    }
  }
`);

export const CREATE_MUTATION = graphql(`
  mutation CreateImportJob($jobInput: JobInput!) {
    createJob(jobInput: $jobInput) {
      ...ImportJob
    }
  }
`);

export const ABORT_MUTATION = graphql(`
  mutation AbortImportJob($id: ID!) {
    abortJob(id: $id) {
      ...ImportJob
    }
  }
`);

/** A fresh idempotency key (8–64 of A-Z a-z 0-9 - _ .): createJob with it twice makes one job. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `portal-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** One poll's reading: when, and how many rows were done. */
export interface Sample {
  at: number;
  processed: number;
}

/**
 * Rows per second between the oldest and the newest poll kept; null (still measuring) until two polls
 * are at least a second apart and the count has moved, or ten seconds passed without it moving.
 */
export function rowsPerSecond(samples: Sample[]): number | null {
  if (samples.length < 2) return null;
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const seconds = (last.at - first.at) / 1000;
  if (seconds < 1) return null;
  const rows = last.processed - first.processed;
  if (rows <= 0 && seconds < 10) return null;
  return Math.max(0, rows / seconds);
}

const LOCALE = typeof navigator === 'undefined' ? undefined : navigator.language;
const shortDateTime = new Intl.DateTimeFormat(LOCALE, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const shortDateTimeWithYear = new Intl.DateTimeFormat(LOCALE, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Epoch ms → "Nov 24, 1:19 AM" (with the year when it is not this year); "—" for none. */
export function formatShortDateTime(epochMs: number | null): string {
  if (epochMs === null) return '—';
  const date = new Date(epochMs);
  const thisYear = date.getFullYear() === new Date().getFullYear();
  return (thisYear ? shortDateTime : shortDateTimeWithYear).format(date);
}

/** Who started a job, for people. */
export const REQUESTERS: Partial<Record<string, { label: string; phrase: string }>> = {
  PORTAL: { label: 'Portal', phrase: 'in the portal' },
  API: { label: 'API', phrase: 'through the API' },
  SFTP: { label: 'SFTP', phrase: 'over SFTP' },
} satisfies Record<ImportJobRequester, { label: string; phrase: string }>;

/** "4 s", "2 min 5 s", "1 h 3 min". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return total % 60 ? `${minutes} min ${total % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** "1.2 MB" for a file size. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
