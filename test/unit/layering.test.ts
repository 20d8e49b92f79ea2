/**
 * The layering rules of .dependency-cruiser.cjs catch what they are meant to: `npm run lint:deps` (the
 * same command and config) runs on a small tree with the project's folder names, once as written
 * (every allowed direction, type-only exceptions included: no violations) and once with one forbidden
 * import per rule added (each rule fires, from the file that breaks it and no other).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

// eslint-disable-next-line @typescript-eslint/no-require-imports
const RULES: string[] = (require(CONFIG) as { forbidden: { name: string }[] }).forbidden.map((r) => r.name);

/** Stand-in packages the admin portal may import (besides @temporalio/workflow and uuid). */
const PACKAGES = ['preact', 'uplot'];

interface Imports {
  /** Run-time imports (repository-relative paths without .ts, or a package name). */
  uses?: string[];
  /** `import type` only. */
  types?: string[];
}

/** Every allowed direction between the layers, and the type-only imports the rules let through. */
const CLEAN: Record<string, Imports> = {
  'shared/errors': {},
  'shared/validation': { uses: ['shared/errors'] },
  'shared/contract/enums': {},
  'shared/types/referrals': { uses: ['shared/contract/enums'] },
  'shared/db/knex': { uses: ['shared/errors'] },
  'shared/db/notify': { uses: ['shared/db/knex'] },
  'shared/repos/users.repo': { uses: ['shared/db/notify', 'shared/types/referrals'] },
  'shared/cache/tenant-cache': { uses: ['shared/repos/users.repo', 'shared/db/notify'] },
  'shared/temporal/client': { uses: ['shared/types/referrals'], types: ['workflows/lifecycle.workflow'] },
  'shared/domain/tenants/program': { uses: ['shared/cache/tenant-cache', 'shared/repos/users.repo'] },
  'shared/domain/referrals/lifecycle': { uses: ['shared/domain/tenants/program', 'shared/validation'] },
  'shared/imports/run': { uses: ['shared/domain/referrals/lifecycle'] },
  'shared/tracing/tracing': { uses: ['shared/temporal/client'] },
  'tooling/postgres': { uses: ['shared/errors'] },
  'services/launcher/main': { uses: ['tooling/postgres', 'shared/errors'] },
  'shared/use-cases/settle': { uses: ['shared/imports/run', 'shared/temporal/client'] },
  'services/gateway/routes/users.routes': {
    uses: ['shared/use-cases/settle', 'services/gateway/routes/users.schema'],
    types: ['shared/repos/users.repo'],
  },
  'services/gateway/routes/users.schema': { uses: ['shared/validation'] },
  'services/gateway/graphql/module': {},
  'services/gateway/graphql/jobs.graphql': {
    uses: ['shared/use-cases/settle', 'services/gateway/routes/users.schema'],
    types: ['services/gateway/graphql/module'],
  },
  'services/gateway/graphql/schema': {
    uses: ['services/gateway/graphql/jobs.graphql'],
    types: ['services/gateway/graphql/module'],
  },
  'services/gateway/app': {
    uses: [
      'services/gateway/routes/users.routes',
      'services/gateway/graphql/schema',
      'shared/temporal/client',
    ],
  },
  'activities/lifecycle.activities': {
    uses: ['shared/domain/referrals/lifecycle'],
    types: ['shared/repos/users.repo'],
  },
  'workflows/messages': { uses: ['@temporalio/workflow'] },
  'workflows/lifecycle.workflow': {
    uses: ['@temporalio/workflow', 'workflows/messages'],
    types: ['activities/lifecycle.activities', 'shared/types/referrals'],
  },
  'scripts/migrate': { uses: ['shared/db/knex'] },
  'clients/browser/src/http': { uses: ['shared/contract/enums'] },
  'clients/browser/src/index': { uses: ['clients/browser/src/http'] },
  'clients/browser/src/widget-drawing/view': { uses: ['shared/contract/enums'] },
  'clients/browser/src/widget': { types: ['clients/browser/src/widget-drawing/view'] },
  'clients/browser/build': { uses: ['shared/errors'] },
  'clients/admin/src/api': { uses: ['shared/contract/enums'] },
  'clients/admin/src/app': { uses: ['clients/admin/src/api', 'preact', 'uplot'] },
  'clients/sdk/src/errors': {},
  'clients/sdk/src/client': { uses: ['clients/sdk/src/errors', 'node:crypto'] },
  'clients/sdk/examples/quickstart': { uses: ['clients/sdk/src/client'] },
  'bench/run': { uses: ['shared/use-cases/settle', 'shared/repos/users.repo'] },
};

