import { withPgClient } from '@vigil/testing';

/** Changes a key the way the admin app does: update + NOTIFY in one transaction. */
export async function changeKey(url: string, keyId: string, sql: string, params: unknown[] = []): Promise<void> {
  await withPgClient(url, async (c) => {
    await c.query('BEGIN');
    await c.query(sql, [keyId, ...params]);
    await c.query(`SELECT pg_notify('vigil_key_events', $1)`, [JSON.stringify({ type: 'key', keyId })]);
    await c.query('COMMIT');
  });
}
