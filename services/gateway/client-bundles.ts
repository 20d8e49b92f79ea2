import fs from 'node:fs';
import path from 'node:path';
import type * as AdminBuild from '../../clients/admin/build';
import type { AdminPortal } from '../../clients/admin/build';
import type * as BrowserBuild from '../../clients/browser/build';
import type { BrowserLibrary } from '../../clients/browser/build';
import { PREBUILT_DIR } from '../../shared/prebuilt';

/** The browser bundles the gateway serves: the merchant's library (with its widget drawing script) and the admin portal. */
export interface ClientBundles {
  browserLibrary: BrowserLibrary;
  adminPortal: AdminPortal;
  /** Where they came from: `npm run build`'s files, or esbuild at this start (the development path). */
  source: 'prebuilt' | 'bundled';
}

const FILES = {
  manifest: 'clients.json',
  library: 'browser-library.js',
  widgetDrawing: 'browser-widget-drawing.js',
  portalJs: 'admin-portal.js',
  portalCss: 'admin-portal.css',
} as const;

interface Manifest {
  libraryHash: string;
  widgetDrawingHash: string;
  widgetDrawingFileName: string;
  widgetDrawingIntegrity: string;
  portalJsHash: string;
  portalCssHash: string;
}

/** `npm run build` (scripts/build.ts): the bundles and their gzipped forms, hashed as the gateway serves them. */
export function writeClientBundles(dir: string, bundles: Omit<ClientBundles, 'source'>): void {
  const { browserLibrary: lib, adminPortal: portal } = bundles;
  const write = (name: string, text: string, gzipped: Buffer) => {
    fs.writeFileSync(path.join(dir, name), text);
    fs.writeFileSync(path.join(dir, `${name}.gz`), gzipped);
  };
  write(FILES.library, lib.code, lib.gzipped);
  write(FILES.widgetDrawing, lib.widgetDrawing.code, lib.widgetDrawing.gzipped);
  write(FILES.portalJs, portal.js, portal.jsGzipped);
  write(FILES.portalCss, portal.css, portal.cssGzipped);
  const manifest: Manifest = {
    libraryHash: lib.hash,
    widgetDrawingHash: lib.widgetDrawing.hash,
    widgetDrawingFileName: lib.widgetDrawing.fileName,
    widgetDrawingIntegrity: lib.widgetDrawing.integrity,
    portalJsHash: portal.jsHash,
    portalCssHash: portal.cssHash,
  };
  fs.writeFileSync(path.join(dir, FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The bundles writeClientBundles wrote to `dir`. */
export function readClientBundles(dir: string): ClientBundles {
  const read = (name: string) => {
    const file = path.join(dir, name);
    if (!fs.existsSync(file))
      throw new Error(`${file} is missing: run \`npm run build\` before starting from dist/`);
    return fs.readFileSync(file);
  };
  const manifest = JSON.parse(read(FILES.manifest).toString('utf8')) as Manifest;
  const libraryGzipped = read(`${FILES.library}.gz`);
  const drawingGzipped = read(`${FILES.widgetDrawing}.gz`);
  return {
    source: 'prebuilt',
    browserLibrary: {
      code: read(FILES.library).toString('utf8'),
      hash: manifest.libraryHash,
      gzipped: libraryGzipped,
      gzipBytes: libraryGzipped.length,
      widgetDrawing: {
        code: read(FILES.widgetDrawing).toString('utf8'),
        hash: manifest.widgetDrawingHash,
        fileName: manifest.widgetDrawingFileName,
        integrity: manifest.widgetDrawingIntegrity,
        gzipped: drawingGzipped,
        gzipBytes: drawingGzipped.length,
      },
    },
    adminPortal: {
      js: read(FILES.portalJs).toString('utf8'),
      css: read(FILES.portalCss).toString('utf8'),
      jsHash: manifest.portalJsHash,
      cssHash: manifest.portalCssHash,
      jsGzipped: read(`${FILES.portalJs}.gz`),
      cssGzipped: read(`${FILES.portalCss}.gz`),
    },
  };
}

/** esbuild, loaded only on this path: the production image has no esbuild at all. */
export async function bundleClients(): Promise<Omit<ClientBundles, 'source'>> {
  // A require inside the function, so that nothing loads esbuild unless this path runs.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { buildBrowserLibrary } = require('../../clients/browser/build') as typeof BrowserBuild;
  const { buildAdminPortal } = require('../../clients/admin/build') as typeof AdminBuild;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const [browserLibrary, adminPortal] = await Promise.all([buildBrowserLibrary(), buildAdminPortal()]);
  return { browserLibrary, adminPortal };
}

let loaded: Promise<ClientBundles> | undefined;

/**
 * The bundles, once per process: read from dist/prebuilt when this code runs from the build, otherwise
 * bundled from clients/ now, so `npm start` serves the current source without a build step. A failed
 * load is not remembered.
 */
export function loadClientBundles(): Promise<ClientBundles> {
  loaded ??= (async (): Promise<ClientBundles> =>
    PREBUILT_DIR !== undefined
      ? readClientBundles(PREBUILT_DIR)
      : { ...(await bundleClients()), source: 'bundled' })().catch((err: unknown) => {
    loaded = undefined;
    throw err;
  });
  return loaded;
}
