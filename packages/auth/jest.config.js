const { project, runOptions } = require('../../jest.preset');

/** Pure package: no database. */
module.exports = { ...runOptions, ...project(__dirname, { database: false }) };
