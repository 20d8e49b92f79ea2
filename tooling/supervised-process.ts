import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

/**
 * Servers the launcher starts (the Temporal dev server, an embedded PostgreSQL) must never outlive it,
 * however it ends. Linux has no parent-death signal that Node can ask for, and a process group alone is
 * not enough (a SIGKILL to the launcher alone signals nothing else), so each server runs under a small
 * watchdog (watchdog.js): a plain `node` process that holds the read end of a pipe whose write end only
 * this process holds (libuv opens it close-on-exec, so no other child inherits it). When this process
 * ends, for any reason, the kernel closes that end, the watchdog reads end-of-file and stops the server:
 * its stop signal first, SIGKILL to its process group after a grace period. Closing the pipe on purpose
 * is also how a graceful stop is asked for, so there is one stop path.
 *
 * The watchdog runs in a session of its own and the server in another: Ctrl-C in a terminal and a SIGKILL
 * to the launcher's process group reach neither directly; the launcher stops them after the gateway and
 * worker have drained, or the watchdog does once the launcher is gone. If the watchdog itself is killed,
 * this process kills the server's group (it is then unsupervised) and reports it as exited. The server's
 * output goes to a log file, never to a pipe that may have no reader.
 */

const WATCHDOG = path.join(__dirname, 'watchdog.js');
/** A log file larger than this at start is renamed to *.old (one generation kept). */
const LOG_ROTATE_BYTES = 16 * 1024 * 1024;

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SupervisedProcess {
  name: string;
  /** The server's process id (the leader of its own process group). */
  pid: number;
  watchdogPid: number;
  logFile: string;
  /** Settles once the server has exited, whatever the reason. */
  exited: Promise<ProcessExit>;
  hasExited(): boolean;
  /** Stop signal, SIGKILL to its process group after the grace period; resolves once it is gone. */
  stop(): Promise<void>;
}

export interface SupervisedSpec {
  /** For messages, e.g. "Temporal dev server". */
  name: string;
  command: string;
  args: string[];
  logFile: string;
  stopSignal: NodeJS.Signals;
  graceMs: number;
  /** Run as this user and group (root starting PostgreSQL as `postgres`). */
  uid?: number;
  gid?: number;
}

export function describeExit(exit: ProcessExit): string {
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}

function prepareLogFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    if (fs.statSync(file).size > LOG_ROTATE_BYTES) fs.renameSync(file, `${file}.old`);
  } catch {
    // no log yet
  }
}

/** The last lines of a log file, to explain a server that would not start. */
export function tailOfLog(file: string, lines = 20): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.split('\n').filter(Boolean).slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Starts spec.command under a watchdog; resolves once it runs (not once it answers: callers probe). */
export function spawnSupervised(spec: SupervisedSpec): Promise<SupervisedProcess> {
  prepareLogFile(spec.logFile);
  const logFd = fs.openSync(spec.logFile, 'a');
  const watchdog = (() => {
    try {
      return spawn(process.execPath, [WATCHDOG, JSON.stringify(spec)], {
        stdio: ['pipe', 'pipe', logFd],
        detached: true,
      });
    } finally {
      fs.closeSync(logFd);
    }
  })();
  watchdog.stdin!.on('error', () => undefined); // the watchdog may be gone when we close the pipe

  let pid: number | undefined;
  let exit: ProcessExit | undefined;
  let resolveExited!: (exit: ProcessExit) => void;
  const exited = new Promise<ProcessExit>((resolve) => (resolveExited = resolve));
  const settle = (value: ProcessExit) => {
    if (exit) return;
    exit = value;
    resolveExited(value);
  };

  return new Promise<SupervisedProcess>((resolve, reject) => {
    const lines = readline.createInterface({ input: watchdog.stdout! });
    lines.on('line', (line) => {
      let message: { pid?: number; error?: string; exit?: ProcessExit };
      try {
        message = JSON.parse(line) as typeof message;
      } catch {
        return;
      }
      if (message.error) reject(new Error(`${spec.name} could not be started: ${message.error}`));
      if (message.exit) settle(message.exit);
      if (message.pid !== undefined && pid === undefined) {
        pid = message.pid;
        resolve(handle(pid));
      }
    });
    watchdog.once('error', (err) =>
      reject(new Error(`${spec.name}: its watchdog did not start: ${err.message}`)),
    );
    // 'close', not 'exit': it comes after the last line the watchdog wrote has been read.
    watchdog.once('close', (code, signal) => {
      if (pid === undefined) {
        reject(
          new Error(
            `${spec.name}: its watchdog exited (code ${code}, signal ${signal}); see ${spec.logFile}`,
          ),
        );
        return;
      }
      // Without its watchdog the server would run unsupervised: end it (a no-op when it has exited).
      if (!exit) killGroup(pid, 'SIGKILL');
      settle(exit ?? { code: null, signal: 'SIGKILL' });
    });
  });

  function handle(serverPid: number): SupervisedProcess {
    let stopping: Promise<void> | undefined;
    return {
      name: spec.name,
      pid: serverPid,
      watchdogPid: watchdog.pid!,
      logFile: spec.logFile,
      exited,
      hasExited: () => exit !== undefined,
      stop() {
        stopping ??= (async () => {
          if (exit) return;
          watchdog.stdin!.end();
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), spec.graceMs + 5000)));
          const outcome = await Promise.race([exited, late]);
          clearTimeout(timer);
          if (outcome === 'late') {
            killGroup(serverPid, 'SIGKILL');
            watchdog.kill('SIGKILL');
            await exited;
          }
        })();
        return stopping;
      },
    };
  }
}

/** A server this process started and can start again; stop() also waits for a restart in progress. */
export interface RestartableServer {
  readonly name: string;
  /** Its current process (a restart replaces it). */
  readonly process: SupervisedProcess;
  /** Starts it again after it stopped; resolves once it answers. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** start() spawns the server and resolves once it answers (stopping it and throwing when it does not). */
export async function startRestartable(
  name: string,
  start: () => Promise<SupervisedProcess>,
): Promise<RestartableServer> {
  let current = await start();
  let restarting: Promise<void> | undefined;
  return {
    name,
    get process() {
      return current;
    },
    restart() {
      restarting ??= start().then(
        (next) => {
          current = next;
          restarting = undefined;
        },
        (err: unknown) => {
          restarting = undefined;
          throw err;
        },
      );
      return restarting;
    },
    async stop() {
      await restarting?.catch(() => undefined);
      await current.stop();
    },
  };
}
