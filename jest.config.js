/**
 * The suite in six projects, each runnable on its own (`jest --selectProjects browser`, or by path):
 * - unit: pure logic, no servers (`jest test/unit` starts neither PostgreSQL nor Temporal);
 * - workflows: the workflows on Temporal's time-skipping test server with the tests' own activities
 *   (test/workflows; its own global setup: no PostgreSQL, no dev server);
 * - integration: the real gateway, worker, PostgreSQL and Temporal (test/integration, test/replay);
 * - browser: a real Chromium against the real services (test/browser);
 * - faults: crashes, restarts and cut connections (test/faults and the webhook fault suites);
 * - slow: whole programs started as a user would (fuzzing, the SDK package, the CLIs, the launcher).
 * The projects that need servers share one Temporal dev server and one fresh database, started once
 * (test/global-setup.ts). `npm test` runs them all.
 */
// ES-module-only packages that graphql-codegen requires (test/unit/codegen-fresh.test.ts): Jest's CommonJS
// runtime cannot require them as Node does, so they are compiled to CommonJS like the sources.
const ESM_PACKAGES = ['auto-bind'];
const transform = {
  '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' } }],
  [`/node_modules/(${ESM_PACKAGES.join('|')})/.+\\.js$`]: [
    '@swc/jest',
    { jsc: { target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};
const common = {
  testEnvironment: 'node',
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
  modulePathIgnorePatterns: ['<rootDir>/.data', '<rootDir>/.tools', '<rootDir>/dist'],
};
// The server projects share the code under test between the files of a jest worker (test/support/).
const withServers = {
  ...common,
  runtime: '<rootDir>/test/support/shared-modules-runtime.js',
  testEnvironment: '<rootDir>/test/support/shared-modules-environment.js',
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
};
const FAULTS = ['<rootDir>/test/faults/', '<rootDir>/test/integration/webhooks/webhook-faults'];
const SLOW = [
  '<rootDir>/test/integration/platform/fuzz.test.ts',
  '<rootDir>/test/integration/sdk/sdk-package.test.ts',
  '<rootDir>/test/integration/tenants/tenant-cli.test.ts',
  '<rootDir>/test/integration/operators/operator-cli.test.ts',
  '<rootDir>/test/integration/platform/launcher',
  '<rootDir>/test/integration/platform/production-build.test.ts',
];

module.exports = {
  // A global option: jest ignores it inside a project.
  testTimeout: 60000,
  // Longest files first, from jest's cache or else a recorded run (test/support/sequencer.js).
  testSequencer: '<rootDir>/test/support/sequencer.js',
  // Four, on two cores: many files wait (outages, retries, timers, restarts), and with three workers all
  // three sometimes waited at once (the machine 7-20 % busy for half a minute). Measured on a fresh clone
  // the same evening: 459 s with four, about 500 s with three (the same CPU in all, about 1,000 CPU-s).
  maxWorkers: 4,
  // After its last file a worker's event loop is empty within milliseconds (exit-report.js logs it), but
  // the process is not gone yet: the kernel frees its address space, about 80 ms per GB of resident
  // memory on an idle core, and a server-project worker holds about 1.7 GB. Measured from jest's end
  // message to the worker's exit: 130-260 ms with the cores idle; with three workers and Chromium ending
  // together on two cores it passed jest's default 500 ms in about half the runs, which jest reports as
  // "failed to exit gracefully" (it is not a leaked handle: exit-report.js names any left after 400 ms).
  workerGracefulExitTimeout: 5000,
  watchPathIgnorePatterns: ['<rootDir>/.data', '<rootDir>/.tools'],
  projects: [
    { ...common, displayName: 'unit', roots: ['<rootDir>/test/unit'], testMatch: ['**/*.test.ts'] },
    {
      ...common,
      displayName: 'workflows',
      roots: ['<rootDir>/test/workflows'],
      testMatch: ['**/*.test.ts'],
      globalSetup: '<rootDir>/test/workflows/global-setup.ts',
      globalTeardown: '<rootDir>/test/workflows/global-teardown.ts',
    },
    {
      ...withServers,
      displayName: 'integration',
      roots: ['<rootDir>/test/integration', '<rootDir>/test/replay'],
      setupFilesAfterEnv: ['<rootDir>/test/support/ledger-check.ts'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: [...FAULTS, ...SLOW],
    },
    {
      ...withServers,
      displayName: 'browser',
      roots: ['<rootDir>/test/browser'],
      testMatch: ['**/*.test.ts'],
    },
    {
      ...withServers,
      displayName: 'faults',
      roots: ['<rootDir>/test/faults', '<rootDir>/test/integration'],
      setupFilesAfterEnv: ['<rootDir>/test/support/ledger-check.ts'],
      testMatch: [
        '<rootDir>/test/faults/**/*.test.ts',
        '<rootDir>/test/integration/webhooks/webhook-faults*.test.ts',
      ],
    },
    {
      ...withServers,
      displayName: 'slow',
      roots: ['<rootDir>/test/integration'],
      testMatch: SLOW.map((p) => (p.endsWith('.ts') ? p : `${p}*.test.ts`)),
    },
  ],
};
