import fs from 'node:fs';
import { documentedOperations, formatTable, statsFromNdjson, type OperationStats } from './report';
import { runSchemathesis, type SchemathesisRun, type SchemathesisRunOptions } from './schemathesis';

export interface FuzzResult {
  run: SchemathesisRun;
  stats: OperationStats[];
  table: string;
  /** Why the run failed, one line each; empty when it passed. */
  problems: string[];
}

/** GET {baseUrl}/openapi.json: the document every operation of which is fuzzed. */
export async function fetchOpenApiDocument(baseUrl: string): Promise<unknown> {
  const res = await fetch(`${baseUrl}/openapi.json`, { signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) throw new Error(`GET ${baseUrl}/openapi.json answered ${res.status}`);
  return res.json();
}

/**
 * One bounded schemathesis run over every documented operation, and its verdict: it fails on any failed
 * check, any errored scenario (e.g. a request that timed out: a hang), any documented operation that got
 * no request, and any non-zero schemathesis exit. Reports stay in options.workDir (the NDJSON one only
 * when the run failed or keepReports is set).
 */
export async function fuzzDocument(
  options: SchemathesisRunOptions & { keepReports?: boolean },
): Promise<FuzzResult> {
  const selected = options.operationIds && new Set(options.operationIds);
  const operations = documentedOperations(options.document).filter(
    (o) => !selected || selected.has(o.operationId),
  );
  const run = await runSchemathesis(options);
  const problems: string[] = [];
  if (!fs.existsSync(run.ndjsonReport)) {
    problems.push(`schemathesis wrote no report (exit ${run.exitCode})`);
    return { run, stats: [], table: '', problems };
  }
  const stats = await statsFromNdjson(run.ndjsonReport, operations);
  for (const s of stats) {
    if (s.requests === 0) problems.push(`${s.operationId} (${s.label}): no request was generated`);
    if (s.failures > 0) {
      const checks = Object.keys(s.failedChecks).join(', ');
      problems.push(`${s.operationId} (${s.label}): ${s.failures} failing test cases (${checks})`);
    }
    if (s.errors > 0) problems.push(`${s.operationId} (${s.label}): ${s.errors} errored scenarios`);
  }
  if (run.exitCode !== 0 && problems.length === 0)
    problems.push(`schemathesis exited with ${run.exitCode === null ? 'a signal' : `code ${run.exitCode}`}`);
  // The NDJSON report holds every request and answer (hundreds of MB for a long run): kept for failures.
  if (problems.length === 0 && !options.keepReports) fs.rmSync(run.ndjsonReport, { force: true });
  return { run, stats, table: formatTable(stats), problems };
}
