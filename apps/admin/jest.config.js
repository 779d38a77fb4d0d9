const { project, runOptions } = require('../../jest.preset');

/** Needs PostgreSQL (embedded unless DATABASE_URL is set). */
module.exports = { ...runOptions, ...project(__dirname, { database: true }) };
