/**
 * The API described: GET /openapi.json, /schema.graphql and /docs through a real gateway, and the
 * committed copies in docs/ kept current (`npm run docs:api`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { printSchema } from 'graphql';
import { buildSchema } from '../../../services/gateway/graphql/schema';
import { buildOpenApiDocument } from '../../../services/gateway/openapi/document';
import { API_DOC_FILES } from '../../../services/gateway/openapi/doc-files';
import { REFERENCE_FILES, renderReferenceFiles } from '../../../scripts/reference/files';
import { PROJECT_ROOT } from '../../../shared/config';
import { startTestGateway, type TestGateway } from '../../helpers/harness';

let gw: TestGateway;

/**
 * A revalidation as a browser makes it. fetch() adds `Cache-Control: no-cache` to a request with
 * If-None-Match (its cache mode becomes no-store), which would ask for the full answer; a browser
 * revalidating sends max-age=0.
 */
const revalidate = (url: string, etag: string) =>
  fetch(url, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.close();
});

const committed = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

describe('the committed copies in docs/', () => {
  const current = renderReferenceFiles();
  test.each(Object.entries(REFERENCE_FILES))('%s (%s) is current', (name, file) => {
    const stale = committed(file) !== current[name as keyof typeof REFERENCE_FILES];
    if (stale) throw new Error(`${file} is stale: run \`npm run docs:api\` and commit the result`);
  });
});

describe('GET /openapi.json', () => {
  test('serves the document as built and as committed, cacheable with an ETag', async () => {
    const res = await fetch(`${gw.url}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const served = await res.json();
    expect(served).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(served).toEqual(JSON.parse(committed(API_DOC_FILES.openapi)));

    const again = await revalidate(`${gw.url}/openapi.json`, etag!);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await fetch(`${gw.url}/openapi.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
  });
});

describe('GET /schema.graphql', () => {
  test("serves the gateway's GraphQL SDL as committed", async () => {
    const res = await fetch(`${gw.url}/schema.graphql`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const sdl = await res.text();
    expect(sdl).toBe(printSchema(buildSchema()));
    expect(`${sdl}\n`).toBe(committed(API_DOC_FILES.sdl));
    expect(sdl).toContain('createJob(jobInput: JobInput!): Job!');
    const again = await revalidate(`${gw.url}/schema.graphql`, res.headers.get('etag')!);
    expect(again.status).toBe(304);
  });
});

describe('GET /docs', () => {
  test('is an HTML page with a strict CSP, loading only our own assets', async () => {
    const res = await fetch(`${gw.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const csp = res.headers.get('content-security-policy')!;
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.sort()).toEqual([
      '/docs/assets/docs.css',
      '/docs/assets/init.js',
      '/docs/assets/swagger-ui-bundle.js',
      '/docs/assets/swagger-ui.css',
      '/openapi.json',
      '/schema.graphql',
    ]);
    expect(html).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>|<style|\sstyle=|\son\w+=/i);
  });

  test('serves its allow-listed assets (gzipped when accepted, revalidated by ETag)', async () => {
    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'application/javascript; charset=utf-8'],
      ['swagger-ui.css', 'text/css; charset=utf-8'],
      ['init.js', 'application/javascript; charset=utf-8'],
      ['docs.css', 'text/css; charset=utf-8'],
    ]) {
      const res = await fetch(`${gw.url}/docs/assets/${file}`);
      expect([file, res.status, res.headers.get('content-type')]).toEqual([file, 200, type]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
      const again = await revalidate(`${gw.url}/docs/assets/${file}`, res.headers.get('etag')!);
      expect([file, again.status]).toEqual([file, 304]);
    }
    const init = await (await fetch(`${gw.url}/docs/assets/init.js`)).text();
    expect(init).toContain("url: '/openapi.json'");
    expect(init).toContain('validatorUrl: null');
  });

  test.each([
    'index.html',
    'swagger-initializer.js',
    'package.json',
    '..%2F..%2Fpackage.json',
    '%2e%2e%2fpackage.json',
    'swagger-ui-bundle.js.map',
    '__proto__',
    'constructor',
  ])('any other file (%s) is 404', async (file) => {
    const res = await fetch(`${gw.url}/docs/assets/${file}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, apiErrorCode: 'NOT_FOUND' });
  });

  test('a traversal out of /docs/assets never reaches a file', async () => {
    for (const p of [
      '/docs/assets/../../package.json',
      '/docs/assets/x/../../../package.json',
      '/docs/../package.json',
    ]) {
      const res = await fetch(`${gw.url}${p}`);
      expect([p, res.status]).toEqual([p, 404]);
      expect(await res.text()).not.toContain('"dependencies"');
    }
  });
});
