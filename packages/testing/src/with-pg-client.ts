import { Client } from 'pg';

/** One PostgreSQL connection for `fn` (seeding rows, checking what was stored), closed afterwards. */
export async function withPgClient<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
