import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT } from '../../shared/config';
import { TYPESCRIPT_NODE } from './typescript-process';

/**
 * A service (the worker or the gateway) as its own process, for tests that kill it with SIGKILL. The
 * child is detached into a process group of its own and the whole group is killed (another runtime may
 * run the service in a grandchild, as tsx does).
 */
export interface ServiceProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far (JSON log lines). */
  output(): string;
  /** The gateway's port, from its "gateway listening" line (undefined for the worker). */
  port: number | undefined;
  /** SIGKILL to the process group; resolves once the process is gone. */
  kill(): Promise<void>;
  running(): boolean;
}

const READY: Record<'worker' | 'gateway', string> = {
  worker: '"msg":"worker running"',
  gateway: '"msg":"gateway listening"',
};

export function startServiceProcess(
  service: 'worker' | 'gateway',
  env: Record<string, string>,
  timeoutMs = 90_000,
  /**
   * The entry point, relative to the root: the worker's runs the production worker with the test run's
   * workflow bundle (test/helpers/worker-main.ts), the gateway's is services/gateway/main.ts.
   */
  script = service === 'worker' ? 'test/helpers/worker-main.ts' : `services/${service}/main.ts`,
  /** Another runtime and its flags (the built code under Node 24); default TypeScript through swc. */
  runtime: { command: string; args: string[] } = TYPESCRIPT_NODE,
): Promise<ServiceProcess> {
  const child = spawn(runtime.command, [...runtime.args, script], {
    cwd: PROJECT_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  const running = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (running()) process.kill(-child.pid!, 'SIGKILL');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void kill();
      reject(new Error(`${service} not running after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${service} exited (${code}) before it ran:\n${output}`));
    };
    let ready = false;
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      // Past readiness only the tail is kept (a busy worker logs a lot).
      output = ready ? (output + d.toString()).slice(-65_536) : output + d.toString();
      if (ready) return;
      const at = output.indexOf(READY[service]);
      const end = at < 0 ? -1 : output.indexOf('\n', at);
      if (end < 0) return;
      ready = true;
      const line = output.slice(output.lastIndexOf('\n', at) + 1, end);
      const port = service === 'gateway' ? Number(/"port":(\d+)/.exec(line)?.[1]) : undefined;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve({ child, output: () => output, port, kill, running });
    });
    child.once('exit', onExit);
  });
}
