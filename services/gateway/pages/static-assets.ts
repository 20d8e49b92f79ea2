import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A file the hosted pages load from the gateway itself (the CSP allows nothing else). */
export interface StaticAsset {
  body: Buffer;
  contentType: string;
  etag: string;
  /** Where pages link it: /static/{name}?v={hash}, so a changed file is fetched at once despite caching. */
  href: string;
}

function load(name: string, contentType: string): StaticAsset {
  const body = fs.readFileSync(path.join(__dirname, 'assets', name));
  const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 16);
  return { body, contentType, etag: `"${hash}"`, href: `/static/${name}?v=${hash}` };
}

/** Read once at start-up, served from memory by GET /static/{name}. */
export const STATIC_ASSETS: ReadonlyMap<string, StaticAsset> = new Map([
  ['landing.css', load('landing.css', 'text/css; charset=utf-8')],
  ['landing.js', load('landing.js', 'text/javascript; charset=utf-8')],
]);

export function staticAsset(name: string): StaticAsset {
  return STATIC_ASSETS.get(name)!;
}
