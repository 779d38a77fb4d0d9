/** The whole suite: every app and package as a jest project (see jest.preset.js). */
const { runOptions } = require('./jest.preset');

/** @type {import('jest').Config} */
module.exports = {
  ...runOptions,
  projects: ['apps/api', 'apps/admin', 'packages/auth', 'packages/client', 'packages/contracts', 'packages/db', 'packages/engine', 'packages/kb-import', 'packages/platform'].map(
    (p) => `<rootDir>/${p}`,
  ),
};
