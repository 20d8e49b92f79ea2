/**
 * The browser library as the gateway serves it (services/gateway/routes/browser-library.routes.ts): one
 * classic script at an immutable, content-hashed URL with an ETag, gzipped within the 12 KB budget, and
 * the /js/referral.js alias that merchants paste, redirecting to the current version; beside it the
 * widget's drawing script, served alike within its own 12 KB budget, whose name and Subresource Integrity
 * hash are built into the library.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import vm from 'node:vm';
import { gunzipSync } from 'node:zlib';
import {
  BROWSER_LIBRARY_MAX_GZIP_BYTES,
  WIDGET_DRAWING_MAX_GZIP_BYTES,
} from '../../../clients/browser/build';
import { startTestGateway, type TestGateway } from '../../helpers/harness';

/** A GET without fetch's automatic decompression, so the bytes on the wire can be counted. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

describe('browser library', () => {
  let gw: TestGateway;
  let versioned: string;
  beforeAll(async () => {
    gw = await startTestGateway();
    versioned = `/js/referral-${gw.deps.browserLibrary.hash}.js`;
  });
  afterAll(() => gw.close());

  test('/js/referral.js redirects to the current version and is never cached as such', async () => {
    const res = await fetch(`${gw.url}/js/referral.js`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!, `${gw.url}/js/referral.js`).pathname).toBe(versioned);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    // A script tag follows it to the code.
    const followed = await fetch(`${gw.url}/js/referral.js`);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toBe(gw.deps.browserLibrary.code);
  });

  test('the versioned file is immutable JavaScript named by its content hash', async () => {
    const res = await get(`${gw.url}${versioned}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['content-encoding']).toBeUndefined();
    const code = res.body.toString('utf8');
    expect(code).toBe(gw.deps.browserLibrary.code);
    const sha = crypto.createHash('sha256').update(res.body).digest('hex');
    expect(versioned).toBe(`/js/referral-${sha.slice(0, 10)}.js`);
    expect(res.headers.etag).toBe(`"${sha.slice(0, 10)}"`);
  });

  test('a matching If-None-Match is a 304 without a body, a stale one gets the file', async () => {
    const first = await get(`${gw.url}${versioned}`);
    const etag = first.headers.etag!;
    const again = await get(`${gw.url}${versioned}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const stale = await get(`${gw.url}${versioned}`, { 'if-none-match': '"0000000000"' });
    expect(stale.status).toBe(200);
    expect(stale.body.toString('utf8')).toBe(gw.deps.browserLibrary.code);
  });

  test.each([
    [
      'the library',
      () => ({ file: versioned, script: gw.deps.browserLibrary }),
      BROWSER_LIBRARY_MAX_GZIP_BYTES,
    ],
    [
      "the widget's drawing script",
      () => ({
        file: `/js/${gw.deps.browserLibrary.widgetDrawing.fileName}`,
        script: gw.deps.browserLibrary.widgetDrawing,
      }),
      WIDGET_DRAWING_MAX_GZIP_BYTES,
    ],
  ])('%s: gzipped on the wire within its 12 KB budget, with its own ETag', async (_, which, budget) => {
    const { file, script } = which();
    const res = await get(`${gw.url}${file}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.length).toBe(script.gzipBytes);
    expect(budget).toBe(12 * 1024);
    expect(res.body.length).toBeLessThanOrEqual(budget);
    expect(gunzipSync(res.body).toString('utf8')).toBe(script.code);
    const etag = res.headers.etag!;
    expect(etag).not.toBe(`"${script.hash}"`);
    const again = await get(`${gw.url}${file}`, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  test("the widget's drawing script: immutable, named by its hash, its integrity hash in the library", async () => {
    const drawing = gw.deps.browserLibrary.widgetDrawing;
    const res = await get(`${gw.url}/js/${drawing.fileName}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A script loaded with `integrity` is a CORS request: any merchant's origin may read it.
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const sha = crypto.createHash('sha256').update(res.body).digest('hex');
    expect(drawing.fileName).toBe(`referral-widget-${sha.slice(0, 10)}.js`);
    expect(res.headers.etag).toBe(`"${sha.slice(0, 10)}"`);
    const integrity = `sha384-${crypto.createHash('sha384').update(res.body).digest('base64')}`;
    expect(drawing.integrity).toBe(integrity);
    // The library asks for exactly this file, with exactly this hash; the drawing code is not in it.
    const library = gw.deps.browserLibrary.code;
    expect(library).toContain(JSON.stringify(drawing.fileName));
    expect(library).toContain(JSON.stringify(integrity));
    expect(library).not.toContain('Top referrers');
    expect(drawing.code).toContain('Top referrers');
    expect(() => new vm.Script(drawing.code)).not.toThrow();
    expect(drawing.code).not.toMatch(/\bimport\s*\(|\brequire\s*\(/);
  });

  test('an unknown version is a 404, and only GET and HEAD are answered', async () => {
    for (const name of ['referral-0123456789.js', 'referral-widget-0123456789.js']) {
      const unknown = await fetch(`${gw.url}/js/${name}`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ statusCode: 404, apiErrorCode: 'NOT_FOUND' });
    }
    const head = await fetch(`${gw.url}${versioned}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await fetch(`${gw.url}${versioned}`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  test('one classic script with no imports, which defines the globals when run', () => {
    const { code } = gw.deps.browserLibrary;
    // A classic script compiles as one: no `import`/`export` statements (a module would not compile).
    expect(() => new vm.Script(code)).not.toThrow();
    expect(code).not.toMatch(/\bimport\s*\(|\brequire\s*\(/);
    // Run against the smallest page it needs: it installs window.referral and drains the queue.
    const pushed: unknown[] = [];
    const page: Record<string, any> = {
      location: {
        href: 'https://shop.example/',
        origin: 'https://shop.example',
        search: '',
        protocol: 'https:',
      },
      document: { currentScript: null, querySelector: () => null, cookie: '', documentElement: {} },
      console: { error: (...args: unknown[]) => pushed.push(args) },
      _sqh: [['no-such-command']],
      URLSearchParams,
      URL,
    };
    page.window = page;
    vm.runInNewContext(code, page);
    expect(typeof page.referral.init).toBe('function');
    expect(typeof page.referral.autofill).toBe('function');
    expect(typeof page.referral.widget).toBe('function');
    expect(typeof page.referral.events.track).toBe('function');
    expect(typeof page._sqh.push).toBe('function');
    expect(pushed).toEqual([['referral: unknown command', 'no-such-command']]);
  });
});
