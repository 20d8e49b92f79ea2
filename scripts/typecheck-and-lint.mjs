#!/usr/bin/env node
/**
 * `npm run typecheck` and `npm run lint` in one process, for `npm run checks`: each TypeScript project
 * is built once, its diagnostics printed as tsc prints them, and the same programs are handed to ESLint
 * for its type-aware rules. Run apart, ESLint's project service builds every program a second time
 * (about a third of the two commands' CPU). Exit code 1 when either reports an error.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The projects `npm run typecheck` checks, nearest first: ESLint takes a file's types from the first
 * program that holds it, and a client's files are also in the root program when a test imports them.
 */
const PROJECTS = [
  'clients/sdk/contract',
  'clients/sdk/examples',
  'clients/sdk',
  'clients/browser',
  'clients/admin',
  '.',
];

const host = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => root,
  getNewLine: () => ts.sys.newLine,
};

function buildProgram(project) {
  const configFile = path.join(root, project, 'tsconfig.json');
  const problems = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    { noEmit: true },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => problems.push(d) },
  );
  if (!parsed) return { program: undefined, diagnostics: problems };
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
  });
  return { program, diagnostics: [...parsed.errors, ...ts.getPreEmitDiagnostics(program)] };
}

let failed = false;
const programs = [];
for (const project of PROJECTS) {
  const { program, diagnostics } = buildProgram(project);
  if (program) programs.push(program);
  if (diagnostics.length > 0) {
    failed = true;
    process.stdout.write(`typecheck ${project}:\n`);
    const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
    process.stdout.write(format(diagnostics, host));
  }
}

const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ languageOptions: { parserOptions: { projectService: false, programs } } }],
});
const results = await eslint.lintFiles(['.']);
const output = (await eslint.loadFormatter('stylish')).format(results);
if (output) process.stdout.write(output);
if (results.some((r) => r.errorCount > 0 || r.fatalErrorCount > 0)) failed = true;

process.exit(failed ? 1 : 0);
