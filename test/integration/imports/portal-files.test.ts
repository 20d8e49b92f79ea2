/**
 * The admin portal's file transfer (POST /admin/api/files, GET /admin/api/files/download) over the
 * same implementation as REST export/upload and export/download: an upload with the session starts an
 * import through /admin/api/graphql and its result file downloads; another tenant's ref is 404; the
 * session, the CSRF token and a role above VIEWER are required; limits and quota answer exactly as on
 * REST; each upload is audited with its name and size, never its content.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listAuditLog } from '../../../shared/domain/common/audit-log';
import type { RunningWorker } from '../../../services/worker/worker';
import {
  adminApi,
  createPortalTenant,
  portalTenants,
  signedInOperator,
  type AdminCallOptions,
  type AdminSession,
  type Json,
  type PortalTenant,
} from '../../helpers/admin-api';
import {
  basic,
  startTestGateway,
  startTestWorker,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';
import { JOB_FIELDS, storedImportFiles } from '../../helpers/imports';

const LIMIT = 1000;
const QUOTA = 1500;
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
let gw: TestGateway;
let small: TestGateway;
let worker: RunningWorker;
let a: PortalTenant;
let b: PortalTenant;
let owner: AdminSession;
let adminOp: AdminSession;
let viewer: AdminSession;

beforeAll(async () => {
  const config = testConfig({ FILE_STORAGE_DIR: storageDir });
  worker = await startTestWorker(config);
  gw = await startTestGateway({ config });
  small = await startTestGateway({
    config: testConfig({
      FILE_STORAGE_DIR: storageDir,
      UPLOAD_MAX_BYTES: String(LIMIT),
      UPLOAD_QUOTA_BYTES: String(QUOTA),
    }),
  });
  ({ a, b, owner, admin: adminOp, viewer } = await portalTenants(gw));
});

afterAll(async () => {
  await Promise.all([gw?.close(), small?.close()]);
  await worker?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const filesOf = (alias: string) => storedImportFiles(storageDir, alias);

const refShape = (alias: string, name: string) =>
  new RegExp(`^imports/${alias}/\\d{4}-\\d{2}-\\d{2}/[0-9a-f-]{36}/${name.replace('.', '\\.')}$`);

function csvForm(content: string, name = 'users.csv'): FormData {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), name);
  return form;
}

/** POST /admin/api/files as the session (cookie and CSRF token unless overridden). */
function portalUpload(
  session: Partial<AdminSession>,
  body: FormData | string,
  options: Pick<AdminCallOptions, 'headers' | 'origin'> & { query?: string; via?: TestGateway } = {},
) {
  return adminApi(options.via ?? gw).call(`/files${options.query ?? ''}`, {
    method: 'POST',
    cookie: session.cookie,
    csrf: session.csrf,
    body,
    headers: options.headers,
    origin: options.origin,
  });
}

function portalDownload(session: Partial<AdminSession>, fileRef: string) {
  return adminApi(gw).call(`/files/download?fileRef=${encodeURIComponent(fileRef)}`, {
    cookie: session.cookie,
  });
}

/** POST /api/v1/:alias/export/upload with the tenant's key: the REST door to the same upload. */
async function restUpload(
  tenant: PortalTenant,
  body: FormData | string,
  options: { headers?: Record<string, string>; via?: TestGateway } = {},
) {
  const res = await fetch(`${(options.via ?? gw).api(tenant.alias)}/export/upload`, {
    method: 'POST',
    headers: { authorization: basic(tenant.apiKey), ...options.headers },
    body,
  });
  return { status: res.status, json: (await res.json()) as Json };
}

const gql = (session: AdminSession, query: string, variables?: Json) =>
  adminApi(gw).graphql(session, query, variables);

