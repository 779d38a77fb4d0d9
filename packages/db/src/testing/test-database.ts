import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Set by the jest global setup: a maintenance URL on the test server and the migrated template's name. */
export const TEST_ADMIN_URL_ENV = 'VIGIL_TEST_ADMIN_URL';
export const TEST_TEMPLATE_ENV = 'VIGIL_TEST_TEMPLATE';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: requireEnv(TEST_ADMIN_URL_ENV) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, fully migrated database for one test file, copied from the template the global setup migrated.
 * Nothing leaks between files; `drop()` removes it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = requireEnv(TEST_TEMPLATE_ENV);
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  return {
    name,
    url: withDatabase(requireEnv(TEST_ADMIN_URL_ENV), name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run tests through jest (npm test), whose global setup prepares the database`);
  return value;
}

/**
 * An empty database (no migrations), for tests that migrate step by step: a migration tested on a populated
 * database. `drop()` removes it.
 */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  const name = `${requireEnv(TEST_TEMPLATE_ENV)}_e${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  return {
    name,
    url: withDatabase(requireEnv(TEST_ADMIN_URL_ENV), name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
