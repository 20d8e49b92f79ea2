/** Integration tests share one Temporal dev server and one fresh database (see test/global-setup.ts). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' } }] },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 3,
  watchPathIgnorePatterns: ['<rootDir>/.data', '<rootDir>/.tools'],
  modulePathIgnorePatterns: ['<rootDir>/.data', '<rootDir>/.tools', '<rootDir>/dist'],
};