describe('upload, import, download through the portal', () => {
  test('multipart upload with the session, createJob with that fileRef, the result file downloads', async () => {
    const acct = `acct-${crypto.randomUUID()}`;
    const csv = ['id,accountId,email', `u1,${acct},one@example.com`, `u2,${acct},not-an-email`].join('\n');
    const res = await portalUpload(owner, csvForm(csv));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ fileRef: expect.stringMatching(refShape(a.alias, 'users.csv')) });
    const fileRef = res.json.fileRef as string;
    expect(fs.readFileSync(path.join(storageDir, fileRef), 'utf8')).toBe(csv);

    const validation = await gql(
      owner,
      'query V($j: JobInput!) { validateJobCreation(jobInput: $j) { errors } }',
      { j: { fileRef, type: 'MUTATION/USER' } },
    );
    expect(validation.json.data.validateJobCreation.errors).toEqual([
      'line 3: column "email" must be an e-mail address',
    ]);
    const created = await gql(
      owner,
      `${JOB_FIELDS} mutation C($j: JobInput!) { createJob(jobInput: $j) { ...J } }`,
      {
        j: { fileRef, type: 'MUTATION/USER', name: 'portal import' },
      },
    );
    expect(created.status).toBe(200);
    expect(created.json.data.createJob).toMatchObject({
      fileRef,
      requester: 'PORTAL',
      name: 'portal import',
    });
    const jobId = created.json.data.createJob.id as string;

    let job: Json = {};
    const deadline = Date.now() + 60_000;
    while (!['COMPLETED', 'FAILED', 'ABORTED'].includes(job.status as string) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await gql(owner, `${JOB_FIELDS} query Q($id: ID!) { job(id: $id) { ...J } }`, { id: jobId }))
        .json.data.job as Json;
    }
    expect(job).toMatchObject({
      status: 'COMPLETED',
      stats: { recordsProcessed: 2, recordsFailed: 1, recordsTotal: 2 },
    });

    // A VIEWER may download (a read); the result file is the tenant's own.
    const result = await portalDownload(viewer, job.resultFileRef as string);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(result.headers.get('content-disposition')).toMatch(/result\.csv/);
    expect(result.text.split(/\r?\n/).slice(0, 3)).toEqual([
      'line,status,message',
      '2,SUCCESS,created',
      expect.stringMatching(/^3,FAILED,.*must be an e-mail address/),
    ]);
    const back = await portalDownload(owner, fileRef);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-disposition')).toMatch(/users\.csv/);
    expect(back.text).toBe(csv);

    const { entries } = await listAuditLog(gw.deps.db, a.id, { first: 200 });
    const upload = entries.find((e) => e.action === 'file.upload' && e.target === fileRef);
    expect(upload).toMatchObject({
      operatorEmail: owner.view.operator.email,
      details: { name: 'users.csv', size: Buffer.byteLength(csv) },
    });
    expect(entries.find((e) => e.action === 'createJob')).toMatchObject({
      details: { jobInput: { fileRef, type: 'MUTATION/USER', name: 'portal import' } },
    });
    expect(JSON.stringify(entries)).not.toContain('one@example.com');
  });

  test('a raw body named by ?filename= (an ADMIN); the REST door reads the same file', async () => {
    const content = `id,accountId\nu9,acct-${crypto.randomUUID()}\n`;
    const res = await portalUpload(adminOp, content, {
      headers: { 'content-type': 'text/csv' },
      query: '?filename=events.csv',
    });
    expect(res.status).toBe(200);
    const fileRef = res.json.fileRef as string;
    expect(fileRef).toMatch(refShape(a.alias, 'events.csv'));
    const viaRest = await fetch(`${gw.api(a.alias)}/export/download?fileRef=${encodeURIComponent(fileRef)}`, {
      headers: { authorization: basic(a.apiKey) },
    });
    expect(await viaRest.text()).toBe(content);
    const { entries } = await listAuditLog(gw.deps.db, a.id, { first: 20 });
    expect(entries.find((e) => e.action === 'file.upload')).toMatchObject({
      action: 'file.upload',
      operatorEmail: adminOp.view.operator.email,
      target: fileRef,
      details: { name: 'events.csv', size: Buffer.byteLength(content) },
    });
  });
});