/**
 * Forbidden imports: each rule, and the files it must be reported from (each, and no other; a cycle is
 * reported from one of its files).
 */
const VIOLATIONS: { rule: string; files: Record<string, Imports>; cycle?: true }[] = [
  {
    rule: 'no-circular',
    cycle: true,
    files: {
      'shared/domain/cycle-a': { types: ['shared/domain/cycle-b'] },
      'shared/domain/cycle-b': { uses: ['shared/domain/cycle-a'] },
    },
  },
  {
    rule: 'shared-not-to-services',
    files: { 'shared/domain/calls-service': { uses: ['services/gateway/app'] } },
  },
  {
    rule: 'shared-to-workflows-only-from-temporal',
    files: { 'shared/domain/names-workflow': { types: ['workflows/lifecycle.workflow'] } },
  },
  {
    rule: 'workflows-only-from-temporal',
    files: { 'services/worker/starts-workflow': { uses: ['workflows/lifecycle.workflow'] } },
  },
  {
    rule: 'production-not-to-tooling',
    files: {
      'shared/db/local-server': { uses: ['tooling/postgres'] },
      'services/worker/local-server': { uses: ['tooling/postgres'] },
      'activities/local-server.activities': { uses: ['tooling/postgres'] },
    },
  },
  { rule: 'base-not-up', files: { 'shared/limits': { uses: ['shared/db/knex'] } } },
  { rule: 'db-not-up', files: { 'shared/db/probe': { uses: ['shared/repos/users.repo'] } } },
  {
    rule: 'repos-only-base-and-db',
    files: { 'shared/repos/referrals.repo': { types: ['shared/domain/tenants/program'] } },
  },
  {
    rule: 'cache-not-up',
    files: { 'shared/cache/codes-cache': { uses: ['shared/domain/tenants/program'] } },
  },
  {
    rule: 'domain-not-to-orchestration',
    files: { 'shared/domain/starts-workflow': { uses: ['shared/temporal/client'] } },
  },
  {
    rule: 'imports-not-to-orchestration',
    files: { 'shared/imports/starts-job': { uses: ['shared/use-cases/settle'] } },
  },
  {
    rule: 'services-not-to-repos',
    files: { 'activities/direct.activities': { uses: ['shared/repos/users.repo'] } },
  },
  {
    rule: 'handlers-not-to-temporal',
    files: { 'services/gateway/graphql/signals.graphql': { uses: ['shared/temporal/client'] } },
  },
  {
    rule: 'routes-not-to-routes',
    files: { 'services/gateway/routes/share.routes': { uses: ['services/gateway/routes/users.routes'] } },
  },
  {
    rule: 'browser-library-standalone',
    files: {
      'clients/browser/src/uses-server': { uses: ['shared/validation'] },
      'clients/browser/src/uses-package': { uses: ['uuid'] },
    },
  },
  {
    rule: 'browser-widget-drawing-on-demand',
    files: { 'clients/browser/src/draws': { uses: ['clients/browser/src/widget-drawing/view'] } },
  },
  {
    rule: 'contract-standalone',
    files: {
      'shared/contract/uses-base': { uses: ['shared/errors'] },
      'shared/contract/uses-package': { uses: ['uuid'] },
      'shared/contract/uses-node': { uses: ['node:crypto'] },
    },
  },
  {
    rule: 'admin-portal-standalone',
    files: {
      'clients/admin/src/uses-server': { uses: ['shared/validation'] },
      'clients/admin/src/uses-package': { uses: ['uuid'] },
    },
  },
  {
    rule: 'sdk-standalone',
    files: {
      'clients/sdk/src/uses-server': { uses: ['shared/validation'] },
      'clients/sdk/src/uses-package': { uses: ['uuid'] },
    },
  },
  {
    rule: 'workflows-deterministic',
    files: {
      'workflows/impure.workflow': { uses: ['shared/validation'] },
      'workflows/uses-package.workflow': { uses: ['uuid'] },
    },
  },
  {
    rule: 'workflow-interceptors-deterministic',
    files: { 'workflows/tracing.interceptors': { uses: ['@temporalio/workflow', 'uuid'] } },
  },
];

