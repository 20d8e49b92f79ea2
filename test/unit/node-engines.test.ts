import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { PROJECT_ROOT } from '../../shared/config';

/**
 * package.json's `engines.node` names the Node majors we support (24, what the image and the tests run,
 * and 22). Every production dependency installed by the lockfile must declare engines that admit all of
 * them, or we run it outside its supported range (as zod-openapi 6, node >= 22.14, did under Node 20).
 */
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8'));

test('every production dependency admits the Node versions package.json names', () => {
  const ours: string = read('package.json').engines.node;
  expect(semver.validRange(ours)).not.toBeNull();
  const packages = read('package-lock.json').packages as Record<
    string,
    { dev?: boolean; engines?: { node?: string } | string[] }
  >;
  const outside: string[] = [];
  let checked = 0;
  for (const [where, pkg] of Object.entries(packages)) {
    const node = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
    if (where === '' || pkg.dev || node === undefined) continue;
    checked += 1;
    if (!semver.subset(ours, node))
      outside.push(`${where.replace(/^.*node_modules\//, '')} wants node ${node}`);
  }
  expect(checked).toBeGreaterThan(50);
  expect(outside).toEqual([]);
});

test('the range is the active and maintenance LTS lines, and the Docker image runs the first', () => {
  const ours: string = read('package.json').engines.node;
  expect(semver.satisfies('24.0.0', ours) && semver.satisfies('22.14.0', ours)).toBe(true);
  expect(semver.satisfies('20.19.0', ours)).toBe(false);
  expect(fs.readFileSync(path.join(PROJECT_ROOT, 'Dockerfile'), 'utf8')).toMatch(/node:24-bookworm-slim/);
});
