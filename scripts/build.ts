/**
 * `npm run build`: the production build in dist/, run by `npm run start:*:prod` and the Docker image.
 *
 * - The server code (shared, services, activities, workflows, scripts) transpiled file by file to
 *   CommonJS with esbuild, in the same tree, with source maps. Typechecking is `npm run typecheck`'s job.
 * - The files they read beside them at run time (the landing page's assets, the API reference page, the
 *   watchdog script) copied to the same places.
 * - dist/prebuilt: the workflow bundle, the admin portal and the browser library, so that no process
 *   bundles when it starts (shared/prebuilt.ts).
 *
 * tooling/ (local PostgreSQL and Temporal) is not built: the launcher, the tests and the dev scripts that
 * use it run from source with tsx, and no process of a deployment loads it (.dependency-cruiser.cjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { PROJECT_ROOT } from '../shared/config';
import { bundleClients, writeClientBundles } from '../services/gateway/client-bundles';
import { WORKFLOW_BUNDLE_FILE, writeWorkflowBundle } from '../services/worker/workflow-bundle';

const SOURCE_DIRS = ['shared', 'services', 'activities', 'workflows', 'scripts'];
const DIST = path.join(PROJECT_ROOT, 'dist');

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function main(): Promise<void> {
  const started = Date.now();
  fs.rmSync(DIST, { recursive: true, force: true });
  const sources = SOURCE_DIRS.flatMap((dir) => filesUnder(path.join(PROJECT_ROOT, dir)));
  const code = sources.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'));
  await build({
    entryPoints: code,
    outdir: DIST,
    outbase: PROJECT_ROOT,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // package.json is read by the OpenAPI document (its version); the rest sit beside the code that reads them.
  const assets = [
    ...sources.filter((file) => !file.endsWith('.ts')),
    path.join(PROJECT_ROOT, 'package.json'),
  ];
  for (const file of assets) {
    const target = path.join(DIST, path.relative(PROJECT_ROOT, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }

  const prebuilt = path.join(DIST, 'prebuilt');
  fs.mkdirSync(prebuilt, { recursive: true });
  await Promise.all([
    writeWorkflowBundle(path.join(prebuilt, WORKFLOW_BUNDLE_FILE)),
    bundleClients().then((bundles) => writeClientBundles(prebuilt, bundles)),
  ]);
  process.stdout.write(
    `built dist/: ${code.length} modules, ${assets.length} assets, prebuilt workflow bundle, admin portal and browser library in ${Date.now() - started} ms\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`build failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
