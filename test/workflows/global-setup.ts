import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, type BundleOptions } from '@temporalio/worker';
import { PROJECT_ROOT } from '../../shared/config';
import { createLogger } from '../../shared/logger';
import { workflowBundleOptions } from '../../services/worker/workflow-bundle';
import { findOrInstallTemporalTestServer } from '../../tooling/temporal-test-server';

/**
 * Once per run of the workflow tests (jest project `workflows`): the pinned time-skipping test server
 * (installed into .tools/ on first use) and two workflow bundles, which test files read from TEST_*
 * variables (test/helpers/time-skipping.ts):
 * - today's, built exactly as the worker builds it (services/worker/workflow-bundle.ts);
 * - "before", the same code with @temporalio/workflow's `patched` able to answer false for the patches a
 *   run names (support/workflow-before-patches.ts): the old side of each patch.
 * No PostgreSQL and no dev server: the activities are the tests' own.
 */
export default async function globalSetup(): Promise<void> {
  const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'warn', name: 'workflow-tests' });
  const stateDir = path.join(PROJECT_ROOT, '.data', 'test');
  fs.mkdirSync(stateDir, { recursive: true });
  const server = await findOrInstallTemporalTestServer(path.join(PROJECT_ROOT, '.tools'), logger);

  const quiet = () => undefined;
  const bundle = async (name: string, extra: Pick<BundleOptions, 'webpackConfigHook'> = {}) => {
    const { code } = await bundleWorkflowCode({
      ...workflowBundleOptions(),
      ...extra,
      logger: { log: quiet, trace: quiet, debug: quiet, info: quiet, warn: quiet, error: console.error },
    });
    const file = path.join(stateDir, `workflow-bundle-${name}-${process.pid}.js`);
    fs.writeFileSync(file, code);
    return file;
  };
  const today = await bundle('today');
  const shim = require.resolve('./support/workflow-before-patches');
  const before = await bundle('before-patches', {
    webpackConfigHook: (config) => {
      const alias = config.resolve?.alias;
      if (!alias || Array.isArray(alias))
        throw new Error('the bundler no longer keeps resolve.alias as an object');
      // `$`: the bare specifier only, so the shim's own import of @temporalio/workflow/lib/index is the real one.
      alias['@temporalio/workflow$'] = shim;
      return config;
    },
  });

  process.env.TEST_TIME_SKIPPING_SERVER = server;
  process.env.TEST_WORKFLOWS_TODAY = today;
  process.env.TEST_WORKFLOWS_BEFORE_PATCHES = before;
  (globalThis as Record<string, unknown>).__workflowTestsTeardown = () => {
    for (const file of [today, before]) fs.rmSync(file, { force: true });
  };
}
