import { Client } from 'pg';
import type { ChildProcess } from 'node:child_process';
import { TEST_ADMIN_URL_ENV, TEST_TEMPLATE_ENV } from './test-database';

/** Drops the run's template and any test databases left behind, then stops the embedded server if we started it. */
export default async function globalTeardown(): Promise<void> {
  // Several jest projects name this teardown; the first to run cleans up, the rest find nothing to do.
  const template = process.env[TEST_TEMPLATE_ENV];
  delete process.env[TEST_TEMPLATE_ENV];
  const adminUrl = process.env[TEST_ADMIN_URL_ENV];
  if (template && adminUrl) {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${template}%`]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  }
  const host = (globalThis as { __vigilTestDbHost?: ChildProcess }).__vigilTestDbHost;
  if (host && host.exitCode === null) {
    await new Promise<void>((resolve) => {
      host.once('exit', () => resolve());
      host.kill('SIGTERM');
    });
  }
}
