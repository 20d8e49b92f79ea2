/**
 * Reads `npm audit --omit=dev --json`: fails on high or critical advisories in production
 * dependencies, and says "not run" when the registry did not answer the audit (offline, a mirror without
 * the audit endpoint: npm then prints an error object instead of a report).
 */
export type AuditVerdict =
  | { kind: 'not-run'; reason: string }
  | { kind: 'clean'; counts: Record<string, number> }
  | { kind: 'failed'; counts: Record<string, number>; packages: string[] };

export const NOT_RUN_LINE = 'npm audit: not run (registry unreachable)';

const BLOCKING = ['high', 'critical'];

interface AuditReport {
  vulnerabilities?: Record<string, { severity?: string; via?: unknown[] }>;
  metadata?: { vulnerabilities?: Record<string, number> };
  error?: { summary?: string; code?: string };
  message?: string;
}

export function judgeAudit(stdout: string): AuditVerdict {
  let report: AuditReport;
  try {
    report = JSON.parse(stdout) as AuditReport;
  } catch {
    return { kind: 'not-run', reason: 'no JSON answer' };
  }
  if (typeof report !== 'object' || report === null || !report.metadata?.vulnerabilities) {
    return {
      kind: 'not-run',
      reason: report?.message ?? report?.error?.summary ?? report?.error?.code ?? 'no report',
    };
  }
  const counts = report.metadata.vulnerabilities;
  const packages = Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => BLOCKING.includes(v.severity ?? ''))
    .map(([name, v]) => `${name} (${v.severity})`);
  const blocking = BLOCKING.reduce((n, s) => n + (counts[s] ?? 0), 0);
  return blocking > 0 || packages.length > 0
    ? { kind: 'failed', counts, packages }
    : { kind: 'clean', counts };
}

/** The lines to print, and the exit code. */
export function describeVerdict(verdict: AuditVerdict): { lines: string[]; exitCode: number } {
  if (verdict.kind === 'not-run') return { lines: [NOT_RUN_LINE, `  (${verdict.reason})`], exitCode: 0 };
  const summary = Object.entries(verdict.counts)
    .filter(([s]) => s !== 'total')
    .map(([s, n]) => `${s} ${n}`)
    .join(', ');
  if (verdict.kind === 'clean') {
    return {
      lines: [`npm audit: no high or critical advisories in production dependencies (${summary})`],
      exitCode: 0,
    };
  }
  return {
    lines: [
      `npm audit: high or critical advisories in production dependencies (${summary}):`,
      ...verdict.packages.map((p) => `  ${p}`),
      'Run `npm audit --omit=dev` for details; upgrade, or override the transitive version in package.json.',
    ],
    exitCode: 1,
  };
}
