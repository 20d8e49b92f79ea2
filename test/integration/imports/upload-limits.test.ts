/**
 * POST /export/upload under hostile or careless clients: truncated and malformed multipart
 * bodies, clients that go away mid-body, bodies that stall, and the per-tenant storage quota. Every case
 * keeps nothing, and the gateway answers /healthz and /readyz afterwards.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import {
  basic,
  createTestTenant,
  startTestGateway,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';
import { storedImportFiles } from '../../helpers/imports';

const QUOTA = 2000;
const IDLE_MS = 400;
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referral-upload-limits-'));
let gw: TestGateway;
let tenant: IssuedKey;

beforeAll(async () => {
  gw = await startTestGateway({
    config: testConfig({
      FILE_STORAGE_DIR: storageDir,
      UPLOAD_QUOTA_BYTES: String(QUOTA),
      UPLOAD_MAX_BYTES: '1500',
      UPLOAD_IDLE_TIMEOUT_MS: String(IDLE_MS),
    }),
  });
  tenant = await createTestTenant(gw.deps.db, 'upl');
});
afterAll(async () => {
  await gw?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const filesOf = (alias: string): string[] => storedImportFiles(storageDir, alias);

async function storedRows(who: IssuedKey): Promise<{ file_ref: string; bytes: string }[]> {
  return gw.deps
    .db('stored_files')
    .join('tenants', 'tenants.id', 'stored_files.tenant_id')
    .where('tenants.alias', who.alias)
    .select('file_ref', 'bytes');
}

async function expectAlive(): Promise<void> {
  expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${gw.url}/readyz`)).status).toBe(200);
}

interface RawAnswer {
  status: number;
  body: Record<string, any>;
  headers: http.IncomingHttpHeaders;
}

/**
 * Sends a request whose body is written by `send` (which may stop early), and resolves with the answer,
 * or with undefined when the connection ends without one.
 */
function rawUpload(
  who: IssuedKey,
  headers: Record<string, string | number>,
  send: (req: http.ClientRequest) => void,
): Promise<RawAnswer | undefined> {
  return new Promise((resolve) => {
    const url = new URL(`${gw.api(who.alias)}/export/upload`);
    const req = http.request(
      url,
      { method: 'POST', headers: { authorization: basic(who.apiKey), ...headers }, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: JSON.parse(text), headers: res.headers }),
        );
        res.on('error', () => resolve(undefined));
      },
    );
    req.on('error', () => resolve(undefined));
    send(req);
  });
}

const MULTIPART = 'multipart/form-data; boundary=XyZ';
const TRUNCATED =
  '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="t.csv"\r\n\r\nid,accountId\nu,a\n';

describe('malformed multipart bodies are 400 VALIDATION_FAILED and keep nothing', () => {
  test.each([
    ['a file part whose closing boundary never comes', TRUNCATED],
    [
      'a part header that never ends',
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="t.csv"\r\n',
    ],
    [
      'a malformed part header',
      '--XyZ\r\nContent-Disposition form-data name file\x00\r\n\r\nabc\r\n--XyZ--\r\n',
    ],
    ['a body that is not multipart at all', 'hello, world'],
    [
      'a complete file part, then a truncated second part',
      `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="t.csv"\r\n\r\nid,accountId\nu,a\n\r\n--XyZ\r\nContent-Disposition: form-data; name="note"\r\n\r\nnot ended`,
    ],
  ])('%s', async (_name, body) => {
    const before = filesOf(tenant.alias).length;
    const answer = await rawUpload(
      tenant,
      { 'content-type': MULTIPART, 'content-length': Buffer.byteLength(body) },
      (req) => req.end(body),
    );
    expect(answer?.status).toBe(400);
    expect(answer?.body).toMatchObject({ statusCode: 400, apiErrorCode: 'VALIDATION_FAILED' });
    expect(answer?.body.message).toMatch(/multipart/i);
    expect(filesOf(tenant.alias)).toHaveLength(before);
    await expectAlive();
  });

  test('multipart/form-data without a boundary is 400', async () => {
    const answer = await rawUpload(
      tenant,
      { 'content-type': 'multipart/form-data', 'content-length': 3 },
      (req) => req.end('abc'),
    );
    expect(answer?.status).toBe(400);
    await expectAlive();
  });
});

