import type { Db } from '../../db/knex';
import { createSftpUploadsRepo, type SftpUploadWithJob } from '../../repos/sftp-uploads.repo';

/**
 * What a tenant reads over SFTP about its uploads: `/status/<file name>.json` for every file name it
 * uploaded (the latest upload of a name wins) and `/results/<file name>.result.csv` once that upload's job
 * has ended with a result file. The documents are made from `sftp_uploads` and the jobs at each read.
 */

/** The most file names `/status/` and `/results/` list (the most recently uploaded). */
export const SFTP_LISTED_FILES = 1000;
export const SFTP_RESULT_SUFFIX = '.result.csv';
export const SFTP_STATUS_SUFFIX = '.json';

/** The folder of a job type under `/imports/`: its name without the `MUTATION/` prefix (USER, …). */
export function sftpFolderName(jobType: string): string {
  return jobType.replace(/^MUTATION\//, '');
}

export interface SftpStatusDocument {
  fileName: string;
  /** The folder under `/imports/` it was uploaded to (e.g. USER for the job type MUTATION/USER). */
  folder: string;
  /** ISO 8601. */
  uploadedAt: string;
  bytes: number;
  jobId: string | null;
  /** INVALID for a file that failed validation (no job), else its job's status. */
  status: string;
  recordsProcessed: number;
  recordsFailed: number;
  recordsTotal: number | null;
  /** Line-numbered validation errors of an INVALID file; a failed job's error. */
  errors: string[];
}

export interface SftpStatusFile {
  /** `<file name>.json` */
  name: string;
  document: SftpStatusDocument;
  /** The document as served: pretty JSON with a final newline. */
  content: Buffer;
  uploadedAt: Date;
}

export interface SftpResultFile {
  /** `<file name>.result.csv` */
  name: string;
  /** The job's result file in file storage. */
  fileRef: string;
  uploadedAt: Date;
}

export function presentSftpStatus(row: SftpUploadWithJob): SftpStatusDocument {
  const invalid = row.errors.length > 0;
  const jobError = row.job_status === 'FAILED' && row.job_error ? [row.job_error] : [];
  return {
    fileName: row.file_name,
    folder: sftpFolderName(row.folder),
    uploadedAt: row.created_at.toISOString(),
    bytes: Number(row.bytes),
    jobId: row.job_id,
    // A job deleted since (job_id set null) leaves an upload without a status of its own.
    status: invalid ? 'INVALID' : (row.job_status ?? 'UNKNOWN'),
    recordsProcessed: Number(row.job_records_processed ?? 0),
    recordsFailed: Number(row.job_records_failed ?? 0),
    recordsTotal: row.job_records_total === null ? null : Number(row.job_records_total),
    errors: invalid ? row.errors : jobError,
  };
}

function statusFile(row: SftpUploadWithJob): SftpStatusFile {
  const document = presentSftpStatus(row);
  return {
    name: `${row.file_name}${SFTP_STATUS_SUFFIX}`,
    document,
    content: Buffer.from(`${JSON.stringify(document, null, 2)}\n`),
    uploadedAt: row.created_at,
  };
}

function resultFile(row: SftpUploadWithJob): SftpResultFile | undefined {
  if (!row.job_result_file_ref) return undefined;
  return {
    name: `${row.file_name}${SFTP_RESULT_SUFFIX}`,
    fileRef: row.job_result_file_ref,
    uploadedAt: row.created_at,
  };
}

/** The file name a `/status/` or `/results/` entry is about, or undefined for a name that is neither. */
function uploadedName(entry: string, suffix: string): string | undefined {
  if (!entry.endsWith(suffix) || entry.length === suffix.length) return undefined;
  return entry.slice(0, -suffix.length);
}

export async function listSftpStatusFiles(db: Db, tenantId: string): Promise<SftpStatusFile[]> {
  const rows = await createSftpUploadsRepo(db).latestPerName(tenantId, SFTP_LISTED_FILES);
  return rows.map(statusFile);
}

/** `/status/<name>`, or undefined when no upload has that file name. */
export async function findSftpStatusFile(
  db: Db,
  tenantId: string,
  entry: string,
): Promise<SftpStatusFile | undefined> {
  const fileName = uploadedName(entry, SFTP_STATUS_SUFFIX);
  if (fileName === undefined) return undefined;
  const row = await createSftpUploadsRepo(db).latestByName(tenantId, fileName);
  return row && statusFile(row);
}

export async function listSftpResultFiles(db: Db, tenantId: string): Promise<SftpResultFile[]> {
  const rows = await createSftpUploadsRepo(db).latestPerName(tenantId, SFTP_LISTED_FILES);
  return rows.flatMap((row) => resultFile(row) ?? []);
}

/** `/results/<name>`, or undefined when there is no such upload or its job has no result file yet. */
export async function findSftpResultFile(
  db: Db,
  tenantId: string,
  entry: string,
): Promise<SftpResultFile | undefined> {
  const fileName = uploadedName(entry, SFTP_RESULT_SUFFIX);
  if (fileName === undefined) return undefined;
  const row = await createSftpUploadsRepo(db).latestByName(tenantId, fileName);
  return row && resultFile(row);
}
