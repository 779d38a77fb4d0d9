/** One jest run for the whole monorepo: unit specs beside the code, e2e specs under each app's test/. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/packages'],
  testMatch: ['**/src/**/*.spec.ts', '**/test/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/.*\\.spec'],
  transform: { '^.+\\.(t|j|mj)s$': ['@swc/jest', swc] },
  // NestJS 12 and a few dependencies are ESM-only; swc turns them into CommonJS for jest.
  transformIgnorePatterns: [],
  setupFiles: ['reflect-metadata'],
  globalSetup: '<rootDir>/packages/db/dist/testing/global-setup.js',
  globalTeardown: '<rootDir>/packages/db/dist/testing/global-teardown.js',
  maxWorkers: 2,
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/scripts/summary-reporter.js'],
};