describe('a client that goes away mid-body leaves nothing behind', () => {
  test.each([
    ['multipart', MULTIPART, TRUNCATED],
    ['raw', 'text/csv', 'id,accountId\nu1,a1\n'],
  ])('%s', async (_name, type, start) => {
    const before = filesOf(tenant.alias).length;
    const socket = net.connect(Number(new URL(gw.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      [
        `POST /api/v1/${tenant.alias}/export/upload HTTP/1.1`,
        'Host: 127.0.0.1',
        `Authorization: ${basic(tenant.apiKey)}`,
        `Content-Type: ${type}`,
        'Content-Length: 1400',
        '',
        start,
      ].join('\r\n'),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    socket.destroy();
    // The storage removes the partial file once the request's stream has failed.
    for (let i = 0; i < 40 && filesOf(tenant.alias).length !== before; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(filesOf(tenant.alias)).toHaveLength(before);
    await expectAlive();
  });
});

describe(`a body that stalls for UPLOAD_IDLE_TIMEOUT_MS (${IDLE_MS} ms) is 408 and keeps nothing`, () => {
  test.each([
    ['raw', 'text/csv', 'id,accountId\nu1,a1\n'],
    ['multipart', MULTIPART, TRUNCATED],
  ])('%s', async (_name, type, start) => {
    const before = filesOf(tenant.alias).length;
    const started = Date.now();
    let request: http.ClientRequest | undefined;
    const answer = await rawUpload(tenant, { 'content-type': type, 'content-length': 1400 }, (req) => {
      request = req;
      req.write(start);
    });
    request?.destroy();
    expect(answer?.status).toBe(408);
    expect(answer?.body).toMatchObject({ statusCode: 408, apiErrorCode: 'REQUEST_TIMEOUT' });
    expect(answer?.headers.connection).toBe('close');
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(filesOf(tenant.alias)).toHaveLength(before);
    await expectAlive();
  });

  test('a slow body that keeps arriving is not cut off', async () => {
    const chunks = ['id,accountId\n', 'u1,a1\n', 'u2,a2\n', 'u3,a3\n'];
    const body = chunks.join('');
    const answer = await rawUpload(
      tenant,
      { 'content-type': 'text/csv', 'content-length': Buffer.byteLength(body) },
      (req) => {
        void (async () => {
          for (const chunk of chunks) {
            req.write(chunk);
            await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 2));
          }
          req.end();
        })();
      },
    );
    expect(answer?.status).toBe(200);
    const ref = answer!.body.fileRef as string;
    expect(fs.readFileSync(path.join(storageDir, ref), 'utf8')).toBe(body);
    expect((await storedRows(tenant)).map((r) => r.file_ref)).toContain(ref);
  });
});

describe(`UPLOAD_QUOTA_BYTES (${QUOTA}) per tenant`, () => {
  let who: IssuedKey;
  let other: IssuedKey;
  beforeAll(async () => {
    who = await createTestTenant(gw.deps.db, 'quota');
    other = await createTestTenant(gw.deps.db, 'quota');
  });

  const send = (as: IssuedKey, bytes: number, options: { chunked?: boolean; multipart?: boolean } = {}) => {
    const content = 'q'.repeat(bytes);
    if (options.multipart) {
      const form = new FormData();
      form.append('file', new Blob([content]), 'q.csv');
      return fetch(`${gw.api(as.alias)}/export/upload`, {
        method: 'POST',
        headers: { authorization: basic(as.apiKey) },
        body: form,
      });
    }
    const body = options.chunked
      ? new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(content));
            controller.close();
          },
        })
      : content;
    return fetch(`${gw.api(as.alias)}/export/upload`, {
      method: 'POST',
      headers: { authorization: basic(as.apiKey), 'content-type': 'text/csv' },
      body,
      ...(options.chunked && { duplex: 'half' }),
    } as RequestInit);
  };

  test('uploads fit until the quota; then 507 with a clear message, by every way of sending, keeping nothing', async () => {
    expect((await send(who, 1200)).status).toBe(200);
    expect((await send(who, 500)).status).toBe(200);
    const used = 1700;
    for (const options of [{}, { chunked: true }, { multipart: true }]) {
      const res = await send(who, 400, options);
      expect(res.status).toBe(507);
      const body = (await res.json()) as Record<string, any>;
      expect(body).toMatchObject({
        statusCode: 507,
        apiErrorCode: 'STORAGE_QUOTA_EXCEEDED',
        quotaBytes: QUOTA,
        usedBytes: used,
      });
      expect(body.message).toContain(`quota of ${QUOTA} bytes`);
    }
    expect(filesOf(who.alias)).toHaveLength(2);
    expect((await storedRows(who)).map((r) => Number(r.bytes)).sort()).toEqual([1200, 500]);
    // What still fits is accepted; another tenant has its own quota.
    expect((await send(who, 300)).status).toBe(200);
    expect((await send(who, 1)).status).toBe(507);
    expect((await send(other, 1500)).status).toBe(200);
    await expectAlive();
  });

  test('concurrent uploads never take a tenant past its quota together', async () => {
    const racer = await createTestTenant(gw.deps.db, 'quota');
    expect((await send(racer, 1500)).status).toBe(200);
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => send(racer, 400).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 507)).toHaveLength(5);
    const rows = await storedRows(racer);
    expect(rows.reduce((sum, r) => sum + Number(r.bytes), 0)).toBe(1900);
    expect(filesOf(racer.alias)).toHaveLength(2);
  });

  test('a file declared larger than the whole quota is 413', async () => {
    const small = await startTestGateway({
      config: testConfig({ FILE_STORAGE_DIR: storageDir, UPLOAD_QUOTA_BYTES: '100' }),
    });
    try {
      const fresh = await createTestTenant(small.deps.db, 'quota');
      const res = await fetch(`${small.api(fresh.alias)}/export/upload`, {
        method: 'POST',
        headers: { authorization: basic(fresh.apiKey), 'content-type': 'text/csv' },
        body: 'x'.repeat(101),
      });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { message: string }).message).toContain('storage quota of 100 bytes');
      expect(filesOf(fresh.alias)).toHaveLength(0);
    } finally {
      await small.close();
    }
  });
});
