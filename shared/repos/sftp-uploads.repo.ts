import { z } from 'zod';
import { jsonColumn } from '../db/json-column';
import type { DbOrTrx } from '../db/knex';
import type { JobStatus } from './import-jobs.repo';

/** One file uploaded over SFTP (migration 011): what the `/status/<name>.json` documents are made of. */
export interface SftpUploadRow {
  id: string;
  tenant_id: string;
  folder: string;
  file_name: string;
  content_sha256: string;
  bytes: string;
  job_id: string | null;
  errors: string[];
  created_at: Date;
}

/** An upload with the job it became (if any): the job's columns a status or result file needs. */
export interface SftpUploadWithJob extends SftpUploadRow {
  job_status: JobStatus | null;
  job_records_processed: string | null;
  job_records_failed: string | null;
  job_records_total: string | null;
  job_result_file_ref: string | null;
  job_error: string | null;
}

export type NewSftpUpload = Pick<
  SftpUploadRow,
  'tenant_id' | 'folder' | 'file_name' | 'content_sha256' | 'job_id' | 'errors'
> & { bytes: number };

const readErrors = jsonColumn('sftp_uploads', 'errors', z.array(z.string()));

function toUpload<R extends SftpUploadRow>(row: R): R {
  row.errors = readErrors(row.errors, row.id);
  return row;
}

const WITH_JOB = [
  'u.*',
  'j.status as job_status',
  'j.records_processed as job_records_processed',
  'j.records_failed as job_records_failed',
  'j.records_total as job_records_total',
  'j.result_file_ref as job_result_file_ref',
  'j.error as job_error',
];

export function createSftpUploadsRepo(db: DbOrTrx) {
  const withJob = (tenantId: string) =>
    db('sftp_uploads as u')
      .leftJoin('import_jobs as j', function joinJob() {
        this.on('j.id', '=', 'u.job_id').andOn('j.tenant_id', '=', 'u.tenant_id');
      })
      .where('u.tenant_id', tenantId)
      .select(WITH_JOB);
  return {
    async insert(upload: NewSftpUpload): Promise<SftpUploadRow> {
      const [row] = await db('sftp_uploads')
        .insert({ ...upload, errors: JSON.stringify(upload.errors) })
        .returning('*');
      return toUpload(row as SftpUploadRow);
    },

    /** The latest upload of each file name, newest first (`distinct on` over the name index). */
    async latestPerName(tenantId: string, limit: number): Promise<SftpUploadWithJob[]> {
      const latest = db('sftp_uploads')
        .distinctOn('file_name')
        .where('tenant_id', tenantId)
        .orderBy([
          { column: 'file_name' },
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .select('id');
      const rows = (await withJob(tenantId)
        .whereIn('u.id', latest)
        .orderBy([{ column: 'u.created_at', order: 'desc' }, { column: 'u.file_name' }])
        .limit(limit)) as SftpUploadWithJob[];
      return rows.map(toUpload);
    },

    /** The latest upload of this file name, or undefined. */
    async latestByName(tenantId: string, fileName: string): Promise<SftpUploadWithJob | undefined> {
      const row = (await withJob(tenantId)
        .andWhere('u.file_name', fileName)
        .orderBy([
          { column: 'u.created_at', order: 'desc' },
          { column: 'u.id', order: 'desc' },
        ])
        .first()) as SftpUploadWithJob | undefined;
      return row && toUpload(row);
    },

    /** Whether one of the tenant's import jobs reads this stored file. */
    async isJobFile(tenantId: string, fileRef: string): Promise<boolean> {
      const row = await db('import_jobs').where({ tenant_id: tenantId, file_ref: fileRef }).first('id');
      return row !== undefined;
    },
  };
}
