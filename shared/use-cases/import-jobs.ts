import { v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Config } from '../config';
import type { ImportJobRequester } from '../contract/enums';
import type { Db } from '../db/knex';
import { AppError } from '../errors';
import { formatOf } from '../imports/format';
import { inspectImportFile } from '../imports/inspect-file';
import { isJobType, JOB_TYPES, type JobType } from '../imports/job-types';
import { checkExportFilters, exportFiltersSchema } from '../exports/export-filters';
import { exportFileName, EXPORT_TYPES, isExportType } from '../exports/export-types';
import { validateImportFile } from '../imports/validate-file';
import {
  createImportJobsRepo,
  FINAL_STATUSES,
  JOB_STATUSES,
  type ImportJobRow,
  type JobStatus,
  type NewImportJob,
} from '../repos/import-jobs.repo';
import { parseFileRef, type FileRef, type FileStorage } from '../storage/file-storage';
import { startImportJobWorkflow } from '../temporal/import-job';
import { idempotencyKeySchema } from '../idempotency';
import { idSchema, textSchema } from '../validation';
import type { WorkflowMessaging } from './use-case-deps';

const fileRefSchema = idSchema(1000);

/**
 * The spec's JobInput; fileRef and type are checked against storage and the job types separately. An
 * export (a `QUERY/…` type) has no file and may have filters; every other type requires fileRef, refused
 * when it is missing with the very error it had when the field was required.
 */
export const jobInputSchema = z
  .object({
    fileRef: fileRefSchema.nullish(),
    type: idSchema(100),
    outputFormat: z.literal('CSV', { message: 'only CSV is supported' }).nullish(),
    name: textSchema(255, { min: 1, trim: true }).nullish(),
    idempotencyKey: idempotencyKeySchema.nullish(),
    filters: exportFiltersSchema.nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.type.startsWith('QUERY/') || input.fileRef != null) return;
    const required = fileRefSchema.safeParse(input.fileRef);
    for (const issue of required.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['fileRef'] });
    }
  });
export type JobInput = z.output<typeof jobInputSchema>;

export const jobsPageSchema = z.object({
  status: z.enum(JOB_STATUSES).nullish(),
  limit: z.int().min(1).max(100).nullish(),
  offset: z.int().min(0).max(1_000_000).nullish(),
});

/** Who created a job (shared/contract/enums.ts): the API, the admin portal or SFTP, through the same service. */
export type JobRequester = ImportJobRequester;

export interface JobServiceDeps extends WorkflowMessaging {
  db: Db;
  storage: FileStorage;
  /** IMPORT_HEARTBEAT_TIMEOUT_MS: how long an import activity may go silent before it is retried. */
  config: Pick<Config, 'IMPORT_HEARTBEAT_TIMEOUT_MS'>;
}

export interface PresentedJob {
  id: string;
  type: string;
  requester: string;
  name: string | null;
  status: JobStatus;
  /** The uploaded file; null for an export. */
  fileRef: string | null;
  resultFileRef: string | null;
  /** An export's filters (createdAt range as ISO text, status, programId); null for an import. */
  filters: { from: string | null; to: string | null; status: string | null; programId: string | null } | null;
  outputFormat: string;
  dateCreated: number;
  dateStarted: number | null;
  dateCompleted: number | null;
  error: string | null;
  stats: { recordsProcessed: number; recordsFailed: number; recordsTotal: number | null };
}

export function presentJob(row: ImportJobRow): PresentedJob {
  return {
    id: row.id,
    type: row.type,
    requester: row.requester,
    name: row.name,
    status: row.status,
    fileRef: row.file_ref,
    resultFileRef: row.result_file_ref,
    filters: row.filters
      ? {
          from: row.filters.from ?? null,
          to: row.filters.to ?? null,
          status: row.filters.status ?? null,
          programId: row.filters.programId ?? null,
        }
      : null,
    outputFormat: row.output_format,
    dateCreated: row.created_at.getTime(),
    dateStarted: row.started_at?.getTime() ?? null,
    dateCompleted: row.completed_at?.getTime() ?? null,
    error: row.error,
    stats: {
      recordsProcessed: Number(row.records_processed),
      recordsFailed: Number(row.records_failed),
      recordsTotal: row.records_total === null ? null : Number(row.records_total),
    },
  };
}

