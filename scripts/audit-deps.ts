/**
 * `npm run audit:deps` (part of `npm test`): `npm audit --omit=dev`, failing on high or critical
 * advisories in production dependencies; where the registry does not answer the audit it prints
 * "npm audit: not run (registry unreachable)" and succeeds (scripts/audit/audit-report.ts).
 */
import { spawnSync } from 'node:child_process';
import { describeVerdict, judgeAudit } from './audit/audit-report';

const AUDIT_TIMEOUT_MS = 60_000;

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  encoding: 'utf8',
  timeout: AUDIT_TIMEOUT_MS,
  maxBuffer: 64 * 1024 * 1024,
});
const verdict =
  run.error !== undefined
    ? ({ kind: 'not-run', reason: run.error.message } as const)
    : judgeAudit(run.stdout ?? '');
const { lines, exitCode } = describeVerdict(verdict);
for (const line of lines) process.stdout.write(`${line}\n`);
process.exitCode = exitCode;
