import { createHash } from 'node:crypto';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/**
 * The size budgets, gzipped at level 9: 12 KB for the library every page loads (init, codes, events,
 * share links, the friend offer, and the widget's loading and error states), and 12 KB for the widget's
 * drawing script, which only a page that shows the widget loads. The widget draws the share link's QR
 * code from a matrix the server encodes (shared/domain/referrals/share-qr.ts): bundling the encoder
 * would have added about 4.2 KB.
 */
export const BROWSER_LIBRARY_MAX_GZIP_BYTES = 12 * 1024;
export const WIDGET_DRAWING_MAX_GZIP_BYTES = 12 * 1024;

/** One minified, dependency-free classic script (an IIFE), as the gateway serves it. */
export interface BrowserScript {
  code: string;
  /** First 10 hex digits of the code's SHA-256: the versioned file name and the ETag. */
  hash: string;
  /** The gzipped code, served to clients that accept gzip. */
  gzipped: Buffer;
  gzipBytes: number;
}

export interface BrowserLibrary extends BrowserScript {
  /** The widget's drawing script, served beside the library. */
  widgetDrawing: BrowserScript & {
    /** Its name under /js/, beside the library's referral-{hash}.js: referral-widget-{hash}.js. */
    fileName: string;
    /** Its Subresource Integrity value (sha384-…), which the library checks when it loads it. */
    integrity: string;
  };
}

async function bundle(entry: string, define: Record<string, string> = {}): Promise<BrowserScript> {
  const result = await build({
    entryPoints: [path.join(__dirname, 'src', entry)],
    tsconfig: path.join(__dirname, 'tsconfig.json'),
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2019',
    legalComments: 'none',
    define,
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

/**
 * Bundles clients/browser/src with esbuild, in memory: the drawing script first, then the library with
 * the drawing script's file name and integrity built in (so a new drawing script is a new library
 * version too). The gateway calls it at start-up, so `npm start` serves the current source without a
 * build step (services/gateway/gateway-deps.ts).
 */
export async function buildBrowserLibrary(): Promise<BrowserLibrary> {
  const drawing = await bundle('widget-drawing/index.ts');
  const integrity = `sha384-${createHash('sha384').update(drawing.code).digest('base64')}`;
  const fileName = `referral-widget-${drawing.hash}.js`;
  const library = await bundle('index.ts', {
    __WIDGET_DRAWING_FILE__: JSON.stringify(fileName),
    __WIDGET_DRAWING_INTEGRITY__: JSON.stringify(integrity),
  });
  return { ...library, widgetDrawing: { ...drawing, fileName, integrity } };
}
