#!/usr/bin/env node
/**
 * `npm test`: the static checks (`npm run checks`: typecheck, lint, layering, dependency audit) run beside
 * jest instead of before it. Both are CPU-bound on two cores, but jest's global setup waits on PostgreSQL
 * and Temporal and its last files leave cores idle, so side by side takes less time than one after the
 * other. The checks' output is printed when they end (at once if they fail); the exit code is 1 if
 * either failed. Arguments go to jest (`npm test -- test/unit`).
 */
import { spawn } from 'node:child_process';

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

const checks = spawn('npm', ['run', '-s', 'checks'], { stdio: ['ignore', 'pipe', 'pipe'] });
let checksOutput = '';
checks.stdout.on('data', (chunk) => (checksOutput += chunk));
checks.stderr.on('data', (chunk) => (checksOutput += chunk));
const checksDone = new Promise((resolve) =>
  checks.on('close', (code, signal) => {
    if (code === 0) {
      process.stderr.write(
        `\nstatic checks passed (typecheck, lint, lint:deps, audit:deps) after ${seconds()}\n`,
      );
    } else {
      process.stderr.write(
        `\nstatic checks FAILED (${signal ?? `exit ${code}`}) after ${seconds()}:\n${checksOutput}\n`,
      );
    }
    resolve(code === 0 ? 0 : 1);
  }),
);

const jest = spawn('jest', process.argv.slice(2), { stdio: 'inherit' });
const jestDone = new Promise((resolve) => jest.on('close', (code) => resolve(code ?? 1)));

const [checksCode, jestCode] = await Promise.all([checksDone, jestDone]);
if (checksCode !== 0) process.stderr.write('npm test failed: the static checks failed (above)\n');
process.exit(jestCode !== 0 ? jestCode : checksCode);
