import fs from 'node:fs';
import path from 'node:path';

/**
 * Where `npm run build` put the artefacts a production process would otherwise build when it starts (the
 * workflow bundle, the admin portal, the browser library): `dist/prebuilt`, found from this module's own
 * place in `dist/`. Undefined when the code runs from its TypeScript sources (tsx, jest), so `npm start`
 * always serves the current source and never a stale build.
 */
export const PREBUILT_DIR: string | undefined = __filename.endsWith('.js')
  ? path.resolve(__dirname, '..', 'prebuilt')
  : undefined;

/** A prebuilt file's path; throws naming the file when the build is incomplete, rather than starting half-built. */
export function prebuiltFile(name: string): string | undefined {
  if (PREBUILT_DIR === undefined) return undefined;
  const file = path.join(PREBUILT_DIR, name);
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: run \`npm run build\` before starting from dist/`);
  }
  return file;
}
