/**
 * Every relative link in the README, ARCHITECTURE.md, BENCHMARKS.md, docs/ and the SDK's README resolves:
 * the file exists inside the repository, and a `#fragment` names a heading of that file (GitHub's slugs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/config';
import { headingSlugs, markdownLinks } from '../helpers/markdown';

function markdownFiles(): string[] {
  const files = ['README.md', 'ARCHITECTURE.md', 'BENCHMARKS.md', 'clients/sdk/README.md'];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) files.push(relative);
    }
  };
  walk('docs');
  return files;
}

const slugCache = new Map<string, Set<string>>();
function slugsOf(file: string): Set<string> {
  let slugs = slugCache.get(file);
  if (!slugs) {
    slugs = headingSlugs(fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8'));
    slugCache.set(file, slugs);
  }
  return slugs;
}

test.each(markdownFiles())('%s: every relative link resolves', (file) => {
  const broken: string[] = [];
  const text = fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
  for (const { target, line } of markdownLinks(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [pathPart, fragment] = target.split('#', 2) as [string, string | undefined];
    const resolved =
      pathPart === '' ? file : path.normalize(path.join(path.dirname(file), decodeURI(pathPart)));
    if (resolved.startsWith('..') || path.isAbsolute(resolved)) {
      broken.push(`line ${line}: ${target} points outside the repository`);
      continue;
    }
    if (!fs.existsSync(path.join(PROJECT_ROOT, resolved))) {
      broken.push(`line ${line}: ${target}: no file ${resolved}`);
      continue;
    }
    if (fragment && resolved.endsWith('.md') && !slugsOf(resolved).has(fragment.toLowerCase())) {
      broken.push(`line ${line}: ${target}: ${resolved} has no heading #${fragment}`);
    }
  }
  expect(broken).toEqual([]);
});

test('the README is a landing page of at most 250 lines', () => {
  const lines = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8').split('\n').length;
  expect(lines).toBeLessThanOrEqual(250);
});