/** The input's fileRef and type, or the problems with them as validation messages. */
async function resolveInput(
  storage: FileStorage,
  tenantAlias: string,
  input: JobInput,
): Promise<{ ref: FileRef; type: JobType } | { problems: { path: string; message: string }[] }> {
  const problems: { path: string; message: string }[] = [];
  const ref = parseFileRef(tenantAlias, input.fileRef ?? '');
  if (!ref || (await storage.size(ref)) === undefined) {
    problems.push({ path: 'fileRef', message: 'no such file; upload it with POST /export/upload first' });
  }
  if (!isJobType(input.type)) {
    problems.push({
      path: 'type',
      message: `unknown job type "${input.type}"; one of ${[...JOB_TYPES, ...EXPORT_TYPES].join(', ')}`,
    });
  }
  if (input.filters) {
    problems.push({ path: 'filters', message: 'only export jobs (QUERY/…) take filters' });
  }
  return problems.length > 0 ? { problems } : { ref: ref!, type: input.type as JobType };
}

/**
 * validateJobCreation: the file's problems as `line N: ...` strings (at most 100), or an unknown fileRef
 * or type. An empty list means createJob with the same fileRef and type will run.
 */
export async function validateJob(
  storage: FileStorage,
  tenantAlias: string,
  input: JobInput,
): Promise<string[]> {
  if (isExportType(input.type)) {
    try {
      exportFilters(input);
      return [];
    } catch (err) {
      const issues = (err as AppError).details?.validationErrors as { path: string; message: string }[];
      return issues.map((p) => `${p.path}: ${p.message}`);
    }
  }
  const resolved = await resolveInput(storage, tenantAlias, input);
  if ('problems' in resolved) return resolved.problems.map((p) => `${p.path}: ${p.message}`);
  const stream = await storage.read(resolved.ref);
  if (!stream) return ['fileRef: no such file; upload it with POST /export/upload first'];
  return validateImportFile(stream, resolved.type, formatOf(resolved.ref.value));
}

/** Job ids under an idempotency key are derived from it, so the key maps to one job and one workflow. */
const JOB_ID_NAMESPACE = '1b671a64-40d5-491c-99b0-da01b5a2b3d5';

function jobIdFor(tenantId: string, idempotencyKey: string | null | undefined): string {
  return idempotencyKey ? uuidv5(`${tenantId}/${idempotencyKey}`, JOB_ID_NAMESPACE) : uuidv7();
}

/** An export's stored filters; a file or a filter the type does not have is refused, naming the field. */
function exportFilters(input: JobInput & { type: string }): string {
  if (input.fileRef != null) {
    const message = 'an export job (QUERY/…) takes no file';
    throw new AppError('VALIDATION_FAILED', `fileRef: ${message}`, {
      validationErrors: [{ path: 'fileRef', message }],
    });
  }
  return JSON.stringify(
    checkExportFilters(input.type as Parameters<typeof checkExportFilters>[0], input.filters),
  );
}

/**
 * Creates a job and starts its workflow, `import/{tenant}/{jobId}`: an import of an uploaded file, or an
 * export (a `QUERY/…` type, docs/exports.md) of one of the tenant's lists, filtered. A repeated idempotency
 * key returns the job it created first (and makes sure its workflow runs). If Temporal cannot be reached,
 * a job without a key is removed again and the call is 503, so nothing is left half-created.
 */
