import { createHash } from 'node:crypto';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/**
 * The size budget of the library, gzipped: 12 KB. The widget draws the share link's QR
 * code from a matrix the server encodes (shared/domain/referrals/share-qr.ts): bundling the encoder would have added
 * about 4.2 KB.
 */
export const BROWSER_LIBRARY_MAX_GZIP_BYTES = 12 * 1024;

export interface BrowserLibrary {
  /** One minified, dependency-free classic script (an IIFE). */
  code: string;
  /** First 10 hex digits of the code's SHA-256: the versioned file name and the ETag. */
  hash: string;
  /** The gzipped code, served to clients that accept gzip. */
  gzipped: Buffer;
  gzipBytes: number;
}

/**
 * Bundles clients/browser/src with esbuild, in memory. The gateway calls it at start-up, so `npm start`
 * serves the current source without a build step (services/gateway/gateway-deps.ts).
 */
export async function buildBrowserLibrary(): Promise<BrowserLibrary> {
  const result = await build({
    entryPoints: [path.join(__dirname, 'src', 'index.ts')],
    tsconfig: path.join(__dirname, 'tsconfig.json'),
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2019',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  const gzipped = gzipSync(code, { level: 9 });
  return {
    code,
    hash: createHash('sha256').update(code).digest('hex').slice(0, 10),
    gzipped,
    gzipBytes: gzipped.length,
  };
}