describe('who may', () => {
  test("another tenant's fileRef, or no ref shape at all, is 404", async () => {
    const theirs = await restUpload(b, csvForm('id,accountId\nx,y\n', 'theirs.csv'));
    expect(theirs.status).toBe(200);
    const ref = theirs.json.fileRef as string;
    for (const fileRef of [ref, ref.replace(b.alias, a.alias), '../../etc/passwd', 'imports/x']) {
      const res = await portalDownload(owner, fileRef);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ apiErrorCode: 'NOT_FOUND', message: 'No such file' });
    }
    const missing = await adminApi(gw).call('/files/download', { cookie: owner.cookie });
    expect(missing.status).toBe(400);
    expect(missing.json.validationErrors).toEqual([expect.objectContaining({ path: 'fileRef' })]);
  });

  test('no session is 401, no or a wrong CSRF token or another origin is 403, a VIEWER is 403: nothing kept', async () => {
    const before = filesOf(a.alias).length;
    const auditBefore = (await listAuditLog(gw.deps.db, a.id, { first: 200 })).entries.length;
    const noSession = await portalUpload({}, csvForm('id\n1\n'));
    expect(noSession.status).toBe(401);
    expect(noSession.json.apiErrorCode).toBe('UNAUTHORIZED');
    expect((await portalDownload({}, 'imports/x')).status).toBe(401);
    for (const res of [
      await portalUpload({ cookie: owner.cookie }, csvForm('id\n1\n')),
      await portalUpload({ cookie: owner.cookie, csrf: viewer.csrf }, csvForm('id\n1\n')),
      await portalUpload(owner, csvForm('id\n1\n'), { origin: 'https://evil.example' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json.apiErrorCode).toBe('CSRF_REJECTED');
    }
    const byViewer = await portalUpload(viewer, csvForm('id\n1\n'));
    expect(byViewer.status).toBe(403);
    expect(byViewer.json).toMatchObject({ apiErrorCode: 'FORBIDDEN', message: 'Viewers can read only' });
    const rawByViewer = await portalUpload(viewer, 'id\n1\n', { headers: { 'content-type': 'text/csv' } });
    expect(rawByViewer.status).toBe(403);
    expect(filesOf(a.alias)).toHaveLength(before);
    expect((await listAuditLog(gw.deps.db, a.id, { first: 200 })).entries).toHaveLength(auditBefore);
  });
});

describe(`limits (UPLOAD_MAX_BYTES ${LIMIT}, UPLOAD_QUOTA_BYTES ${QUOTA}) answer as on REST`, () => {
  let q: PortalTenant;
  let session: AdminSession;
  beforeAll(async () => {
    q = await createPortalTenant(small.deps.db);
    session = await signedInOperator(small, q, 'OWNER');
  });

  /** The same body through both doors: the same status and error body (but the request id). */
  async function expectSameAnswer(
    body: () => FormData | string,
    headers: Record<string, string>,
    expected: { status: number; apiErrorCode: string },
  ): Promise<Json> {
    const rest = await restUpload(q, body(), { headers, via: small });
    const portal = await portalUpload(session, body(), { headers, via: small });
    const strip = ({ requestId, ...others }: Json) => {
      expect(requestId).toEqual(expect.any(String));
      return others;
    };
    expect(rest.status).toBe(expected.status);
    expect(portal.status).toBe(expected.status);
    expect(strip(portal.json)).toEqual(strip(rest.json));
    expect(portal.json.apiErrorCode).toBe(expected.apiErrorCode);
    return portal.json;
  }

  test('too large, empty, wrong media type: the same status and body by either door', async () => {
    const big = 'x'.repeat(LIMIT + 1);
    const csv = { 'content-type': 'text/csv' };
    const tooLarge = await expectSameAnswer(() => big, csv, {
      status: 413,
      apiErrorCode: 'PAYLOAD_TOO_LARGE',
    });
    expect(tooLarge.message).toContain(`${LIMIT} bytes`);
    await expectSameAnswer(() => csvForm(big), {}, { status: 413, apiErrorCode: 'PAYLOAD_TOO_LARGE' });
    await expectSameAnswer(() => '', csv, { status: 400, apiErrorCode: 'VALIDATION_FAILED' });
    await expectSameAnswer(
      () => '{"a":1}',
      { 'content-type': 'application/json' },
      {
        status: 415,
        apiErrorCode: 'UNSUPPORTED_MEDIA_TYPE',
      },
    );
    expect(filesOf(q.alias)).toHaveLength(0);
  });

  test('the tenant quota counts both doors; over it, the same 507', async () => {
    expect(
      (await restUpload(q, 'r'.repeat(800), { headers: { 'content-type': 'text/csv' }, via: small })).status,
    ).toBe(200);
    expect((await portalUpload(session, csvForm('p'.repeat(600)), { via: small })).status).toBe(200);
    const over = await expectSameAnswer(
      () => csvForm('o'.repeat(200)),
      {},
      {
        status: 507,
        apiErrorCode: 'STORAGE_QUOTA_EXCEEDED',
      },
    );
    expect(over).toMatchObject({ quotaBytes: QUOTA, usedBytes: 1400 });
    expect(filesOf(q.alias)).toHaveLength(2);
  });
});
