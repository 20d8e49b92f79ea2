import crypto from 'node:crypto';
import { Transform } from 'node:stream';
import { AppError } from '../errors';
import { recordAudit, type AuditActor, type AuditClient } from '../domain/common/audit-log';
import { presentSftpStatus, type SftpStatusDocument } from '../domain/sftp/sftp-status';
import type { JobType } from '../imports/job-types';
import { createSftpUploadsRepo } from '../repos/sftp-uploads.repo';
import { parseFileRef, type FileRef } from '../storage/file-storage';
import { discardUpload, storeUpload, type StoredUpload, type UploadDeps } from '../storage/uploads';
import { createJob, validateJob, type JobServiceDeps } from './import-jobs';
import type { TenantRef } from './use-case-deps';

/**
 * A file uploaded over SFTP into `/imports/<TYPE>/`: streamed into file storage like an HTTP upload
 * (storeUpload: UPLOAD_MAX_BYTES and the tenant's quota apply, nothing is kept when it fails), validated
 * like validateJobCreation, and made into a job by createJob with requester SFTP. The job's idempotency
 * key comes from the tenant, the folder and the content's SHA-256, so the same file uploaded again into
 * the same folder gives the same job. Each upload leaves one `sftp_uploads` row, which `/status/` shows,
 * and an audit entry `sftp.upload` written in the same transaction.
 */

export type SftpUploadDeps = JobServiceDeps & UploadDeps;

/** Who uploaded: the SFTP key (actor `sftp`, labelled by its fingerprint) and the client's address. */
export interface SftpUploadAudit {
  actor: AuditActor;
  client: AuditClient;
}

export interface SftpUploadOutcome {
  status: SftpStatusDocument;
  /** False for an invalid file (no job) and for a file whose job exists already. */
  jobCreated: boolean;
}

export interface SftpUpload {
  /**
   * Takes the file's bytes in order. A write's callback runs once the bytes are on their way to storage,
   * so a caller that answers each piece from its callback never holds more than the stream's buffer.
   */
  readonly sink: Transform;
  /** Ends the file and takes it: stored, validated, a job (or the errors) recorded. */
  finish(): Promise<SftpUploadOutcome>;
  /** Drops a file whose upload was cut off: nothing is kept and no job is made. */
  abort(reason: Error): Promise<void>;
}

/** `sftp-` and 59 hex digits of SHA-256(tenant id / folder / content SHA-256): 64 characters. */
export function sftpIdempotencyKey(tenantId: string, folder: string, contentSha256: string): string {
  const digest = crypto.createHash('sha256').update(`${tenantId}/${folder}/${contentSha256}`).digest('hex');
  return `sftp-${digest.slice(0, 59)}`;
}

/** Starts an upload into a folder; the caller writes the bytes into `sink`, then calls finish() or abort(). */
export function beginSftpUpload(
  deps: SftpUploadDeps,
  tenant: TenantRef,
  file: { folder: JobType; fileName: string },
  audit?: SftpUploadAudit,
): SftpUpload {
  const hash = crypto.createHash('sha256');
  const sink = new Transform({
    highWaterMark: 256 * 1024,
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const stored = storeUpload(deps, tenant, { name: file.fileName, source: sink });
  // A failure before or while storage reads (a full quota, a file over UPLOAD_MAX_BYTES) ends the sink, so
  // writes still waiting fail at once; until finish() awaits it, it is not an unhandled rejection.
  stored.catch((err: unknown) => {
    if (!sink.destroyed) sink.destroy(err as Error);
  });
  return {
    sink,
    async finish() {
      sink.end();
      const upload = await stored;
      return takeStoredUpload(deps, tenant, file, upload, hash.digest('hex'), audit);
    },
    async abort(reason) {
      sink.destroy(reason);
      await stored.then(
        (upload) => discardUpload(deps, tenant.id, upload),
        () => undefined,
      );
    },
  };
}

function problemsOf(err: unknown): string[] | undefined {
  if (!(err instanceof AppError) || err.apiErrorCode !== 'VALIDATION_FAILED') return undefined;
  const issues = err.details.validationErrors ?? [];
  return issues.length > 0 ? issues.map((i) => i.message) : [err.message];
}

async function takeStoredUpload(
  deps: SftpUploadDeps,
  tenant: TenantRef,
  file: { folder: JobType; fileName: string },
  upload: StoredUpload,
  contentSha256: string,
  audit: SftpUploadAudit | undefined,
): Promise<SftpUploadOutcome> {
  const record = async (jobId: string | null, errors: string[], jobCreated: boolean) => {
    const row = await deps.db.transaction(async (trx) => {
      const inserted = await createSftpUploadsRepo(trx).insert({
        tenant_id: tenant.id,
        folder: file.folder,
        file_name: file.fileName,
        content_sha256: contentSha256,
        bytes: upload.bytes,
        job_id: jobId,
        errors,
      });
      await recordAudit(trx, {
        tenantId: tenant.id,
        operator: null,
        actor: audit?.actor ?? { kind: 'sftp', label: null },
        client: audit?.client,
        action: 'sftp.upload',
        target: jobId ?? file.fileName,
        details: {
          folder: file.folder,
          fileName: file.fileName,
          bytes: upload.bytes,
          contentSha256,
          jobId,
          jobCreated,
          errors: errors.length,
        },
      });
      return inserted;
    });
    const latest = await createSftpUploadsRepo(deps.db).latestByName(tenant.id, file.fileName);
    return { status: presentSftpStatus(latest ?? { ...row, ...NO_JOB }), jobCreated };
  };
  const input = {
    fileRef: upload.ref.value,
    type: file.folder,
    name: file.fileName,
    idempotencyKey: sftpIdempotencyKey(tenant.id, file.folder, contentSha256),
  };
  let errors: string[];
  try {
    errors = await validateJob(deps.storage, tenant.alias, input);
  } catch (err) {
    await discardUpload(deps, tenant.id, upload);
    throw err;
  }
  if (errors.length > 0) {
    await discardUpload(deps, tenant.id, upload);
    return record(null, errors, false);
  }
  let job;
  try {
    job = await createJob(deps, tenant, input, 'SFTP');
  } catch (err) {
    const problems = problemsOf(err);
    // A job saved but not started (Temporal unreachable) reads the file: keep it for the retry.
    if (!(err instanceof AppError && err.apiErrorCode === 'SERVICE_UNAVAILABLE')) {
      await discardUpload(deps, tenant.id, upload);
    }
    if (problems) return record(null, problems, false);
    throw err;
  }
  const created = job.fileRef === upload.ref.value;
  // The same content was uploaded into this folder before: its job stands, this copy is not needed.
  if (!created) await discardUpload(deps, tenant.id, upload);
  return record(job.id, [], created);
}

const NO_JOB = {
  job_status: null,
  job_records_processed: null,
  job_records_failed: null,
  job_records_total: null,
  job_result_file_ref: null,
  job_error: null,
};

/**
 * Cleans up after an SFTP server that died during an upload: the stored file, unless a job reads it, and
 * its quota record. Safe to call for an upload that did finish (its job keeps its file).
 */
export async function discardAbandonedSftpUpload(
  deps: Pick<UploadDeps, 'db' | 'storage'>,
  tenant: TenantRef,
  fileRef: string,
): Promise<boolean> {
  const ref: FileRef | undefined = parseFileRef(tenant.alias, fileRef);
  if (!ref) return false;
  if (await createSftpUploadsRepo(deps.db).isJobFile(tenant.id, ref.value)) return false;
  await discardUpload(deps, tenant.id, { ref, bytes: 0 });
  return true;
}
