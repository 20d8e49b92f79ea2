/**
 * Import file upload (POST /export/upload) and download (GET /export/download): multipart and raw
 * bodies streamed to file storage, size limits that leave no file behind, and file references that only
 * ever resolve inside the tenant's own storage.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import {
  basic,
  createTestTenant,
  startTestGateway,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';
import { storedImportFiles } from '../../helpers/imports';

const LIMIT = 1000;
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referral-files-'));
let gw: TestGateway;
let small: TestGateway;
let tenant: IssuedKey;
let other: IssuedKey;

beforeAll(async () => {
  gw = await startTestGateway({ config: testConfig({ FILE_STORAGE_DIR: storageDir }) });
  small = await startTestGateway({
    config: testConfig({ FILE_STORAGE_DIR: storageDir, UPLOAD_MAX_BYTES: String(LIMIT) }),
  });
  tenant = await createTestTenant(gw.deps.db, 'files');
  other = await createTestTenant(gw.deps.db, 'files');
});
afterAll(async () => {
  await Promise.all([gw?.close(), small?.close()]);
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const filesOf = (alias: string): string[] => storedImportFiles(storageDir, alias);

function upload(
  body: NonNullable<RequestInit['body']>,
  headers: Record<string, string> = {},
  options: { via?: TestGateway; query?: string; who?: IssuedKey } = {},
) {
  const who = options.who ?? tenant;
  return fetch(`${(options.via ?? gw).api(who.alias)}/export/upload${options.query ?? ''}`, {
    method: 'POST',
    headers: { authorization: basic(who.apiKey), ...headers },
    body,
    ...(body instanceof ReadableStream && { duplex: 'half' }),
  } as RequestInit);
}

function download(fileRef: string, who: IssuedKey = tenant) {
  return fetch(`${gw.api(who.alias)}/export/download?fileRef=${encodeURIComponent(fileRef)}`, {
    headers: { authorization: basic(who.apiKey) },
  });
}

const refShape = (alias: string, name: string) =>
  new RegExp(`^imports/${alias}/\\d{4}-\\d{2}-\\d{2}/[0-9a-f-]{36}/${name.replace('.', '\\.')}$`);

describe('upload', () => {
  test('multipart/form-data, part "file": stored as sent, under a fresh tenant-scoped fileRef', async () => {
    const csv = 'id,accountId,email\nu1,a1,u1@example.com\r\nu2,a2,"quoted, with comma"\n';
    const form = new FormData();
    form.append('note', 'ignored field');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'users.csv');
    const res = await upload(form);
    expect(res.status).toBe(200);
    const { fileRef } = (await res.json()) as { fileRef: string };
    expect(fileRef).toMatch(refShape(tenant.alias, 'users.csv'));
    expect(fs.readFileSync(path.join(storageDir, fileRef), 'utf8')).toBe(csv);

    const back = await download(fileRef);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(back.headers.get('content-disposition')).toMatch(/users\.csv/);
    expect(await back.text()).toBe(csv);
  });

  test.each([
    ['text/csv with ?filename=', 'text/csv', {}, '?filename=events.csv', 'events.csv'],
    [
      'x-ndjson with Content-Disposition',
      'application/x-ndjson',
      { 'content-disposition': 'attachment; filename="rows.jsonl"' },
      '',
      'rows.jsonl',
    ],
    ['octet-stream without a name', 'application/octet-stream', {}, '', 'upload'],
    [
      'a hostile name',
      'text/csv',
      {},
      `?filename=${encodeURIComponent('../../etc/pa ss\\wd.csv')}`,
      'wd.csv',
    ],
  ])('a raw body: %s', async (_name, type, headers, query, expectedName) => {
    const content = `line-1\nline-2 ${crypto.randomUUID()}\n`;
    const res = await upload(content, { 'content-type': type, ...headers }, { query });
    expect(res.status).toBe(200);
    const { fileRef } = (await res.json()) as { fileRef: string };
    expect(fileRef).toMatch(refShape(tenant.alias, expectedName));
    expect(await (await download(fileRef)).text()).toBe(content);
  });

  test('a streamed (chunked) body of 5 MB arrives whole', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const hash = crypto.createHash('sha256');
    const body = Readable.toWeb(
      Readable.from(
        (function* () {
          for (let i = 0; i < 80; i += 1) {
            hash.update(chunk);
            yield chunk;
          }
        })(),
      ),
    ) as ReadableStream;
    const res = await upload(
      body,
      { 'content-type': 'application/octet-stream' },
      { query: '?filename=big.bin' },
    );
    expect(res.status).toBe(200);
    const { fileRef } = (await res.json()) as { fileRef: string };
    const stored = fs.readFileSync(path.join(storageDir, fileRef));
    expect(stored.length).toBe(80 * 64 * 1024);
    expect(crypto.createHash('sha256').update(stored).digest('hex')).toBe(hash.digest('hex'));
  });

  test('an empty file is 400 and leaves nothing', async () => {
    const before = filesOf(other.alias).length;
    const res = await upload('', { 'content-type': 'text/csv' }, { who: other });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { validationErrors: unknown[] }).validationErrors).toEqual([
      { path: 'file', message: 'must not be empty' },
    ]);
    expect(filesOf(other.alias)).toHaveLength(before);
  });

  test('multipart without a "file" part is 400 naming it; another content type is 415', async () => {
    const form = new FormData();
    form.append('upload', new Blob(['x']), 'a.csv');
    const missing = await upload(form);
    expect(missing.status).toBe(400);
    expect(
      ((await missing.json()) as { validationErrors: { path: string }[] }).validationErrors[0]!.path,
    ).toBe('file');
    const json = await upload('{}', { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
  });

  test('the API key is required', async () => {
    const res = await fetch(`${gw.api(tenant.alias)}/export/upload`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a\n',
    });
    expect(res.status).toBe(401);
  });
});

describe(`over UPLOAD_MAX_BYTES (${LIMIT}): 413, and no file is left`, () => {
  const tooBig = 'x'.repeat(LIMIT + 1);

  test('declared by Content-Length', async () => {
    const res = await upload(tooBig, { 'content-type': 'text/csv' }, { via: small, who: other });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { apiErrorCode: string }).apiErrorCode).toBe('PAYLOAD_TOO_LARGE');
  });

  test('found while streaming a chunked body', async () => {
    const before = filesOf(other.alias).length;
    const body = Readable.toWeb(
      Readable.from([Buffer.from('x'.repeat(600)), Buffer.from('y'.repeat(600))]),
    ) as ReadableStream;
    const res = await upload(body, { 'content-type': 'text/csv' }, { via: small, who: other });
    expect(res.status).toBe(413);
    expect(filesOf(other.alias)).toHaveLength(before);
  });

  test('inside a multipart body', async () => {
    const before = filesOf(other.alias).length;
    const form = new FormData();
    form.append('file', new Blob([tooBig]), 'big.csv');
    const res = await upload(form, {}, { via: small, who: other });
    expect(res.status).toBe(413);
    expect(filesOf(other.alias)).toHaveLength(before);
  });

  test('exactly the limit is accepted', async () => {
    const res = await upload('z'.repeat(LIMIT), { 'content-type': 'text/csv' }, { via: small, who: other });
    expect(res.status).toBe(200);
  });
});

describe('a fileRef only resolves inside its own tenant', () => {
  let mine: string;
  beforeAll(async () => {
    const res = await upload(
      'secret,data\n',
      { 'content-type': 'text/csv' },
      { query: '?filename=secret.csv' },
    );
    mine = ((await res.json()) as { fileRef: string }).fileRef;
  });

  test.each([
    ["another tenant's ref", () => mine, () => other],
    ['a relative climb', () => `imports/${other.alias}/../${tenant.alias}/x.csv`, () => other],
    ['dot-dot inside the shape', () => mine.replace(/[^/]+$/, '..'), () => tenant],
    ['an absolute path', () => path.join(storageDir, mine), () => tenant],
    ['/etc/passwd', () => '/etc/passwd', () => tenant],
    ['percent-encoded traversal', () => `imports/${tenant.alias}/%2e%2e/%2e%2e/etc/passwd`, () => tenant],
    ['a NUL byte', () => `${mine}\u0000.txt`, () => tenant],
    ['a backslash', () => mine.replace(/\/([^/]+)$/, '\\$1'), () => tenant],
    [
      'a well-formed ref that does not exist',
      () => mine.replace(/[0-9a-f-]{36}/, crypto.randomUUID()),
      () => tenant,
    ],
  ])('%s is 404', async (_name, ref, who) => {
    const res = await download(ref(), who());
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/secret/);
  });

  test('and the owner still reads it', async () => {
    expect(await (await download(mine)).text()).toBe('secret,data\n');
  });
});
