import { spawn } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/config';
import { typescriptCommand } from './typescript-process';

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The environment of the test process, pointed at the suite's database and nothing else. */
export function cliEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(DATABASE_|PG|TEMPORAL_|EMBEDDED_PG_|DATA_DIR$)/.test(name)) continue;
    env[name] = value;
  }
  return { ...env, DATABASE_URL: process.env.TEST_DATABASE_URL!, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
}

/**
 * Runs an admin CLI as an operator runs it, `scripts/<script>.ts ...args` in a child process
 * (typescript-process.ts; `npm run` runs the same file with tsx) against the suite's database, and collects its exit code and output (SIGKILLed and rejected past timeoutMs).
 */
export function runScript(
  script: string,
  args: string[],
  timeoutMs = 45_000,
  /** Written to the child's stdin, which is then closed (no stdin at all when undefined). */
  input?: string,
  /** Variables over cliEnv()'s (e.g. DATABASE_URL of a test file's own database). */
  env: NodeJS.ProcessEnv = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(...typescriptCommand(path.join('scripts', `${script}.ts`), args), {
      cwd: PROJECT_ROOT,
      env: { ...cliEnv(), ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (input !== undefined) child.stdin!.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `${script} ${args.join(' ')} did not finish in ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`,
        ),
      );
    }, timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}
