import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cachedWorkflowBundle,
  keepWorkflowBundle,
  workflowBundleKey,
} from '../../services/worker/workflow-bundle-cache';

function scratchProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-cache-'));
  fs.mkdirSync(path.join(root, 'workflows', 'nested'), { recursive: true });
  fs.writeFileSync(path.join(root, 'workflows', 'a.workflow.ts'), 'export async function a() {}');
  fs.writeFileSync(path.join(root, 'workflows', 'nested', 'b.ts'), 'export const b = 1;');
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
  return root;
}

describe('the workflow bundle cache of a worker run from sources', () => {
  test('the key follows every workflow file, the lockfile and nothing else', () => {
    const root = scratchProject();
    const first = workflowBundleKey(root);
    expect(workflowBundleKey(root)).toBe(first);
    fs.writeFileSync(path.join(root, 'README.md'), 'not an input');
    expect(workflowBundleKey(root)).toBe(first);

    fs.writeFileSync(path.join(root, 'workflows', 'nested', 'b.ts'), 'export const b = 2;');
    const changedWorkflow = workflowBundleKey(root);
    expect(changedWorkflow).not.toBe(first);
    fs.writeFileSync(path.join(root, 'workflows', 'c.ts'), '');
    const addedFile = workflowBundleKey(root);
    expect(addedFile).not.toBe(changedWorkflow);
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}');
    expect(workflowBundleKey(root)).not.toBe(addedFile);
  });

  test('a kept bundle is found by its key; the oldest beyond a few are dropped', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-cache-dir-'));
    const built = path.join(dir, 'built.js');
    fs.writeFileSync(built, '// bundle');
    expect(cachedWorkflowBundle('k0', dir)).toBeUndefined();
    for (let i = 0; i < 9; i++) {
      const kept = keepWorkflowBundle(`k${i}`, built, dir)!;
      expect(fs.readFileSync(kept, 'utf8')).toBe('// bundle');
      const at = new Date(Date.now() - (100 - i) * 1000); // later keys are newer, all older than now
      fs.utimesSync(kept, at, at);
    }
    expect(cachedWorkflowBundle('k8', dir)).toBe(path.join(dir, 'k8.js'));
    expect(cachedWorkflowBundle('k0', dir)).toBeUndefined();
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('k')).length).toBeLessThanOrEqual(6);
    expect(fs.readdirSync(dir).some((f) => f.endsWith('.partial'))).toBe(false);
  });

  test('an unwritable cache folder leaves the built file to the caller', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-cache-ro-'));
    const built = path.join(dir, 'built.js');
    fs.writeFileSync(built, '// bundle');
    const blocked = path.join(dir, 'a-file-not-a-folder');
    fs.writeFileSync(blocked, '');
    expect(keepWorkflowBundle('k', built, blocked)).toBeUndefined();
  });
});
