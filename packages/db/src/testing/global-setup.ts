import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { createDataSource } from '../data-source.factory';
import { TEST_ADMIN_URL_ENV, TEST_TEMPLATE_ENV, adminQuery, withDatabase } from './test-database';

const holder = globalThis as { __vigilTestDbHost?: ChildProcess };

/**
 * Jest global setup: the PostgreSQL server at DATABASE_URL when set (CI), otherwise an embedded server under
 * `.vigil/test` run by the same db-host process `npm start` uses. Migrations run once into a template
 * database; every test file copies it (`createTestDatabase`).
 */
export default async function globalSetup(): Promise<void> {
  // Each jest project that needs the database names this setup; the first one prepares the run, the others reuse it.
  if (process.env[TEST_TEMPLATE_ENV]) return;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    adminUrl = await startEmbedded(resolve(process.env.VIGIL_TEST_DATA_DIR ?? join(process.cwd(), '.vigil', 'test')));
    process.env.VIGIL_TEST_DATABASE_KIND = 'embedded';
  } else {
    process.env.VIGIL_TEST_DATABASE_KIND = 'server';
  }
  const template = `vigil_t${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  process.env[TEST_ADMIN_URL_ENV] = adminUrl;
  process.env[TEST_TEMPLATE_ENV] = template;
  await adminQuery(`CREATE DATABASE "${template}"`);
  const ds = createDataSource({ url: withDatabase(adminUrl, template), poolSize: 1 });
  await ds.initialize();
  await ds.runMigrations({ transaction: 'all' });
  await ds.destroy();
}

function startEmbedded(dataDir: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, VIGIL_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const child = fork(join(__dirname, '..', 'bin', 'db-host.js'), [], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  holder.__vigilTestDbHost = child;
  return new Promise((resolveUrl, reject) => {
    child.once('message', (m: { url: string }) => resolveUrl(m.url));
    child.once('exit', (code) => reject(new Error(`embedded test database failed to start (exit ${code})`)));
  });
}
