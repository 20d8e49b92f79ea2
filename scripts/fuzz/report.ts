import fs from 'node:fs';
import readline from 'node:readline';

/** One documented operation: schemathesis labels it "METHOD /path" (the document's path template). */
export interface DocumentedOperation {
  operationId: string;
  method: string;
  path: string;
  label: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of an OpenAPI document, in document order. */
export function documentedOperations(document: unknown): DocumentedOperation[] {
  const paths = (document as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  const operations: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method] as { operationId?: string } | undefined;
      if (!operation) continue;
      const label = `${method.toUpperCase()} ${path}`;
      operations.push({ operationId: operation.operationId ?? label, method, path, label });
    }
  }
  return operations;
}

export interface OperationStats {
  operationId: string;
  label: string;
  /** HTTP requests schemathesis sent for it (the interactions in its NDJSON report). */
  requests: number;
  /** Test cases it generated (a case may send more than one request, e.g. an auth probe). */
  cases: number;
  /** Test cases that failed a check. */
  failures: number;
  /** Scenarios that ended in an error (a network error, a request timeout: a hang). */
  errors: number;
  /** The checks that failed, with how many cases failed each. */
  failedChecks: Record<string, number>;
}

interface Recorder {
  label: string;
  cases?: Record<string, { value: { method: string; path: string } }>;
  interactions?: Record<string, unknown>;
  checks?: Record<string, { name: string; status: string }[]>;
}

interface ScenarioFinished {
  status: string;
  recorder: Recorder;
}

/**
 * Per-operation counts from schemathesis' NDJSON event report (`--report ndjson`): each finished
 * scenario carries its cases, the requests they sent ("interactions", keyed by case) and every check's
 * outcome per case. A case counts for the operation it called — a stateful scenario calls several — or,
 * when it used an undocumented method (the unsupported_method probe), for its scenario's operation.
 * Operations of the document that got no scenario are listed with zero counts.
 */
export async function statsFromNdjson(
  file: string,
  operations: DocumentedOperation[],
): Promise<OperationStats[]> {
  const byLabel = new Map<string, OperationStats>();
  const statsFor = (label: string, operationId = label) => {
    let stats = byLabel.get(label);
    if (!stats) {
      stats = { operationId, label, requests: 0, cases: 0, failures: 0, errors: 0, failedChecks: {} };
      byLabel.set(label, stats);
    }
    return stats;
  };
  for (const op of operations) statsFor(op.label, op.operationId);
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.startsWith('{"ScenarioFinished"')) continue;
    const { status, recorder } = (JSON.parse(line) as { ScenarioFinished: ScenarioFinished })
      .ScenarioFinished;
    const caseStats = (id: string) => {
      const value = recorder.cases?.[id]?.value;
      const label = value && `${value.method.toUpperCase()} ${value.path}`;
      return label && byLabel.has(label) ? byLabel.get(label)! : statsFor(recorder.label);
    };
    if (status === 'error') statsFor(recorder.label).errors += 1;
    for (const id of Object.keys(recorder.cases ?? {})) caseStats(id).cases += 1;
    for (const id of Object.keys(recorder.interactions ?? {})) caseStats(id).requests += 1;
    for (const [id, results] of Object.entries(recorder.checks ?? {})) {
      const failed = results.filter((r) => r.status === 'failure');
      if (failed.length === 0) continue;
      const stats = caseStats(id);
      stats.failures += 1;
      for (const check of new Set(failed.map((r) => r.name)))
        stats.failedChecks[check] = (stats.failedChecks[check] ?? 0) + 1;
    }
  }
  return [...byLabel.values()];
}

/** A plain-text table: operation, requests, failures (failed checks named), errors; and a total line. */
export function formatTable(stats: OperationStats[]): string {
  const rows = stats.map((s) => [
    s.operationId,
    s.label,
    String(s.requests),
    String(s.failures),
    String(s.errors),
    Object.entries(s.failedChecks)
      .map(([name, n]) => `${name}×${n}`)
      .join(', '),
  ]);
  const total = (pick: (s: OperationStats) => number) => String(stats.reduce((n, s) => n + pick(s), 0));
  const header = ['operation', 'method and path', 'requests', 'failures', 'errors', 'failed checks'];
  const footer = ['total', `${stats.length} operations`, total((s) => s.requests), total((s) => s.failures)];
  footer.push(
    total((s) => s.errors),
    '',
  );
  const all = [header, ...rows, footer];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => (i >= 2 && i <= 4 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...rows.map(line), rule, line(footer)].join('\n');
}
