import path from 'node:path';
import type { Logger } from '../shared/logger';
import { freePort } from '../shared/http';
import {
  findOrInstallPythonTool,
  runCommand,
  type InstalledPythonTool,
  type PythonToolSpec,
} from './python-tool';
import { spawnSupervised, tailOfLog, describeExit } from './supervised-process';

/**
 * Pinned localstripe (PyPI `localstripe`, a stateful fake of Stripe's API that is not ours), installed with
 * its Python dependencies (aiohttp, python-dateutil) into .tools/ on first use. The Stripe stand-in's
 * front (services/processor-sandbox/stripe/) proxies to it what it covers.
 */
export const LOCALSTRIPE_VERSION = '1.15.10';

const LOCALSTRIPE: PythonToolSpec = {
  label: 'localstripe',
  distribution: 'localstripe',
  version: LOCALSTRIPE_VERSION,
  executable: 'bin/localstripe',
  // Its dependencies as resolved on 2026-11-29 (localstripe asks only aiohttp>=2.3.2, python-dateutil>=2.6.1).
  pins: [
    'aiohttp==3.14.5',
    'aiohappyeyeballs==2.7.1',
    'aiosignal==1.4.0',
    'attrs==26.1.0',
    'frozenlist==1.8.0',
    'idna==3.20',
    'multidict==7.2.1',
    'propcache==0.5.4',
    'python-dateutil==4.0.0',
    'typing_extensions==4.16.0',
    'tzdata==2026.6',
    'yarl==1.25.1',
  ],
  works: async (executable, env) => {
    // The pip-made script names the python3 that installed it; --help imports the server and aiohttp.
    const result = await runCommand('python3', [executable, '--help'], 30_000, env);
    return result.status === 0 && result.stdout.includes('--from-scratch');
  },
};

/**
 * localstripe under toolsDir (`.tools/localstripe-<version>/`), installed on first use. The tests' global
 * setup calls it once, so test files starting localstripe side by side never install it concurrently.
 */
export function findOrInstallLocalstripe(toolsDir: string, logger: Logger): Promise<InstalledPythonTool> {
  return findOrInstallPythonTool(toolsDir, LOCALSTRIPE, logger);
}

export interface LocalstripeServer {
  /** e.g. http://127.0.0.1:8420 */
  url: string;
  port: number;
  /** Stops it (SIGTERM, SIGKILL after a grace period); resolves once it is gone. */
  close(): Promise<void>;
}

export interface LocalstripeOptions {
  toolsDir: string;
  logger: Logger;
  /** Default: a free port. */
  port?: number;
  /** Where its output goes. Default: <toolsDir>/../.data/logs/localstripe-<port>.log. */
  logFile?: string;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/v1/balance`, {
      headers: { authorization: 'Bearer sk_test_probe' },
      signal: AbortSignal.timeout(1000),
    });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * Runs `localstripe --port N --from-scratch` under a watchdog (tooling/supervised-process.ts), so it
 * never outlives this process, and resolves once it answers an authenticated read. localstripe keeps
 * its state in memory (and a pickle in /tmp that --from-scratch ignores on start).
 */
export async function startLocalstripe(options: LocalstripeOptions): Promise<LocalstripeServer> {
  const tool = await findOrInstallLocalstripe(options.toolsDir, options.logger);
  const port = options.port ?? (await freePort());
  const logFile =
    options.logFile ?? path.join(options.toolsDir, '..', '.data', 'logs', `localstripe-${port}.log`);
  const server = await spawnSupervised({
    name: 'localstripe',
    command: 'env',
    args: [
      `PYTHONPATH=${tool.env.PYTHONPATH ?? ''}`,
      'PYTHONDONTWRITEBYTECODE=1',
      'python3',
      tool.executable,
      '--port',
      String(port),
      '--from-scratch',
    ],
    logFile,
    stopSignal: 'SIGTERM',
    graceMs: 3000,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (!(await answers(url))) {
    const failure = server.hasExited()
      ? `exited (${describeExit(await server.exited)})`
      : Date.now() > deadline
        ? 'not answering after 30 s'
        : null;
    if (failure) {
      await server.stop();
      throw new Error(`localstripe ${failure}; the end of ${logFile}:\n${tailOfLog(logFile, 10)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  options.logger.info({ pid: server.pid, url, logFile }, 'localstripe running');
  return { url, port, close: () => server.stop() };
}
