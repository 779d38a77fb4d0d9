/**
 * Shared jest settings. Every app and package has its own jest.config.js built by `project()`, so a team runs only
 * its own tests (`pnpm --filter @vigil/engine test`, or `turbo run test --filter=...`); the root jest.config.js runs
 * them all as projects. Pure packages (contracts, auth, engine, kb-import, client) get no database setup and run
 * without PostgreSQL; the others share one embedded or CI PostgreSQL per run.
 */
const { join } = require('node:path');

const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

/** @returns {import('jest').Config} */
function project(dir, { database }) {
  return {
    displayName: require(join(dir, 'package.json')).name,
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    modulePathIgnorePatterns: ['<rootDir>/dist/'],
    transform: { '^.+\\.(t|j|mj)s$': ['@swc/jest', swc] },
    // NestJS 12 and a few dependencies are ESM-only; swc turns them into CommonJS for jest.
    transformIgnorePatterns: [],
    setupFiles: ['reflect-metadata'],
    ...(database
      ? {
          globalSetup: join(__dirname, 'packages/db/dist/testing/global-setup.js'),
          globalTeardown: join(__dirname, 'packages/db/dist/testing/global-teardown.js'),
        }
      : {}),
  };
}

/** Options jest only reads at the top level of a run (not per project). */
const runOptions = {
  maxWorkers: 2,
  // A run-level option: jest ignores it in a project's config.
  // Generous so a loaded 2-core CI machine (several e2e suites starting apps at once) does not fail a hook on time alone;
  // a hang still fails, and no test asserts on speed.
  testTimeout: 90000,
  reporters: ['default', join(__dirname, 'scripts/summary-reporter.js')],
};

module.exports = { project, runOptions };
