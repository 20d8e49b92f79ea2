import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/config';
import {
  findOrInstallPythonTool,
  runCommand,
  type InstalledPythonTool,
  type PythonToolSpec,
} from '../../tooling/python-tool';
import type { Logger } from '../../shared/logger';
import type { KnownValues } from './seed';

/** Pinned schemathesis (property-based API fuzzing), installed from PyPI into .tools/ on first use. */
export const SCHEMATHESIS_VERSION = '4.32.5';

export const SCHEMATHESIS: PythonToolSpec = {
  label: 'schemathesis CLI',
  distribution: 'schemathesis',
  version: SCHEMATHESIS_VERSION,
  executable: 'bin/schemathesis',
  works: async (executable, env) => {
    const result = await runCommand(executable, ['--version'], 60_000, env);
    return result.status === 0 && result.stdout.includes(`version ${SCHEMATHESIS_VERSION}`);
  },
};

export function findOrInstallSchemathesis(logger: Logger): Promise<InstalledPythonTool> {
  return findOrInstallPythonTool(path.join(PROJECT_ROOT, '.tools'), SCHEMATHESIS, logger);
}

/**
 * The checks every response must pass. Left out: positive_data_acceptance (a schema-valid request must
 * be accepted: the document cannot express the refinements the routes add, e.g. "no control
 * characters", and unknown ids are 404 anyway), use_after_free and ensure_resource_availability (they
 * need OpenAPI links between operations, which the document has none of), object_level_authorization
 * (it needs a second principal's credentials per resource) and max_response_time (no latency budget
 * here; hangs are caught by the request timeout instead).
 */
export const FUZZ_CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_headers_conformance',
  'response_schema_conformance',
  'negative_data_rejection',
  'missing_required_header',
  'unsupported_method',
  'ignored_auth',
] as const;

/** Answers that count as rejecting a schema-violating request (schemathesis' defaults plus 413 and 431). */
const NEGATIVE_DATA_STATUSES = [
  '400',
  '401',
  '403',
  '404',
  '405',
  '406',
  '409',
  '413',
  '415',
  '422',
  '428',
  '429',
  '431',
  '5xx',
];

export interface SchemathesisRunOptions {
  tool: InstalledPythonTool;
  /** The gateway's base URL; requests go to it (the document's servers are ignored). */
  baseUrl: string;
  /** The OpenAPI document, written to workDir/openapi.json for schemathesis to load. */
  document: unknown;
  /** A tenant API key, sent as HTTP Basic user name (security scheme apiKeyBasic). */
  apiKey: string;
  /** Every {tenantAlias} path parameter is fixed to this tenant. */
  tenantAlias: string;
  /** The whole run's time budget (schemathesis --max-time). */
  seconds: number;
  /** Test cases per operation and round of the fuzzing phase. */
  maxExamples?: number;
  /** Schemathesis' phases to run (default all: examples, coverage, fuzzing, stateful). */
  phases?: readonly string[];
  /**
   * The coverage phase's cases: both (default), or only the invalid ones. The positive cases of every
   * schema boundary are most of its time (1,400 requests in 140 s against 1,040 in 19 s for the negative
   * ones), and the fuzzing phase sends valid data too.
   */
  coverageMode?: 'all' | 'negative';
  /**
   * End when each phase has had its examples instead of fuzzing on until --max-time (schemathesis keeps
   * generating while time is left); `seconds` then only bounds the process (killed after it).
   */
  untilExamplesDone?: boolean;
  /** Concurrent schemathesis workers. */
  workers?: number;
  /** A request with no answer after this long is an error (a hang). */
  requestTimeoutS?: number;
  seed?: string;
  checks?: readonly string[];
  /** Real values (e.g. a user's share code) drawn for these parameters half of the time. */
  known?: KnownValues;
  /** Fuzz only these operations (default: every documented one). */
  operationIds?: readonly string[];
  /** Config file, document and reports go here. */
  workDir: string;
  /** Schemathesis' own console output as it comes. */
  onOutput?: (chunk: string) => void;
}

