import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PROJECT_ROOT } from '../../shared/config';

/** Where `npm run histories:record` keeps histories and the replay test reads them. */
export const HISTORIES_DIR = path.join(PROJECT_ROOT, 'test', 'replay', 'histories');
const MANIFEST = 'recorded.json';

const manifestSchema = z.record(
  z.string(),
  z.object({ workflowsHash: z.string(), recordedAt: z.string(), events: z.number().int() }),
);
type Manifest = z.infer<typeof manifestSchema>;

/** A hash of the workflow code (every file under workflows/): which code wrote a history. */
export function workflowsHash(): string {
  const dir = path.join(PROJECT_ROOT, 'workflows');
  const hash = crypto.createHash('sha256');
  for (const name of fs.readdirSync(dir).sort()) {
    hash
      .update(`${name}\0`)
      .update(fs.readFileSync(path.join(dir, name)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  return fs.existsSync(file) ? manifestSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))) : {};
}

/**
 * Moves freshly recorded histories (`<workflow>/<state>.json` under `from`) into the committed set.
 * Histories written by other workflow code are never replaced, since later code must still replay
 * them: a state recorded again from changed code is added beside its older history as
 * `<state>.<workflows hash>.json`. One recorded from the same code replaces its earlier recording.
 * `recorded.json` says which code wrote each file.
 */
export function storeHistories(
  from: string,
  recorded: { file: string; events: number }[],
  to: string = HISTORIES_DIR,
): { file: string; replaced: boolean }[] {
  const manifest = readManifest(to);
  const hash = workflowsHash();
  const recordedAt = new Date().toISOString();
  const stored = recorded.map(({ file, events }) => {
    const keepOlder = fs.existsSync(path.join(to, file)) && manifest[file]?.workflowsHash !== hash;
    const target = keepOlder ? file.replace(/\.json$/, `.${hash}.json`) : file;
    const replaced = fs.existsSync(path.join(to, target));
    fs.mkdirSync(path.dirname(path.join(to, target)), { recursive: true });
    fs.copyFileSync(path.join(from, file), path.join(to, target));
    manifest[target] = { workflowsHash: hash, recordedAt, events };
    return { file: target, replaced };
  });
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(path.join(to, MANIFEST), `${JSON.stringify(sorted, null, 2)}\n`);
  return stored;
}
