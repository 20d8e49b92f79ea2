/**
 * The node test environment with this process's Date and error classes in the test's global scope: code
 * under test is shared by the test files of a jest worker and runs in the process's own realm
 * (shared-modules-runtime.js). The database driver checks `instanceof Date` against this Date, and a
 * test's `toThrow(TypeError)` or `toBeInstanceOf(Error)` meets the errors that code throws.
 */
const SHARED_GLOBALS = ['Date', 'Error', 'TypeError', 'RangeError', 'SyntaxError', 'AggregateError'];

const { TestEnvironment } = require('jest-environment-node');
const { installExitReport } = require('./exit-report');

class SharedModulesEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of SHARED_GLOBALS) this.global[name] = globalThis[name];
    installExitReport();
  }
}

module.exports = SharedModulesEnvironment;
