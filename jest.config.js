/** The whole suite: every app and package as a jest project (see jest.preset.js). */
const { join } = require('node:path');
const { project, runOptions } = require('./jest.preset');

/** Apps and packages whose tests need PostgreSQL; the others are pure. */
const DATABASE = new Set(['apps/api', 'apps/admin', 'packages/db', 'packages/platform']);
const PROJECTS = ['apps/api', 'apps/admin', 'packages/auth', 'packages/client', 'packages/contracts', 'packages/db', 'packages/engine', 'packages/kb-import', 'packages/platform'];

/** @type {import('jest').Config} */
module.exports = {
  ...runOptions,
  // Inline project configs (the packages' own jest.config.js add the run options, which jest only accepts at the top).
  projects: PROJECTS.map((p) => project(join(__dirname, p), { database: DATABASE.has(p) })),
};
