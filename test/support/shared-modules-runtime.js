/**
 * The jest runtime of the projects that start servers (integration, browser, faults, slow): a test file
 * and the test helpers run in jest's module registry as usual, but the code under test (shared/,
 * services/, activities/, workflows/, clients/) and every package are loaded once per jest worker process
 * by Node's own require and shared by the files that process runs.
 *
 * Jest evaluates every module again for each test file. Our test files all load the same application
 * graph (about 2,400 modules with Temporal, knex, GraphQL and the processors), which cost 0.6 s of CPU
 * per file and kept a copy of it per file in the worker's heap; the native Temporal core also started a
 * runtime of its own per file. Sharing is safe for this code: it keeps no state between calls that a
 * test relies on being fresh (what it does keep, such as client bundles and the GraphQL schema, is the
 * same for every file).
 *
 * A file that mocks modules or fakes timers gets jest's isolated registry for everything, as before (code
 * in Node's realm would keep the real ones). The test environment (shared-modules-environment.js) gives
 * test code this process's Date and error classes.
 */
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const { default: Runtime } = require('jest-runtime');
const { installTypeScriptHook } = require('./typescript-hook');

const ROOT = path.resolve(__dirname, '..', '..');
const TEST_DIR = path.join(ROOT, 'test') + path.sep;

/**
 * Packages a test drives itself with values made in its own realm, or that need the DOM globals a test
 * defines: loaded from a test file, they stay in jest's registry (the application's own use still shares).
 * The Braintree SDK takes a test's arrays for objects (it checks their constructor).
 */
const TEST_REALM_PACKAGES = ['braintree', '@saasquatch/squatch-js'];

/** Whether a test file mocks modules or fakes timers: it then keeps jest's registry for every module. */
function isolates(testPath) {
  return /\bjest\.(mock|doMock|unstable_mockModule|isolateModules|useFakeTimers)\(/.test(
    fs.readFileSync(testPath, 'utf8'),
  );
}

class SharedModulesRuntime extends Runtime {
  constructor(config, environment, resolver, transformer, cacheFS, coverageOptions, testPath, globalConfig) {
    super(config, environment, resolver, transformer, cacheFS, coverageOptions, testPath, globalConfig);
    this.sharing = !isolates(testPath);
    if (this.sharing) installTypeScriptHook();
  }

  requireModuleOrMock(from, moduleName) {
    if (this.sharing && !moduleName.startsWith('node:') && !Module.isBuiltin(moduleName)) {
      const resolved = this.sharedPath(from, moduleName);
      if (resolved) return require(resolved);
    }
    return super.requireModuleOrMock(from, moduleName);
  }

  /** The file a shared module resolves to, or undefined for one that stays in jest's registry. */
  sharedPath(from, moduleName) {
    if (moduleName === '@jest/globals' || moduleName.startsWith('@jest/') || moduleName === 'expect')
      return undefined;
    let resolved;
    try {
      resolved = Module.createRequire(from).resolve(moduleName);
    } catch {
      return undefined; // jest's resolver reports it
    }
    if (!path.isAbsolute(resolved)) return undefined;
    // Test files and helpers use jest's globals (expect, beforeAll): they stay in the registry.
    if (resolved.startsWith(TEST_DIR)) return undefined;
    if (
      TEST_REALM_PACKAGES.some((name) =>
        resolved.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`),
      )
    )
      return undefined;
    return resolved;
  }
}

module.exports = SharedModulesRuntime;