export interface SchemathesisRun {
  exitCode: number | null;
  /** Schemathesis' console output. */
  output: string;
  ndjsonReport: string;
  junitReport: string;
  seconds: number;
}

/** schemathesis.toml for one run: fixed tenant, Basic auth with the key, timeouts, no example database. */
export function schemathesisConfig(options: SchemathesisRunOptions): string {
  const str = (value: string) => JSON.stringify(value); // a TOML basic string (no "${" inside)
  const known = Object.entries(options.known ?? {});
  return [
    `request-timeout = ${(options.requestTimeoutS ?? 10).toFixed(1)}`,
    `workers = ${options.workers ?? 1}`,
    '',
    '[generation]',
    `max-examples = ${options.maxExamples ?? 50}`,
    'database = "none"',
    '',
    // Refusing too large a body (413) or too large headers (431) rejects invalid data too.
    ...(options.coverageMode === 'negative' ? ['[phases.coverage.generation]', 'mode = "negative"', ''] : []),
    '[checks.negative_data_rejection]',
    `expected-statuses = ${JSON.stringify(NEGATIVE_DATA_STATUSES)}`,
    '',
    '[auth.openapi.apiKeyBasic]',
    `username = ${str(options.apiKey)}`,
    'password = ""',
    '',
    '[parameters]',
    `"path.tenantAlias" = ${str(options.tenantAlias)}`,
    ...known.map(([key], i) => `${str(key)} = { dictionary = "known-${i}", probability = 0.5 }`),
    '',
    ...known.flatMap(([, values], i) => [
      `[dictionaries.known-${i}]`,
      `values = ${JSON.stringify(values)}`,
      '',
    ]),
  ].join('\n');
}

/** Runs `schemathesis run` once against the document, bounded by options.seconds (plus a grace period). */
export async function runSchemathesis(options: SchemathesisRunOptions): Promise<SchemathesisRun> {
  fs.mkdirSync(options.workDir, { recursive: true });
  const configFile = path.join(options.workDir, 'schemathesis.toml');
  const schemaFile = path.join(options.workDir, 'openapi.json');
  const ndjsonReport = path.join(options.workDir, 'report.ndjson');
  const junitReport = path.join(options.workDir, 'junit.xml');
  fs.writeFileSync(configFile, schemathesisConfig(options), { mode: 0o600 });
  fs.writeFileSync(schemaFile, JSON.stringify(options.document));
  const args = [
    '--config-file',
    configFile,
    'run',
    schemaFile,
    '--url',
    options.baseUrl,
    '--checks',
    (options.checks ?? FUZZ_CHECKS).join(','),
    '--report',
    'ndjson,junit',
    '--report-ndjson-path',
    ndjsonReport,
    '--report-junit-path',
    junitReport,
    '--no-color',
    ...(options.seed ? ['--seed', options.seed] : []),
    ...(options.untilExamplesDone ? [] : ['--max-time', String(options.seconds)]),
    ...(options.phases ? ['--phases', options.phases.join(',')] : []),
    ...(options.operationIds ?? []).flatMap((id) => ['--include-operation-id', id]),
  ];
  const started = Date.now();
  let output = '';
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn(options.tool.executable, args, {
      cwd: options.workDir,
      env: { ...options.tool.env, COLUMNS: '120', PYTHONUNBUFFERED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const onData = (d: Buffer) => {
      output += d.toString();
      options.onOutput?.(d.toString());
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    // --max-time ends generation; the grace covers loading, the last requests and writing reports.
    const limitS = options.untilExamplesDone ? options.seconds : options.seconds + 120;
    const timer = setTimeout(() => child.kill('SIGKILL'), limitS * 1000);
    child.once('error', (err) => {
      output += `\n${err.message}\n`;
      clearTimeout(timer);
      resolve(null);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  fs.writeFileSync(path.join(options.workDir, 'output.txt'), output);
  return { exitCode, output, ndjsonReport, junitReport, seconds: (Date.now() - started) / 1000 };
}
