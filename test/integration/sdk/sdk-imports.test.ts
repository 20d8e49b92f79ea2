/**
 * Bulk import through the server SDK against the real gateway and worker: upload (a file path, a Node
 * Readable, a web ReadableStream, a Buffer), validate, create (idempotent with a key), wait, download the
 * result file as a stream or to a path; validation errors, wrong or unknown refs and ids.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { ReadableStream } from 'node:stream/web';
import { ReferralClient, WaitTimeoutError, type Job } from '../../../clients/sdk/src/index';
import { uid } from '../../helpers/referrals';
import {
  apiErrorOf,
  expectApiError,
  startSdkStack,
  startScriptedServer,
  type SdkStack,
} from '../../helpers/sdk';

let stack: SdkStack;
let tmp: string;
beforeAll(async () => {
  stack = await startSdkStack();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-imports-'));
});
afterAll(async () => {
  await stack?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function usersCsv(accountId: string, bad = false): string {
  return [
    'id,accountId,email,firstName',
    `u1,${accountId},one@example.com,Ada`,
    `u2,${accountId},${bad ? 'not-an-email' : 'two@example.com'},Alan`,
    '',
  ].join('\n');
}

describe('the import flow end to end', () => {
  test('upload a file streamed from disk, validate, create, wait, download the result', async () => {
    const { client, api } = stack;
    const accountId = uid('acct');
    const file = path.join(tmp, 'users.csv');
    fs.writeFileSync(file, usersCsv(accountId, true));

    const { fileRef } = await client.uploadFile(file);
    expect(fileRef).toMatch(/users\.csv$/);
    expect(await text(await client.downloadFile(fileRef))).toBe(usersCsv(accountId, true));
    expect(await client.validateImport({ fileRef, type: 'MUTATION/USER' })).toEqual({
      errors: ['line 3: column "email" must be an e-mail address'],
    });

    const key = `job-${uid('k')}`;
    const created = await client.createImportJob({
      fileRef,
      type: 'MUTATION/USER',
      name: 'sdk',
      idempotencyKey: key,
    });
    expect(created).toMatchObject({
      type: 'MUTATION/USER',
      requester: 'API',
      name: 'sdk',
      fileRef,
      outputFormat: 'CSV',
    });
    const again = await client.createImportJob({ fileRef, type: 'MUTATION/USER', idempotencyKey: key });
    expect(again.id).toBe(created.id);

    const seen: string[] = [];
    const job = await client.waitForImportJob(created.id, {
      pollIntervalMs: 100,
      onProgress: (j) => seen.push(j.status),
    });
    expect(job).toMatchObject({
      id: created.id,
      status: 'COMPLETED',
      stats: { recordsProcessed: 2, recordsFailed: 1, recordsTotal: 2 },
    });
    expect(seen.at(-1)).toBe('COMPLETED');
    expect(await client.getImportJob(created.id)).toEqual(job);

    const result = await text(await client.downloadResultFile(job));
    expect(result.trim().split('\n')).toEqual([
      'line,status,message',
      '2,SUCCESS,created',
      expect.stringMatching(/^3,FAILED,.*e-mail address/),
    ]);
    const to = path.join(tmp, 'result.csv');
    expect(await client.downloadResultFile(job, { to })).toEqual({
      path: to,
      bytes: Buffer.byteLength(result),
    });
    expect(fs.readFileSync(to, 'utf8')).toBe(result);

    const users = await api.gw.deps
      .db('users')
      .where({ tenant_id: api.tenantId, account_id: accountId })
      .orderBy('id');
    expect(users.map((u: { id: string }) => u.id)).toEqual(['u1']);
  });

  test.each<[string, (csv: string) => unknown]>([
    ['a Node Readable', (csv) => Readable.from([csv.slice(0, 10), csv.slice(10)].map((s) => Buffer.from(s)))],
    [
      'a web ReadableStream',
      (csv) =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(csv.slice(0, 7)));
            controller.enqueue(new TextEncoder().encode(csv.slice(7)));
            controller.close();
          },
        }),
    ],
    ['a Buffer', (csv) => Buffer.from(csv)],
  ])('uploads from %s arrive whole and import', async (_name, source) => {
    const { client } = stack;
    const accountId = uid('acct');
    const csv = usersCsv(accountId);
    const { fileRef } = await client.uploadFile(source(csv) as Buffer, { filename: 'streamed.csv' });
    expect(await text(await client.downloadFile(fileRef))).toBe(csv);
    const job = await client.createImportJob({ fileRef, type: 'MUTATION/USER' });
    expect(await client.waitForImportJob(job.id, { pollIntervalMs: 100 })).toMatchObject({
      status: 'COMPLETED',
      stats: { recordsProcessed: 2, recordsFailed: 0 },
    });
  });
});

describe('errors', () => {
  test('validation: a bad job input names the field; an unknown type or file is reported by validate', async () => {
    const { client } = stack;
    const { fileRef } = await client.uploadFile(Buffer.from(usersCsv(uid('acct'))), { filename: 'v.csv' });
    await expectApiError(
      client.validateImport({ fileRef: '', type: 'MUTATION/USER' }),
      400,
      'VALIDATION_FAILED',
      'jobInput.fileRef',
    );
    expect((await client.validateImport({ fileRef, type: 'MUTATION/NOPE' as never })).errors).toEqual([
      expect.stringMatching(/^type: unknown job type/),
    ]);
    await expectApiError(
      client.createImportJob({ fileRef: `${fileRef}.missing`, type: 'MUTATION/USER' }),
      400,
      'VALIDATION_FAILED',
      'fileRef',
    );
    await expectApiError(
      client.createImportJob({ fileRef, type: 'MUTATION/USER', idempotencyKey: 'bad key!' }),
      400,
      'VALIDATION_FAILED',
      'jobInput.idempotencyKey',
    );
    await expectApiError(
      client.uploadFile(Buffer.from('x'), { filename: 'f'.repeat(300) }),
      400,
      'VALIDATION_FAILED',
      'filename',
    );
    await expectApiError(
      client.uploadFile(Buffer.from('x'), { filename: 'x.csv', contentType: 'image/png' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectApiError(client.downloadFile(''), 400, 'VALIDATION_FAILED', 'fileRef');
    await expect(client.uploadFile(path.join(tmp, 'no-such-file.csv'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  test('not found: unknown job is null for getImportJob and 404 for waitForImportJob; unknown file is 404', async () => {
    const { client } = stack;
    const id = '00000000-0000-4000-8000-000000000000';
    expect(await client.getImportJob(id)).toBeNull();
    // waitForImportJob's 404 is the SDK's own (the GraphQL answer was null), so it has no request id.
    expect(await apiErrorOf(client.waitForImportJob(id))).toMatchObject({
      statusCode: 404,
      apiErrorCode: 'NOT_FOUND',
      requestId: null,
    });
    await expectApiError(
      client.downloadFile(`imports/${stack.api.tenant.alias}/nothing.csv`),
      404,
      'NOT_FOUND',
    );
    await expect(
      client.downloadResultFile({ id: 'j', status: 'PENDING', resultFileRef: null } as Job),
    ).rejects.toThrow('has no result file yet');
  });

  test('waitForImportJob gives up after waitTimeoutMs with the last state seen', async () => {
    const running = { id: 'j1', status: 'IN_PROGRESS', stats: { recordsProcessed: 5 } };
    const scripted = await startScriptedServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { job: running } }));
    });
    try {
      const pointed = new ReferralClient({ baseUrl: scripted.url, tenantAlias: 'acme', apiKey: 'k' });
      const err = await pointed
        .waitForImportJob('j1', { waitTimeoutMs: 150, pollIntervalMs: 40 })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WaitTimeoutError);
      expect((err as WaitTimeoutError).job).toEqual(running);
      expect(scripted.hits).toBeGreaterThanOrEqual(2);
    } finally {
      await scripted.close();
    }
  });
});

describe('exports', () => {
  test('createExportJob with filters, wait, download the CSV (docs/exports.md)', async () => {
    const { client } = stack;
    const accountId = uid('acct');
    await client.waitForImportJob(
      (
        await client.createImportJob({
          fileRef: (await client.uploadFile(Buffer.from(usersCsv(accountId)), { filename: 'u.csv' })).fileRef,
          type: 'MUTATION/USER',
        })
      ).id,
    );
    const created = await client.createExportJob({ type: 'QUERY/USERS', filters: { from: '2020-01-01' } });
    expect(created).toMatchObject({
      type: 'QUERY/USERS',
      fileRef: null,
      filters: { from: '2020-01-01T00:00:00.000Z' },
    });
    const done = await client.waitForImportJob(created.id);
    expect(done.status).toBe('COMPLETED');
    const csv = await text(await client.downloadResultFile(done));
    expect(csv.split('\r\n')[0]).toBe(
      'id,accountId,createdAt,updatedAt,email,firstName,lastName,locale,shareCode,customFields',
    );
    expect(csv).toContain(`u1,${accountId},`);
  });
});
