import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/config';
import { basic, postJson } from './harness';

/**
 * `npm start` as a child process: tsx runs services/launcher/main.ts in a child node process, which runs
 * the worker and gateway and supervises the servers it starts.
 */

const TSX = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
export const START_TIMEOUT_MS = 150_000;
export const STOP_TIMEOUT_MS = 30_000;

interface ProcessInfo {
  pid: number;
  watchdogPid: number;
  logFile: string;
}

export interface ReadyLine {
  event: 'ready';
  apiBaseUrl: string;
  gatewayUrl: string;
  graphqlUrl: string;
  /** The admin portal: PUBLIC_URL (or the gateway's URL) + /admin/. */
  adminUrl: string;
  temporalAddress: string;
  temporalUiUrl: string;
  temporal: 'started' | 'found' | 'configured';
  workerHttpPort: number;
  /** The SFTP server's bound port and host key fingerprint. */
  sftpPort: number;
  sftpHostKeyFingerprint: string;
  postgres: 'embedded' | 'external';
  demoTenant: { alias: string; mode: string; apiKey: string };
  /** The demo tenant's test twin (test_<alias>), with the same demo operator. */
  demoTestTenant?: { alias: string; mode: string; apiKey: string };
  demoOperator: { email: string; password: string };
  /** Where npm start writes the e-mail it catches (SMTP_URL unset), else null. */
  mailDir: string | null;
  processes: { launcher: number; temporal?: ProcessInfo; postgres?: ProcessInfo };
}

export interface Launcher {
  /** The spawned tsx (or npm) process; the launcher itself is ready.processes.launcher. */
  child: ChildProcess;
  ready: ReadyLine;
  /** Everything printed so far. */
  output(): { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Free TCP ports on 127.0.0.1, distinct from each other (all are held until every one is picked). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

/** The test process's environment without anything that would point the launcher at the suite's servers. */
export function launcherEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (
      /^(DATABASE_|PG|TEMPORAL_|EMBEDDED_PG_|SFTP_|DATA_DIR$|PORT$|WORKER_HTTP_PORT$|HOST$|PUBLIC_URL$|DEMO_TENANT_ALIAS$)/.test(
        name,
      )
    )
      continue;
    env[name] = value;
  }
  // The SFTP server on a free port unless a test names one (several launchers may run at once).
  return { ...env, SFTP_PORT: '0', ...extra };
}

/**
 * Spawns the launcher in a process group of its own, so cleanup can kill what is left of it: tsx, or
 * with viaNpm `npm start` itself (npm, sh, tsx, node). Resolves once the ready line is printed; rejects
 * with everything printed when the process exits first or START_TIMEOUT_MS pass.
 */
export function startLauncher(
  env: NodeJS.ProcessEnv,
  started: ChildProcess[],
  options: { viaNpm?: boolean } = {},
): Promise<Launcher> {
  const [command, args] = options.viaNpm ? ['npm', ['start']] : [TSX, ['services/launcher/main.ts']];
  const child = spawn(command, args, {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  const output = () => ({ stdout, stderr });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise<Launcher>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`${why}\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`));
    };
    const timer = setTimeout(
      () => fail(`the launcher printed no ready line within ${START_TIMEOUT_MS} ms`),
      START_TIMEOUT_MS,
    );
    child.once('error', (err) => fail(`the launcher could not be spawned: ${err.message}`));
    void exited.then(({ code, signal }) =>
      fail(`the launcher exited (code ${code}, signal ${signal}) before it was ready`),
    );
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const line = stdout.split('\n').find((l) => l.startsWith('{"event":"ready"'));
      if (!line) return;
      clearTimeout(timer);
      try {
        resolve({ child, ready: JSON.parse(line) as ReadyLine, output, exited });
      } catch (err) {
        fail(`the ready line is not JSON: ${(err as Error).message}`);
      }
    });
  });
}