export async function createJob(
  deps: JobServiceDeps,
  tenant: { id: string; alias: string },
  input: JobInput,
  requester: JobRequester,
): Promise<PresentedJob> {
  if (isExportType(input.type)) {
    const job = {
      type: input.type,
      file_ref: null,
      file_format: 'csv' as const,
      filters: exportFilters(input),
    };
    return insertAndStart(deps, tenant, input, requester, job, exportFileName(input.type));
  }
  const resolved = await resolveInput(deps.storage, tenant.alias, input);
  if ('problems' in resolved) {
    throw new AppError(
      'VALIDATION_FAILED',
      resolved.problems.map((p) => `${p.path}: ${p.message}`).join('; '),
      {
        validationErrors: resolved.problems,
      },
    );
  }
  // The cheap checks first: a file the job could not even start on is refused now, with no job or workflow.
  const inspection = await inspectImportFile(
    () => deps.storage.read(resolved.ref),
    resolved.type,
    formatOf(resolved.ref.value),
  );
  if (inspection.problems.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `fileRef: the file cannot be imported: ${inspection.problems.join('; ')}`,
      {
        validationErrors: inspection.problems.map((message) => ({ path: 'fileRef', message })),
      },
    );
  }
  const file = resolved.ref.value;
  const job = { type: resolved.type, file_ref: file, file_format: formatOf(file) };
  return insertAndStart(deps, tenant, input, requester, job, file.slice(file.lastIndexOf('/') + 1));
}

async function insertAndStart(
  deps: JobServiceDeps,
  tenant: { id: string; alias: string },
  input: JobInput,
  requester: JobRequester,
  job: Pick<NewImportJob, 'type' | 'file_ref' | 'file_format' | 'filters'>,
  fileName: string,
): Promise<PresentedJob> {
  const repo = createImportJobsRepo(deps.db);
  const { row, created } = await repo.insertOnce({
    ...job,
    id: jobIdFor(tenant.id, input.idempotencyKey),
    tenant_id: tenant.id,
    requester,
    name: input.name ?? null,
    output_format: input.outputFormat ?? 'CSV',
    idempotency_key: input.idempotencyKey ?? null,
  });
  if (!created && FINAL_STATUSES.includes(row.status)) return presentJob(row);
  try {
    await startImportJobWorkflow(deps.temporal, deps.metrics, {
      tenantId: tenant.id,
      tenantAlias: tenant.alias,
      jobId: row.id,
      heartbeatTimeoutMs: deps.config.IMPORT_HEARTBEAT_TIMEOUT_MS,
      type: row.type,
      fileName,
    });
  } catch (err) {
    if (created && !input.idempotencyKey) await repo.deleteUnstarted(tenant.id, row.id);
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      input.idempotencyKey
        ? 'The job is saved but could not be started; retry with the same idempotencyKey'
        : 'The job could not be started; retry',
      { cause: err },
    );
  }
  return presentJob(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A tenant's job; another tenant's id, or anything that is not a job id, is null. */
export async function getJob(db: Db, tenantId: string, id: string): Promise<PresentedJob | null> {
  if (!UUID.test(id)) return null;
  const row = await createImportJobsRepo(db).find(tenantId, id.toLowerCase());
  return row ? presentJob(row) : null;
}

export async function listJobs(
  db: Db,
  tenantId: string,
  query: z.output<typeof jobsPageSchema>,
): Promise<{ totalCount: number; jobs: PresentedJob[] }> {
  const page = await createImportJobsRepo(db).list(tenantId, {
    status: query.status ?? undefined,
    limit: query.limit ?? 20,
    offset: query.offset ?? 0,
  });
  return { totalCount: page.total, jobs: page.rows.map(presentJob) };
}

/**
 * Stops a job in any state that is not final. A PENDING job is ABORTED at once (its workflow, if it
 * runs, finds it final); a running one stops after the chunk it is applying, and the workflow then ends
 * it ABORTED. Rows already applied stay applied and counted. A finished job is returned as it is.
 */
export async function abortJob(db: Db, tenantId: string, id: string): Promise<PresentedJob | null> {
  if (!UUID.test(id)) return null;
  const repo = createImportJobsRepo(db);
  await repo.requestAbort(tenantId, id.toLowerCase());
  const row = await repo.find(tenantId, id.toLowerCase());
  return row ? presentJob(row) : null;
}
