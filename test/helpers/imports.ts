import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { apiAt } from './api-client';

type Json = Record<string, any>;

export const JOB_FIELDS = /* GraphQL */ `
  fragment J on Job {
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

/** Bulk-import verbs over the real gateway: upload, validate, create, poll, download. */
export function importClient(api: { base: string; auth: string }) {
  const { base } = api;
  const { gql } = apiAt(base, api.auth);
  return {
    gql,
    async upload(name: string, content: string | Buffer): Promise<string> {
      const res = await fetch(`${base}/export/upload?filename=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { authorization: api.auth, 'content-type': 'application/octet-stream' },
        body: content,
      });
      const body = (await res.json()) as Json;
      if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
      return body.fileRef as string;
    },
    async validate(fileRef: string, type: string): Promise<string[]> {
      const result = await gql('query V($j: JobInput!) { validateJobCreation(jobInput: $j) { errors } }', {
        j: { fileRef, type },
      });
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      return result.data.validateJobCreation.errors as string[];
    },
    /** createJob's whole GraphQL result (data and errors). */
    createRaw(jobInput: Json): Promise<Json> {
      return gql(`${JOB_FIELDS} mutation C($j: JobInput!) { createJob(jobInput: $j) { ...J } }`, {
        j: jobInput,
      });
    },
    async create(jobInput: Json): Promise<Json> {
      const result = await this.createRaw(jobInput);
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      return result.data.createJob as Json;
    },
    async job(id: string): Promise<Json | null> {
      const result = await gql(`${JOB_FIELDS} query Q($id: ID!) { job(id: $id) { ...J } }`, { id });
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      return result.data.job as Json | null;
    },
    /** Polls until the job has ended (or the time is up). */
    async waitFor(id: string, timeoutMs = 60_000): Promise<Json> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = await this.job(id);
        if (job && ['COMPLETED', 'FAILED', 'ABORTED'].includes(job.status)) return job;
        if (Date.now() > deadline) throw new Error(`job ${id} still ${job?.status} after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    /** Upload, create and wait: the finished job. */
    async run(name: string, content: string, type: string): Promise<Json> {
      const fileRef = await this.upload(name, content);
      const job = await this.create({ fileRef, type });
      return this.waitFor(job.id);
    },
    async download(fileRef: string): Promise<{ status: number; text: string; type: string | null }> {
      const res = await fetch(`${base}/export/download?fileRef=${encodeURIComponent(fileRef)}`, {
        headers: { authorization: api.auth },
      });
      return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
    },
    /** The result file's rows as [line, status, message]. */
    async results(job: Json): Promise<string[][]> {
      const { text } = await this.download(job.resultFileRef);
      const rows = parse(text) as string[][];
      expect(rows[0]).toEqual(['line', 'status', 'message']);
      return rows.slice(1);
    },
  };
}

/** The files (not folders) stored under a tenant's imports in a local file storage folder. */
export function storedImportFiles(storageDir: string, alias: string): string[] {
  const dir = path.join(storageDir, 'imports', alias);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
