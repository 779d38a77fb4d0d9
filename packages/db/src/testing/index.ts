export { createEmptyDatabase, createTestDatabase, withDatabase, type TestDatabase } from './test-database';
