import { createHash } from 'node:crypto';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { generatedDocuments } from './generated-documents';

/** The admin portal's two assets, bundled in memory and served by services/gateway/routes/admin-portal.routes.ts. */
export interface AdminPortal {
  /** One minified ES2020 script (an IIFE): Preact, uPlot and the app. */
  js: string;
  /** One minified stylesheet: uPlot's and src/styles.css. */
  css: string;
  /** First 10 hex digits of the SHA-256 of each: the versioned file names and the ETags. */
  jsHash: string;
  cssHash: string;
  /** The gzipped assets, served to clients that accept gzip. */
  jsGzipped: Buffer;
  cssGzipped: Buffer;
}

const SRC = path.join(__dirname, 'src');

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

async function bundleScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(SRC, 'main.tsx')],
    tsconfig: path.join(__dirname, 'tsconfig.json'),
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    plugins: [generatedDocuments(SRC)],
  });
  return result.outputFiles[0]!.text;
}

async function bundleStyles(): Promise<string> {
  const result = await build({
    stdin: {
      contents: '@import "uplot/dist/uPlot.min.css";\n@import "./styles.css";\n',
      resolveDir: SRC,
      sourcefile: 'portal.css',
      loader: 'css',
    },
    bundle: true,
    minify: true,
    target: ['chrome100', 'firefox100', 'safari15'],
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

async function bundle(): Promise<AdminPortal> {
  const [js, css] = await Promise.all([bundleScript(), bundleStyles()]);
  return {
    js,
    css,
    jsHash: hashOf(js),
    cssHash: hashOf(css),
    jsGzipped: gzipSync(js, { level: 9 }),
    cssGzipped: gzipSync(css, { level: 9 }),
  };
}

let built: Promise<AdminPortal> | undefined;

/**
 * Bundles clients/admin/src (src/main.tsx and its CSS) with esbuild, in memory, once per process: the
 * gateway calls it at start-up (services/gateway/gateway-deps.ts), so `npm start` serves the current
 * source without a build step. A failed build is not remembered.
 */
export function buildAdminPortal(): Promise<AdminPortal> {
  built ??= bundle().catch((err: unknown) => {
    built = undefined;
    throw err;
  });
  return built;
}