/** The README's Quick start GraphQL call with a demo key; a failure shows the launcher's warnings and errors. */
export async function expectDemoTenantQuery(launcher: Launcher, apiKey: string) {
  const res = await postJson(
    launcher.ready.graphqlUrl,
    { query: '{ tenant { alias mode } }' },
    { authorization: basic(apiKey) },
  );
  const expected = { status: 200, body: { data: { tenant: { alias: 'demo', mode: 'LIVE' } } } };
  if (res.status !== 200) {
    const problems = launcher
      .output()
      .stdout.split('\n')
      .filter((l) => /"level":[456]0/.test(l));
    throw new Error(
      `GraphQL answered ${res.status} ${res.text}\nlauncher warnings/errors:\n${problems.join('\n')}`,
    );
  }
  expect({ status: res.status, body: res.json }).toEqual(expected);
}

/** Resolves with the exit of a launcher, or rejects naming its output after STOP_TIMEOUT_MS. */
export async function awaitExit(launcher: Launcher, after: string) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const { stdout, stderr } = launcher.output();
      reject(
        new Error(
          `the launcher did not exit within ${STOP_TIMEOUT_MS} ms of ${after}\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`,
        ),
      );
    }, STOP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([launcher.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** SIGTERM to the launcher (tsx passes it on to the script); its exit, or a failure naming the output. */
export async function stopLauncher(launcher: Launcher) {
  const t0 = Date.now();
  launcher.child.kill('SIGTERM');
  const result = await awaitExit(launcher, 'SIGTERM');
  return { ...result, ms: Date.now() - t0 };
}

/** Whether a process runs (a zombie, exited but not yet reaped by its parent, does not). Linux /proc. */
export function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Waits until none of the processes runs; resolves with those still running after timeoutMs. */
export async function stillRunningAfter(pids: number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const running = pids.filter(isRunning);
    if (running.length === 0 || Date.now() > deadline) return running;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Processes of a process group that still run (zombies excluded: tsx's esbuild service is reparented to
 * init when tsx exits and lingers as a zombie until init reaps it). Linux /proc.
 */
export function liveGroupMembers(pgid: number): string[] {
  const members: string[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // pid (comm) state ppid pgrp ...; comm may contain spaces and parentheses
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z')
      members.push(`${entry} ${stat.slice(stat.indexOf('('), stat.lastIndexOf(')') + 1)}`);
  }
  return members;
}

/**
 * Kills what is still running of a spawned launcher: its process group, and the servers it reported
 * (they run in groups of their own under watchdogs, which a failed test may have left).
 */
export async function killTree(child: ChildProcess, extraGroups: number[] = []): Promise<void> {
  if (child.pid === undefined) return;
  const groups = [child.pid, ...extraGroups];
  const alive = () => groups.some((pgid) => liveGroupMembers(pgid).length > 0);
  for (const pgid of groups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  for (let i = 0; i < 50 && alive(); i += 1) await new Promise((r) => setTimeout(r, 100));
}

/** Process ids a launcher reported: the launcher and each server and watchdog it runs. */
export function reportedPids(ready: ReadyLine): number[] {
  const { launcher, temporal, postgres } = ready.processes;
  return [launcher, ...[temporal, postgres].flatMap((p) => (p ? [p.pid, p.watchdogPid] : []))];
}

/** The launcher's log lines (pino JSON) with the given message. */
export function logLines(launcher: Launcher, msg: string): Record<string, unknown>[] {
  return launcher
    .output()
    .stdout.split('\n')
    .filter((l) => l.startsWith('{"level"'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === msg);
}

/** The launcher's first log line with this message, waiting for it up to timeoutMs. */
export async function waitForLogLine(launcher: Launcher, msg: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [line] = logLines(launcher, msg);
    if (line) return line;
    if (Date.now() > deadline)
      throw new Error(
        `the launcher did not log "${msg}" within ${timeoutMs} ms\n${launcher.output().stdout}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}