function source(file: string, imports: Imports): string {
  const specifier = (target: string) => {
    if (!target.includes('/') || target.startsWith('@')) return target;
    const relative = path.posix.relative(path.posix.dirname(file), target);
    return relative.startsWith('.') ? relative : `./${relative}`;
  };
  const lines = [
    ...(imports.uses ?? []).map((t, i) => `import { value as use${i} } from '${specifier(t)}';`),
    ...(imports.types ?? []).map((t, i) => `import type { Value as Type${i} } from '${specifier(t)}';`),
    `export const value = [${(imports.uses ?? []).map((_, i) => `use${i}`).join(', ')}].length;`,
    `export type Value = ${(imports.types ?? []).map((_, i) => `Type${i}`).join(' | ') || 'number'};`,
  ];
  return `${lines.join('\n')}\n`;
}

function writeTree(files: Record<string, Imports>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layering-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  for (const [file, imports] of Object.entries(files)) write(`${file}.ts`, source(file, imports));
  write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'node16', strict: true } }));
  write(
    'node_modules/@temporalio/workflow/package.json',
    '{ "name": "@temporalio/workflow", "main": "index.js" }',
  );
  write('node_modules/@temporalio/workflow/index.js', 'exports.value = 1;\n');
  write('node_modules/uuid/package.json', '{ "name": "uuid", "main": "index.js" }');
  write('node_modules/uuid/index.js', 'exports.value = 1;\n');
  for (const name of PACKAGES) {
    write(`node_modules/${name}/package.json`, `{ "name": "${name}", "main": "index.js" }`);
    write(`node_modules/${name}/index.js`, 'exports.value = 1;\n');
  }
  return dir;
}

interface Violation {
  rule: string;
  from: string;
}

/**
 * Runs the lint:deps script's command (its default "err" report, which sets the exit status) in `dir`
 * with the project's config; the report's lines are `error <rule>: <from> → <to>` (a cycle continues on
 * the next lines).
 */
function lintDeps(dir: string): { status: number | null; modules: number; violations: Violation[] } {
  const script = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts['lint:deps']!;
  const [command, ...args] = script.split(/\s+/);
  expect(command).toBe('depcruise');
  const configAt = args.indexOf('--config') + 1;
  expect(configAt).toBeGreaterThan(0);
  args[configAt] = CONFIG;
  const run = spawnSync(process.execPath, [DEPCRUISE, ...args], { cwd: dir, encoding: 'utf8' });
  if (run.error) throw run.error;
  const violations = [...run.stdout.matchAll(/^\s*error ([\w-]+): (\S+) →/gm)].map((m) => ({
    rule: m[1]!,
    from: m[2]!,
  }));
  const modules = Number(/(\d+) modules/.exec(run.stdout)?.[1]);
  if (!modules) throw new Error(`depcruise failed: ${run.stdout}${run.stderr}`);
  return { status: run.status, modules, violations };
}

describe('layering rules (.dependency-cruiser.cjs)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  test('a tree that keeps the layers passes, type-only exceptions included', () => {
    dirs.push(writeTree(CLEAN));
    const { status, modules, violations } = lintDeps(dirs[0]!);
    expect(violations).toEqual([]);
    expect(status).toBe(0);
    // Every file was read (and the stand-ins @temporalio/workflow, preact and uplot, and node:crypto).
    expect(modules).toBe(Object.keys(CLEAN).length + 1 + PACKAGES.length + 1);
  });

  test('each rule fires on its forbidden import, and only there', () => {
    expect(VIOLATIONS.map((v) => v.rule).sort()).toEqual([...RULES].sort());
    const broken = Object.assign({}, CLEAN, ...VIOLATIONS.map((v) => v.files)) as Record<string, Imports>;
    dirs.push(writeTree(broken));
    const { status, violations } = lintDeps(dirs[1]!);
    expect(status).not.toBe(0);
    const fired = new Map<string, Set<string>>();
    for (const v of violations) fired.set(v.rule, (fired.get(v.rule) ?? new Set()).add(v.from));
    for (const { rule, files, cycle } of VIOLATIONS) {
      const from = [...(fired.get(rule) ?? [])].sort();
      const expected = Object.keys(files).map((file) => `${file}.ts`);
      if (cycle) {
        const oneOf = new RegExp(`^(${expected.join('|').replace(/\./g, '\\.')})$`);
        expect({ rule, from }).toEqual({ rule, from: [expect.stringMatching(oneOf)] });
      } else {
        expect({ rule, from }).toEqual({ rule, from: expected.sort() });
      }
    }
    expect([...fired.keys()].sort()).toEqual([...RULES].sort());
  });
});
