import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/*
 * The API reference page (/docs): Swagger UI from swagger-ui-dist, served by the gateway from an
 * allow-list of files (never a directory), with our own init script and styles (the header, and a theme
 * with WCAG AA contrast; init.js adds the names and landmarks Swagger UI leaves out and renders no link
 * inside an operation's button: axe reports nothing, test/browser/api-reference.test.ts). Its headers are
 * the admin portal's (pages/app-page-csp.ts), the policy unchanged: Swagger UI (React) sets styles
 * through the CSSOM, which CSP allows, and injects no <style> or inline script; its CSS images are
 * data: URIs. Checked in test/browser/api-reference.test.ts (no CSP violation in the console).
 */

export interface ReferenceAsset {
  type: string;
  plain: Buffer;
  gzipped: Buffer;
  etag: string;
}

const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const OURS = path.join(__dirname, 'reference-page');

/** The only files served under /docs/assets/: name → where it comes from and its type. */
const ALLOWED: Record<string, { file: string; type: string }> = {
  'swagger-ui-bundle.js': {
    file: path.join(SWAGGER_UI, 'swagger-ui-bundle.js'),
    type: 'application/javascript; charset=utf-8',
  },
  'swagger-ui.css': { file: path.join(SWAGGER_UI, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'init.js': { file: path.join(OURS, 'init.js'), type: 'application/javascript; charset=utf-8' },
  'docs.css': { file: path.join(OURS, 'docs.css'), type: 'text/css; charset=utf-8' },
};

const loaded = new Map<string, ReferenceAsset>();

/** An allowed asset, read and gzipped once per process on first use; undefined for any other name. */
export function referenceAsset(name: string): ReferenceAsset | undefined {
  if (!Object.hasOwn(ALLOWED, name)) return undefined;
  let asset = loaded.get(name);
  if (!asset) {
    const { file, type } = ALLOWED[name]!;
    const plain = fs.readFileSync(file);
    const hash = crypto.createHash('sha256').update(plain).digest('base64url').slice(0, 22);
    asset = { type, plain, gzipped: gzipSync(plain), etag: `"${hash}"` };
    loaded.set(name, asset);
  }
  return asset;
}

/** The page: Swagger UI's stylesheet and script, our header, theme and init script; nothing inline. */
export const REFERENCE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Referral service API reference</title>
    <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
    <link rel="stylesheet" href="/docs/assets/docs.css" />
    <script src="/docs/assets/swagger-ui-bundle.js" defer></script>
    <script src="/docs/assets/init.js" defer></script>
  </head>
  <body>
    <header class="reference-bar">
      <strong>Referral service API reference</strong>
      <a href="/openapi.json">OpenAPI document (JSON)</a>
      <a href="/schema.graphql">GraphQL schema (SDL)</a>
    </header>
    <div id="swagger-ui"></div>
    <noscript><p>The API reference needs JavaScript; the document itself is at /openapi.json.</p></noscript>
  </body>
</html>
`;
