import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bundleWorkflowCode, type BundleOptions, type WorkerOptions } from '@temporalio/worker';
import { prebuiltFile } from '../../shared/prebuilt';
import { cachedWorkflowBundle, keepWorkflowBundle, workflowBundleKey } from './workflow-bundle-cache';

/** The bundle's file name in dist/prebuilt (scripts/build.ts writes it). */
export const WORKFLOW_BUNDLE_FILE = 'workflow-bundle.js';

/**
 * What every workflow bundle is built from: the worker's at start, the tests' (test/global-setup.ts) and
 * the prebuilt one (`npm run build`). Tracing's workflow interceptors are always in: they are pass-throughs
 * unless a message carries a trace (workflows/tracing.interceptors.ts), so one bundle serves with tracing
 * on or off.
 */
export function workflowBundleOptions(): Pick<BundleOptions, 'workflowsPath' | 'workflowInterceptorModules'> {
  return {
    workflowsPath: require.resolve('../../workflows'),
    workflowInterceptorModules: [require.resolve('../../workflows/tracing.interceptors')],
  };
}

/**
 * The workflow bundle is built by webpack. Built inside the worker, webpack's modules and caches would
 * stay in its heap for the life of the process (about 100 MiB of resident memory, a fifth of the budget
 * an import worker has), so the worker builds it in a short-lived child process of the same runtime and
 * loads the file.
 */
export async function buildWorkflowBundleInChild(): Promise<{ codePath: string; remove(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referral-workflows-'));
  const codePath = path.join(dir, 'workflow-bundle.js');
  // execArgv carries tsx's loader when the worker runs from TypeScript sources.
  await promisify(execFile)(process.execPath, [...process.execArgv, __filename, codePath], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return { codePath, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The bundle a worker runs: the caller's (tests build one per run), else `npm run build`'s when this code
 * runs from dist/ (no bundling at start), else one built from workflows/: taken from the cache when a
 * start before built it from the same sources and packages (workflow-bundle-cache.ts), or built now (about
 * 4 s of CPU) and kept there.
 */
export async function chooseWorkflowBundle(given?: WorkerOptions['workflowBundle']): Promise<{
  workflowBundle: WorkerOptions['workflowBundle'];
  source: 'given' | 'prebuilt' | 'cached' | 'bundled';
  remove(): void;
}> {
  if (given) return { workflowBundle: given, source: 'given', remove: () => undefined };
  const prebuilt = prebuiltFile(WORKFLOW_BUNDLE_FILE);
  if (prebuilt)
    return { workflowBundle: { codePath: prebuilt }, source: 'prebuilt', remove: () => undefined };
  const key = workflowBundleKey();
  const cached = cachedWorkflowBundle(key);
  if (cached) return { workflowBundle: { codePath: cached }, source: 'cached', remove: () => undefined };
  const built = await buildWorkflowBundleInChild();
  const kept = keepWorkflowBundle(key, built.codePath);
  if (!kept) return { workflowBundle: { codePath: built.codePath }, source: 'bundled', remove: built.remove };
  built.remove();
  return { workflowBundle: { codePath: kept }, source: 'bundled', remove: () => undefined };
}

/** Bundles workflows/ with webpack into one file (the worker's child process, and `npm run build`). */
export async function writeWorkflowBundle(file: string): Promise<void> {
  const quiet = () => undefined;
  const bundle = await bundleWorkflowCode({
    ...workflowBundleOptions(),
    logger: { log: quiet, trace: quiet, debug: quiet, info: quiet, warn: quiet, error: console.error },
  });
  fs.writeFileSync(file, bundle.code);
}

if (require.main === module) {
  writeWorkflowBundle(process.argv[2]!).catch((err: unknown) => {
    process.stderr.write(`workflow bundle failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
