import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/config';

/** Where bundles built from sources are kept, by the hash of what they were built from. */
export const WORKFLOW_BUNDLE_CACHE_DIR = path.join(PROJECT_ROOT, '.data', 'workflow-bundles');

/** Bundles kept besides the newest: a few branches' worth. */
const KEEP = 5;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
    })
    .sort();
}

/**
 * What a workflow bundle is made of: every file under workflows/ (workflow code imports nothing else of
 * ours at run time: the lint rule and the layering rules hold it there), the lockfile (the SDK, webpack
 * and the tracing interceptors' packages, at their exact versions) and the Node.js version. Any change to
 * one of them gives another key, so a cached bundle is never stale.
 */
export function workflowBundleKey(root = PROJECT_ROOT): string {
  const hash = crypto.createHash('sha256');
  hash.update(`node ${process.version}\0`);
  const inputs = [...filesUnder(path.join(root, 'workflows')), path.join(root, 'package-lock.json')];
  for (const file of inputs) {
    hash.update(`${path.relative(root, file)}\0`);
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : 'absent');
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

/** The cached bundle for key, if one was built. */
export function cachedWorkflowBundle(key: string, dir = WORKFLOW_BUNDLE_CACHE_DIR): string | undefined {
  const file = path.join(dir, `${key}.js`);
  return fs.existsSync(file) ? file : undefined;
}

/**
 * Keeps a freshly built bundle under its key (written to a temporary name and renamed, so a reader never
 * sees half a file) and drops all but the newest few. Answers the cached path, or undefined when the
 * folder cannot be written (the caller then keeps its temporary file).
 */
export function keepWorkflowBundle(
  key: string,
  builtFile: string,
  dir = WORKFLOW_BUNDLE_CACHE_DIR,
): string | undefined {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${key}.js`);
    const partial = `${file}.${process.pid}.partial`;
    fs.copyFileSync(builtFile, partial);
    fs.renameSync(partial, file);
    const bundles = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.js'))
      .map((name) => ({ name, mtime: fs.statSync(path.join(dir, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    for (const old of bundles.slice(KEEP + 1)) fs.rmSync(path.join(dir, old.name), { force: true });
    return file;
  } catch {
    return undefined;
  }
}
